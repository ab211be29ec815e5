/**
 * The campaign file (issue 8): one JSON file with everything of one campaign — the campaign, its pinned rulesets,
 * players, teams, the team lists they use, the whole ledger, the games and their rolls, and the notes (issue 22) — so a club can move its
 * campaign to another laptop or keep a copy off the laptop.
 *
 * Importing is hostile-proof (docs/reliability.md rule 7, issue 16): size and depth limits and a strict schema
 * (campaign-file/schema.ts); fresh ids for every row, every reference mapped and none to a row the file did not bring
 * (remap.ts); everything checked as if typed on the screen that makes it — names, rulesets (hash recomputed, House
 * rules checks), team lists (rows.ts), ledger entries (ledger.ts), games (games.ts); then one transaction that checks
 * the result (every roster rebuilt from the ledger equals the stored one, no team owes Req, foreign keys hold) before
 * it is kept. The first problem refuses the whole file, in words.
 */
import { AppError } from '../shared/ipc/result';
import * as ledgerModule from './ledger';
import { carryOverClubOptionalRules } from './repos/rulesets';
import {
  foldRoster,
  GamePlan,
  inPlaceOrder,
  lowestBalances,
  Roster,
  type LedgerData,
  type LedgerItem,
  type ProgressionEntry,
  type TeamList,
} from '../shared/rules';
import type { Db } from './db/open';
import { insertRows } from './db/prepared';
import { campaignRulesets, campaigns, gameRolls, games, notes, players, teamLists, teams, type GameRow, type LedgerRow } from './db/schema';
import { normaliseNote } from '../shared/names';
import { eq, sql } from 'drizzle-orm';
import { findCampaignByName } from './repos/campaigns';
import { findTeamListByKey, hashList } from './repos/team-lists';
import type { CampaignFile } from './campaign-file/schema';
import { remapCampaignFile, type KnownIds } from './campaign-file/remap';
import { checkPeople, checkRulesets, checkTeamLists } from './campaign-file/rows';
import { checkLedger, type CheckedLedger } from './campaign-file/ledger';
import { checkGameSteps, drain, type CheckedGame } from './campaign-file/games';
import { compareWithStored, replayOrRefuse } from './history/judge';

export { CAMPAIGN_FILE_FORMAT, CAMPAIGN_FILE_MAX_BYTES, CampaignFile, parseCampaignFile } from './campaign-file/schema';
export { exportCampaign } from './campaign-file/export';

/** A campaign file with fresh ids, checked as the screens would check it: what importChecked writes. */
export interface CheckedCampaignFile {
  file: CampaignFile;
  campaign: CampaignFile['campaign'];
  players: CampaignFile['players'];
  teams: CampaignFile['teams'];
  lists: Map<string, TeamList>;
  ledger: CheckedLedger;
  games: Map<string, CheckedGame>;
}

/**
 * Everything about a campaign file that does not depend on this computer, checked before anything is written (and
 * before the backup an import takes): fresh ids and references (remap.ts), rulesets, team lists, names, ledger and
 * games. Throws AppError with the first problem, in words.
 */
export function checkCampaignFile(parsed: CampaignFile, newId: () => string, known?: KnownIds): CheckedCampaignFile {
  return drain(checkCampaignFileSteps(parsed, newId, known));
}

/**
 * checkCampaignFile a game at a time (checkGameSteps): yields how many games are checked, returns what it returns.
 * Before the games, `tellEntries` hears how many ledger entries are checked (without a pause: checkLedger).
 */
export function* checkCampaignFileSteps(
  parsed: CampaignFile,
  newId: () => string,
  known?: KnownIds,
  tellEntries?: (entriesChecked: number) => void,
): Generator<number, CheckedCampaignFile> {
  const file = remapCampaignFile(parsed, newId, known);
  const { rulesets } = checkRulesets(file);
  const lists = checkTeamLists(file);
  const people = checkPeople(file);
  const gameById = new Map(file.games.map((g) => [g.id, g]));
  const plans = new Map<string, GamePlan | null>();
  const planOf = (gameId: string): GamePlan | null => {
    if (!plans.has(gameId)) {
      const read = GamePlan.safeParse(gameById.get(gameId)?.plan);
      plans.set(gameId, read.success ? read.data : null);
    }
    return plans.get(gameId)!;
  };
  const ledger = checkLedger(file, rulesets, planOf, tellEntries);
  const games = yield* checkGameSteps(file, rulesets, ledger.models);
  // From here on the file is what was checked: the plans, reports and entries' data as read are let go (issue 29: at
  // ten years they are hundreds of MB, held twice through the writing).
  const checkedFile: CampaignFile = {
    ...file,
    games: file.games.map((g) => ({ ...g, ...games.get(g.id)! })),
    ledger: file.ledger.map((e, i) => ({ ...e, data: ledger.data[i] })),
  };
  return { file: checkedFile, ...people, lists, ledger, games };
}

