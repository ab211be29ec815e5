/**
 * A newer copy of a campaign already on this laptop (issue 22 hand-over), written over it in the caller's transaction.
 * The file was checked whole as if typed (checkCampaignFile, with the ids its rows already have here) and its ledger
 * found to extend this laptop's (lineage.ts). What the file brings is written: the campaign's settings, its players,
 * teams, games and their rolls, notes, the rulesets pinned since, and the ledger's new entries and voids through the
 * ledger module. Rows the file does not bring (a player added here, say) are left as they are. The result is checked
 * as an import's is (foreign keys, no team in debt, rosters equal their ledgers) and the hand-over mark cleared.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { AppError } from '../../shared/ipc/result';
import { normaliseNote } from '../../shared/names';
import type { Db } from '../db/open';
import { insertRows } from '../db/prepared';
import { campaignRulesets, campaigns, gameRolls, games, notes, players, teams } from '../db/schema';
import * as ledgerModule from '../ledger';
import { checkWritten, placeTeamLists, type CheckedCampaignFile } from '../campaign-file';
import type { KnownIds } from './remap';
import { compareWithStored, replayOrRefuse } from '../history/judge';

const refuse = (what: string): never => {
  throw new AppError('VALIDATION', `${what} Nothing was changed.`);
};

/** The ids the campaign's rows have here, by their identity across laptops: what a newer copy's rows are matched by. */
export function knownIds(db: Db, campaignId: string): KnownIds {
  const byOrigin = (rows: { id: string; originId: string | null }[]) => new Map(rows.map((r) => [r.originId ?? r.id, r.id]));
  const cols = <T extends typeof players | typeof teams | typeof games>(t: T) => ({ id: t.id, originId: t.originId });
  return {
    campaignId,
    players: byOrigin(db.select(cols(players)).from(players).where(eq(players.campaignId, campaignId)).all()),
    teams: byOrigin(db.select(cols(teams)).from(teams).where(eq(teams.campaignId, campaignId)).all()),
    games: byOrigin(db.select(cols(games)).from(games).where(eq(games.campaignId, campaignId)).all()),
    ledger: byOrigin(ledgerModule.campaignEntryMarks(db, campaignId)),
  };
}

/**
 * Write `checked` (the newer copy, with this laptop's ids where its rows are already here) over campaign
 * `campaignId`. Throws AppError (the transaction rolls back) when anything does not hold.
 */