/**
 * What this computer already holds that refuses the file: a campaign of the same name. Returns the library's list id
 * for each of the file's lists that is already here with the same contents. A list of the same id and version with
 * other contents (a list edited on one laptop, or a newer Herald's sample) does not refuse the file: importChecked
 * keeps both (docs/decisions.md, "A team list that differs between laptops").
 */
export function checkAgainstThisComputer(db: Db, checked: CheckedCampaignFile, updating?: string): Map<string, string> {
  const clash = findCampaignByName(db, checked.campaign.name);
  if (clash && clash.id !== updating)
    throw new AppError(
      'VALIDATION',
      `A campaign called “${clash.name}” is already on this computer: nothing was imported. To keep both, import the file as a copy under another name.`,
    );
  const here = new Map<string, string>();
  for (const [fileId, content] of checked.lists) {
    const existing = findTeamListByKey(db, content.id, content.listVersion);
    if (!existing) continue;
    if (existing.contentHash === hashList(content)) here.set(fileId, existing.id);
  }
  return here;
}

/** The file's list version if the library does not hold it, else "<version> (<campaign>)", numbered if need be. */
function freeListVersion(db: Db, listKey: string, listVersion: string, campaignName: string): string {
  if (!findTeamListByKey(db, listKey, listVersion)) return listVersion;
  const base = `${listVersion} (${campaignName})`.slice(0, 36);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base} ${n}`;
    if (!findTeamListByKey(db, listKey, candidate)) return candidate;
  }
}

/**
 * Write a parsed campaign file into the campaign file, in the caller's transaction, and check the result. Every row
 * gets a fresh id from `newId`. Throws AppError (and the transaction rolls back) when anything does not hold.
 * Returns the new campaign's id.
 */
export function importCampaign(db: Db, parsed: CampaignFile, newId: () => string, at: string): string {
  return importChecked(db, checkCampaignFile(parsed, newId), newId, at);
}

/**
 * The checked file as a new campaign, not the one it was exported from (issue 22 "import as a copy"): every row's
 * identity across laptops is its new id here, so a later file of the original campaign is never taken for this one.
 */
export function asCopy(checked: CheckedCampaignFile, name?: string): CheckedCampaignFile {
  const own = <T extends { originId?: string | null }>(r: T): T => ({ ...r, originId: null });
  const file = { ...checked.file, players: checked.file.players.map(own), games: checked.file.games.map(own), ledger: checked.file.ledger.map(own) };
  return {
    ...checked,
    file,
    campaign: { ...checked.campaign, originId: checked.campaign.id, ...(name === undefined ? {} : { name }) },
    players: checked.players.map(own),
    teams: checked.teams.map(own),
  };
}

/**
 * An import's writing, told as it goes (issue 31): games stored so far, then ledger entries stored so far (issue 29: a
 * ten-year ledger's ninety thousand entries take seconds), then games the history's replay has judged, then its last
 * part (`finishing`: the rosters checked and the standings worked out, seconds at ten years).
 */
export type WriteTeller = (
  p: { gamesWritten: number } | { entriesWritten: number } | { gamesJudged: number; gamesToJudge: number } | { finishing: true },
) => void;

/**
 * The file's ledger stored in slices (a fiftieth of it, at least 500 entries), each told: the same transaction, the
 * same statements, only a count between slices. Returns the rows as stored (their seq), in the file's order.
 */
function importLedgerTelling(db: Db, campaignId: string, entries: CampaignFile['ledger'], data: CheckedLedger['data'], tell?: WriteTeller): LedgerRow[] {
  const slice = Math.max(500, Math.ceil(entries.length / 50));
  const stored: LedgerRow[] = [];
  for (let from = 0; from < entries.length; from += slice) {
    const rows = entries.slice(from, from + slice).map((e, i) => ({ ...e, campaignId, data: data[from + i]! }));
    for (const row of ledgerModule.importRows(db, rows)) stored.push(row);
    tell?.({ entriesWritten: Math.min(from + slice, entries.length) });
  }
  return stored;
}

/**
 * importCampaign for a file checkCampaignFile has checked already. `tell` hears the writing's progress from inside the
 * caller's transaction (it must not touch the database).
 */
export function importChecked(db: Db, given: CheckedCampaignFile, newId: () => string, at: string, tell?: WriteTeller): string {
  // A campaign already here under the same identity is updated by importUpdate, never imported twice: a file that
  // reaches this point is a copy (the campaign here was renamed first, as before issue 22).
  const sameOrigin = db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.originId, given.campaign.originId!)).get();
  const checked = sameOrigin ? asCopy(given) : given;
  const fail = (what: string): never => {
    throw new AppError('VALIDATION', `The campaign file is inconsistent (${what}): nothing was imported.`);
  };
  const { file, campaign: c, players: playerRows, teams: teamRows, ledger, games: checkedGames } = checked;
  const listIdMap = placeTeamLists(db, checked, newId, at);
  // The games as written, which the judge below reads instead of unpacking them again (issue 29).
  const gameRows = file.games.map((g): GameRow => {
    const { setup, plan, draft, report } = checkedGames.get(g.id)!;
    return { ...g, originId: g.originId ?? null, campaignId: c.id, setup, plan, draft, report };
  });

  // The ledger as stored, each entry's data as the file check parsed it: judged and rebuilt without reading it back.
  let ledgerRows: LedgerRow[] = [];
  try {
    db.insert(campaigns).values(c).run();
    // The content exactly as pinned (its hash was recomputed from it by checkRulesets).
    for (const r of file.rulesets)
      db.insert(campaignRulesets)
        .values({ ...r, campaignId: c.id })
        .run();
    for (const p of playerRows)
      db.insert(players)
        .values({ ...p, campaignId: c.id })
        .run();
    // Rosters are the ledger module's to write (issue 18): they go in below, once checked against the ledger.
    for (const t of teamRows)
      db.insert(teams)
        .values({ ...t, roster: { models: [] }, campaignId: c.id, teamListId: listIdMap.get(t.teamListId)! })
        .run();
    // Thousands of games and rolls at ten years: one statement each, not one per row (issue 29).
    // In slices, each told: the games' plans and reports are most of the writing's time (issue 31).
    const slice = Math.max(25, Math.ceil(gameRows.length / 50));
    for (let from = 0; from < gameRows.length; from += slice) {
      insertRows(db, games, gameRows.slice(from, from + slice));
      tell?.({ gamesWritten: Math.min(from + slice, gameRows.length) });
    }
    insertRows(db, gameRolls, file.rolls);
    // Notes (issue 22) change no progression: they go in beside the ledger, checked as notes.set checks them.
    const modelIds = new Set([...ledger.models.values()].flatMap((m) => [...m]));
    for (const [i, n] of (file.notes ?? []).entries()) {
      if (n.subjectKind === 'model' && !modelIds.has(n.subjectId)) fail(`note ${i + 1} is about a model none of its teams has`);
      const text = normaliseNote(n.text);
      if (text !== '')
        db.insert(notes)
          .values({ ...n, text, campaignId: c.id })
          .run();
    }
    ledgerRows = importLedgerTelling(db, c.id, file.ledger, ledger.data, tell);
  } catch (e) {
    // A CHECK, UNIQUE or FOREIGN KEY constraint the checks above did not foresee: the file contradicts itself.
    if (e instanceof Error && 'code' in e && String((e as { code: unknown }).code).startsWith('SQLITE_CONSTRAINT'))
      fail('two of its rows contradict each other');
    throw e;
  }

  // The one judge (issue 27): the whole history replays through the rules (first: it names the game or entry that
  // does not hold), and gives what is stored once the ledger module has built it.
  const history = (problem: string): never => {
    throw new AppError('VALIDATION', `The campaign file’s history does not hold: ${problem} Nothing was imported.`);
  };
  const judgedTeller = tell && ((gamesJudged: number, gamesToJudge: number) => tell({ gamesJudged, gamesToJudge }));
  const replay = replayOrRefuse(db, c.id, history, { games: new Map(gameRows.map((g) => [g.id, g])), ledger: ledgerRows }, judgedTeller);
  tell?.({ finishing: true });
  checkWritten(db, c.id, teamRows, fail, ledgerRows);
  // Each founded roster equals its ledger (checked above): the rosters go in as the file has them. The teams'
  // projections are not in the file: they are built from the ledger just imported (issue 9).
  ledgerModule.importRosters(db, teamRows);
  ledgerModule.rebuild(db, { campaignId: c.id }, c.updatedAt, { ledger: ledgerRows, games: gameRows });
  compareWithStored(db, c.id, replay, history);
  // A file exported before optional rules became house rules (issue 6): its Club-settings switches move into its ruleset.
  carryOverClubOptionalRules(db, c.updatedAt, c.id);
  return c.id;
}

/**
 * The file's team lists in the library (the caller's transaction): an identical one reused, the rest added. One that
 * differs from the library's list of the same id and version is kept beside it under a version naming the campaign,
 * so neither laptop's teams change. Refuses a name clash with another campaign (`updating`: the campaign the file
 * updates, issue 22). Returns the library's id for each of the file's lists.
 */
export function placeTeamLists(db: Db, checked: CheckedCampaignFile, newId: () => string, at: string, updating?: string): Map<string, string> {
  const c = checked.campaign;
  const listIdMap = checkAgainstThisComputer(db, checked, updating);
  for (const [fileId, content] of checked.lists) {
    if (listIdMap.has(fileId)) continue;
    const id = newId();
    const listVersion = freeListVersion(db, content.id, content.listVersion, c.name);
    const kept = listVersion === content.listVersion ? content : { ...content, listVersion };
    db.insert(teamLists)
      .values({
        id,
        listKey: kept.id,
        faction: kept.faction,
        name: kept.name,
        listVersion,
        sample: kept.sample ?? false,
        content: kept,
        contentHash: hashList(kept),
        revision: 1,
        createdAt: at,
        updatedAt: at,
      })
      .run();
    listIdMap.set(fileId, id);
  }
  return listIdMap;
}

/**
 * The checks that make an import trustworthy, on what was written: foreign keys hold, no team ever owes Req, and each
 * founded team's roster in the file equals its ledger folded. `fail` refuses (and the transaction rolls back).
 * `written`: the campaign's whole ledger as the caller has just stored it, data parsed (a new campaign: issue 29),
 * else read here.
 */
export function checkWritten(
  db: Db,
  campaignId: string,
  teamRows: CheckedCampaignFile['teams'],
  fail: (what: string) => never,
  written?: readonly LedgerRow[],
): void {
  if (db.all(sql`PRAGMA foreign_key_check`).length > 0) fail('a row refers to something the file does not contain');
  // The campaign's ledger read and each entry's data parsed once, for both checks (issue 29: at ten years each read
  // and parse of ninety thousand entries is seconds).
  const ledger = written ?? ledgerModule.campaignLedger(db, campaignId);
  const items = new Map(
    (written ? ledgerModule.campaignLedgerItems(written, (r) => r.data as LedgerData | ProgressionEntry) : ledgerModule.campaignLedgerItems(ledger)).map(
      (item) => [item.id, item],
    ),
  );
  // In the order things happened (an amendment's entries at their game's place, as the amendment judged its Req).
  const lows = lowestBalances(inPlaceOrder(ledger).map((r, i) => ({ ...items.get(r.id)!, seq: i })));
  const teamName = new Map(teamRows.map((t) => [t.id, t.name]));
  for (const [teamId, low] of Object.entries(lows)) if (low < 0) fail(`${teamName.get(teamId) ?? 'a team'} would owe Req`);
  // Each team's entries in the order written (seq), as the ledger module folds them.
  const byTeam = new Map<string, LedgerItem[]>();
  for (const r of ledger) {
    const { data, req, voided } = items.get(r.id)!;
    (byTeam.get(r.teamId) ?? byTeam.set(r.teamId, []).get(r.teamId)!).push({ data, req, voided });
  }
  for (const t of teamRows) {
    if (t.foundedAt === null) continue;
    const rebuilt = foldRoster(byTeam.get(t.id) ?? []);
    if (JSON.stringify(rebuilt) !== JSON.stringify(Roster.parse(t.roster))) fail(`the roster of ${t.name} does not match its ledger`);
  }
}