export function updateFromFile(db: Db, checked: CheckedCampaignFile, newId: () => string, at: string): void {
  const { file, campaign: c, players: playerRows, teams: teamRows, ledger, games: checkedGames } = checked;
  const fail = (what: string): never => refuse(`The campaign file is inconsistent (${what}).`);

  // A game planned here and never in the file, under a number the file gives another game: the two cannot both be kept.
  const fileGameIds = file.games.map((g) => g.id);
  const localOnly = db
    .select({ number: games.number })
    .from(games)
    .where(and(eq(games.campaignId, c.id), fileGameIds.length > 0 ? notInArray(games.id, fileGameIds) : undefined))
    .all();
  const fileNumbers = new Set(file.games.map((g) => g.number));
  const clash = localOnly.find((g) => fileNumbers.has(g.number));
  if (clash)
    refuse(`This laptop has a game ${clash.number} the file does not have, and the file has another game ${clash.number}: discard the one here first.`);

  const listIdMap = placeTeamLists(db, checked, newId, at, c.id);
  try {
    db.update(campaigns)
      .set({
        name: c.name,
        pointsLimit: c.pointsLimit,
        diceMode: c.diceMode,
        optionalRules: c.optionalRules,
        archivedAt: c.archivedAt,
        updatedAt: c.updatedAt > at ? c.updatedAt : at,
        handedOverAt: null,
        handedOverTo: null,
      })
      .where(eq(campaigns.id, c.id))
      .run();
    // Rulesets pinned since the copies parted (lineage.ts checked that the file's list starts with this laptop's).
    const pinnedHere = db.select({ seq: campaignRulesets.seq }).from(campaignRulesets).where(eq(campaignRulesets.campaignId, c.id)).all().length;
    for (const r of file.rulesets.slice(pinnedHere))
      db.insert(campaignRulesets)
        .values({ ...r, campaignId: c.id })
        .run();
    for (const p of playerRows)
      db.insert(players)
        .values({ ...p, campaignId: c.id })
        .onConflictDoUpdate({ target: players.id, set: { name: p.name, retiredAt: p.retiredAt, updatedAt: p.updatedAt } })
        .run();
    // Rosters are the ledger module's to write (issue 18): a new team goes in empty, every roster below once checked.
    for (const t of teamRows) {
      const teamListId = listIdMap.get(t.teamListId)!;
      db.insert(teams)
        .values({ ...t, roster: { models: [] }, campaignId: c.id, teamListId })
        .onConflictDoUpdate({ target: teams.id, set: { name: t.name, playerId: t.playerId, teamListId, foundedAt: t.foundedAt, updatedAt: t.updatedAt } })
        .run();
    }
    for (const g of file.games) {
      const { setup, plan, draft, report } = checkedGames.get(g.id)!;
      const { id: _id, ...fields } = { ...g, campaignId: c.id, setup, plan, draft, report };
      db.insert(games)
        .values({ ...fields, id: g.id })
        .onConflictDoUpdate({ target: games.id, set: fields })
        .run();
    }
    // A game's rolls are the file's (checkGames: exactly its report's).
    if (fileGameIds.length > 0) db.delete(gameRolls).where(inArray(gameRolls.gameId, fileGameIds)).run();
    insertRows(db, gameRolls, file.rolls);
    // Notes change no progression: the file's note on a subject replaces the one here; notes only here stay.
    const modelIds = new Set([...ledger.models.values()].flatMap((m) => [...m]));
    for (const [i, n] of (file.notes ?? []).entries()) {
      if (n.subjectKind === 'model' && !modelIds.has(n.subjectId)) fail(`note ${i + 1} is about a model none of its teams has`);
      const text = normaliseNote(n.text);
      if (text !== '')
        db.insert(notes)
          .values({ ...n, text, campaignId: c.id })
          .onConflictDoUpdate({ target: [notes.campaignId, notes.subjectKind, notes.subjectId], set: { text, updatedAt: n.updatedAt } })
          .run();
    }
    // The ledger: entries already here keep their place (and gain the file's void marks); the rest go after them.
    const here = new Map(ledgerModule.campaignEntryMarks(db, c.id).map((e) => [e.id, e.voidedAt]));
    const voids = file.ledger.filter((e) => here.has(e.id) && here.get(e.id) === null && e.voidedAt !== null).map((e) => ({ id: e.id, at: e.voidedAt! }));
    const added = file.ledger.flatMap((e, i) => (here.has(e.id) ? [] : [{ ...e, campaignId: c.id, data: ledger.data[i]! }]));
    ledgerModule.extendRows(db, voids, added);
  } catch (e) {
    // A CHECK, UNIQUE or FOREIGN KEY constraint: a name here that the file gives another player or team, say.
    if (e instanceof Error && 'code' in e && String((e as { code: unknown }).code).startsWith('SQLITE_CONSTRAINT'))
      refuse('A player or team added on this laptop has the name of another one in the file: rename the one here first.');
    throw e;
  }

  // The one judge (issue 27): the history as updated replays whole through the rules, naming what does not hold.
  const history = (problem: string): never => refuse(`The campaign file’s history does not hold: ${problem}`);
  const replay = replayOrRefuse(db, c.id, history);
  checkWritten(db, c.id, teamRows, fail);
  ledgerModule.importRosters(db, teamRows);
  ledgerModule.rebuild(db, { campaignId: c.id }, at);
  compareWithStored(db, c.id, replay, history);
}
