/**
 * The campaign file (issue 8): one JSON file with everything of one campaign — the campaign, its pinned rulesets,
 * players, teams, the team lists they use, the whole ledger, the games and their rolls — so a club can move its
 * campaign to another laptop or keep a copy off the laptop. Importing is hostile-proof (RELIABILITY.md rule 7): size
 * and depth limits, a strict schema per table, and one transaction that checks the result (every roster rebuilt
 * from the ledger equals the stored one, no team owes Req, foreign keys hold) before it is kept.
 */
import { z } from 'zod';
import { AppError } from '../shared/ipc/result';
import { rebuildProjections } from './games/projection';
import { carryOverClubOptionalRules } from './repos/rulesets';
import { foldRoster, lowestBalances, Roster, Ruleset, TeamList } from '../shared/rules';
import type { Db } from './db/open';
import { campaignRulesets, campaigns, gameRolls, games, ledgerEntries, players, teamLists, teams } from './db/schema';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { findCampaignByName } from './repos/campaigns';
import { findTeamListByKey, hashList } from './repos/team-lists';
import * as teamsRepo from './repos/teams';
import { MAX_JSON_DEPTH, jsonDepth } from './handlers/team-lists';

export const CAMPAIGN_FILE_FORMAT = 'herald-campaign';
/** Largest campaign file accepted (a ten-year club campaign is a few tens of MB). */
export const CAMPAIGN_FILE_MAX_BYTES = 24 * 1024 * 1024;

const Text = z.string().max(100_000);
const Time = z.string().max(40);
const Id = z.string().min(1).max(200);
const Json = z.unknown();

const CampaignRow = z.object({ id: Id, name: z.string().min(1).max(80), pointsLimit: z.number().int().min(50).max(2000), diceMode: z.enum(['app', 'physical']), optionalRules: Json, archivedAt: Time.nullable(), createdAt: Time, updatedAt: Time }).strict();
const RulesetRow = z.object({ rulesetId: Id, name: Text, version: Text, content: Json, hash: z.string().max(64), reason: Text, pinnedAt: Time }).strict();
const PlayerRow = z.object({ id: Id, name: z.string().min(1).max(60), retiredAt: Time.nullable(), createdAt: Time, updatedAt: Time }).strict();
const TeamListRow = z.object({ id: Id, content: Json }).strict();
const TeamRow = z.object({ id: Id, playerId: Id, teamListId: Id, name: z.string().min(1).max(60), roster: Json, foundedAt: Time.nullable(), createdAt: Time, updatedAt: Time }).strict();
const LedgerRow = z.object({ id: Id, teamId: Id, gameId: Id.nullable(), modelId: Id.nullable(), kind: z.string().max(40), req: z.number().int(), data: Json, reason: Text, createdAt: Time, voidedAt: Time.nullable() }).strict();
const GameRow = z
  .object({
    id: Id,
    number: z.number().int().min(1),
    status: z.enum(['draft', 'committed', 'voided']),
    teamAId: Id,
    teamBId: Id,
    seed: Id,
    diceMode: z.enum(['app', 'physical']),
    playedOn: Time,
    rulesetId: Id,
    rulesetVersion: Text,
    setup: Json,
    plan: Json,
    draft: Json,
    report: Json,
    missionId: Id.nullable(),
    vpA: z.number().int().nullable(),
    vpB: z.number().int().nullable(),
    winner: z.enum(['a', 'b', 'draw']).nullable(),
    committedAt: Time.nullable(),
    voidedAt: Time.nullable(),
    voidReason: Text.nullable(),
    createdAt: Time,
    updatedAt: Time,
  })
  .strict();
const RollRow = z.object({ gameId: Id, seq: z.number().int(), phase: z.enum(['plan', 'post']), purpose: Text, expression: z.string().max(20), faces: z.array(z.number().int().min(1).max(6)).max(20), total: z.number().int(), source: z.enum(['app', 'physical']) }).strict();

export const CampaignFile = z
  .object({
    format: z.literal(CAMPAIGN_FILE_FORMAT),
    formatVersion: z.literal(1),
    exportedAt: Time,
    campaign: CampaignRow,
    rulesets: z.array(RulesetRow).min(1).max(1000),
    players: z.array(PlayerRow).max(10_000),
    teamLists: z.array(TeamListRow).max(1000),
    teams: z.array(TeamRow).max(10_000),
    ledger: z.array(LedgerRow).max(2_000_000),
    games: z.array(GameRow).max(200_000),
    rolls: z.array(RollRow).max(5_000_000),
  })
  .strict();
export type CampaignFile = z.infer<typeof CampaignFile>;

/** Everything of one campaign, in the order it was written. */
export function exportCampaign(db: Db, campaignId: string, at: string): CampaignFile {
  const campaign = db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get();
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  const teamRows = db.select().from(teams).where(eq(teams.campaignId, campaignId)).orderBy(asc(teams.createdAt), asc(teams.id)).all();
  const listIds = [...new Set(teamRows.map((t) => t.teamListId))];
  const gameRows = db.select().from(games).where(eq(games.campaignId, campaignId)).orderBy(asc(games.number)).all();
  const gameIds = gameRows.map((g) => g.id);
  return {
    format: CAMPAIGN_FILE_FORMAT,
    formatVersion: 1,
    exportedAt: at,
    campaign,
    rulesets: db.select().from(campaignRulesets).where(eq(campaignRulesets.campaignId, campaignId)).orderBy(asc(campaignRulesets.seq)).all().map(({ seq: _s, campaignId: _c, ...r }) => r),
    players: db.select().from(players).where(eq(players.campaignId, campaignId)).orderBy(asc(players.createdAt), asc(players.id)).all().map(({ campaignId: _c, ...r }) => r),
    teamLists: listIds.length === 0 ? [] : db.select().from(teamLists).where(inArray(teamLists.id, listIds)).all().map((r) => ({ id: r.id, content: r.content })),
    teams: teamRows.map(({ campaignId: _c, ...r }) => r),
    ledger: teamsRepo.campaignLedger(db, campaignId).map(({ seq: _s, campaignId: _c, ...r }) => r),
    games: gameRows.map(({ campaignId: _c, ...r }) => r),
    rolls: gameIds.length === 0 ? [] : db.select().from(gameRolls).where(inArray(gameRolls.gameId, gameIds)).orderBy(asc(gameRolls.gameId), asc(gameRolls.seq)).all().map((r) => ({ ...r, faces: r.faces as number[] })),
  };
}

/** Parse a campaign file, or say in words what is wrong with it. Nothing is written. */
export function parseCampaignFile(fileName: string, text: string): CampaignFile {
  const name = fileName || 'The file';
  if (new TextEncoder().encode(text).length > CAMPAIGN_FILE_MAX_BYTES) throw new AppError('VALIDATION', `${name} is too large for a campaign file (over ${CAMPAIGN_FILE_MAX_BYTES / 1024 / 1024} MB).`);
  if (jsonDepth(text) > MAX_JSON_DEPTH + 8) throw new AppError('VALIDATION', `${name} is nested too deeply to be a campaign file.`);
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new AppError('VALIDATION', `${name} is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== CAMPAIGN_FILE_FORMAT) {
    throw new AppError('VALIDATION', `${name} is not a Herald campaign file (it needs "format": "${CAMPAIGN_FILE_FORMAT}").`);
  }
  const parsed = CampaignFile.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new AppError('VALIDATION', `${name} is not a valid campaign file: ${first.path.join('.')}: ${first.message}${parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more problems)` : ''}`);
  }
  return parsed.data;
}

/**
 * Write a parsed campaign file into the campaign file, in the caller's transaction, and check the result. Throws
 * AppError (and the transaction rolls back) when anything does not hold.
 */
export function importCampaign(db: Db, file: CampaignFile, newTeamListId: () => string, at: string): string {
  const c = file.campaign;
  if (db.select().from(campaigns).where(eq(campaigns.id, c.id)).get()) throw new AppError('VALIDATION', `The campaign “${c.name}” is already on this computer: nothing was imported.`);
  const clash = findCampaignByName(db, c.name);
  if (clash) throw new AppError('VALIDATION', `This computer already has a campaign called “${clash.name}”: rename it first, then import. Nothing was imported.`);
  const fail = (what: string) => {
    throw new AppError('VALIDATION', `The campaign file is inconsistent (${what}): nothing was imported.`);
  };
  for (const r of file.rulesets) if (!Ruleset.safeParse(r.content).success) fail(`ruleset ${r.name} is not valid`);

  // Team lists: reuse an identical one, refuse a different one under the same id and version, add the rest.
  const listIdMap = new Map<string, string>();
  for (const l of file.teamLists) {
    const list = TeamList.safeParse(l.content);
    if (!list.success) fail(`team list ${l.id} is not valid`);
    const content = list.data!;
    const existing = findTeamListByKey(db, content.id, content.listVersion);
    if (existing) {
      if (existing.contentHash !== hashList(content)) throw new AppError('VALIDATION', `This computer has ${existing.name} version ${existing.listVersion} with different contents: nothing was imported. Give one of them a new list version first.`);
      listIdMap.set(l.id, existing.id);
    } else {
      const id = db.select().from(teamLists).where(eq(teamLists.id, l.id)).get() ? newTeamListId() : l.id;
      db.insert(teamLists).values({ id, listKey: content.id, faction: content.faction, name: content.name, listVersion: content.listVersion, sample: content.sample ?? false, content, contentHash: hashList(content), revision: 1, createdAt: at, updatedAt: at }).run();
      listIdMap.set(l.id, id);
    }
  }

  try {
    db.insert(campaigns).values(c).run();
    for (const r of file.rulesets) db.insert(campaignRulesets).values({ ...r, campaignId: c.id }).run();
    for (const p of file.players) db.insert(players).values({ ...p, campaignId: c.id }).run();
    for (const t of file.teams) {
      if (!Roster.safeParse(t.roster).success) fail(`the roster of ${t.name} is not valid`);
      const listId = listIdMap.get(t.teamListId);
      if (!listId) fail(`team ${t.name} uses a team list the file does not contain`);
      db.insert(teams).values({ ...t, campaignId: c.id, teamListId: listId! }).run();
    }
    for (const g of file.games) db.insert(games).values({ ...g, campaignId: c.id }).run();
    for (const r of file.rolls) db.insert(gameRolls).values(r).run();
    for (const e of file.ledger) db.insert(ledgerEntries).values({ ...e, campaignId: c.id }).run();
  } catch (e) {
    // A CHECK, UNIQUE or FOREIGN KEY constraint: the file contradicts itself (or another campaign's ids).
    if (e instanceof Error && 'code' in e && String((e as { code: unknown }).code).startsWith('SQLITE_CONSTRAINT')) fail(e.message.replace(/^[A-Z ]+constraint failed: /i, 'constraint: '));
    throw e;
  }

  // The checks that make an import trustworthy.
  if (db.all(sql`PRAGMA foreign_key_check`).length > 0) fail('a row refers to something the file does not contain');
  const rows = teamsRepo.campaignLedger(db, c.id);
  const gameIds = new Set(file.games.map((g) => g.id));
  for (const row of rows) {
    try {
      teamsRepo.parseLedgerData(row);
    } catch {
      fail(`ledger entry ${row.id} is not valid`);
    }
    if (row.gameId !== null && !gameIds.has(row.gameId)) fail(`ledger entry ${row.id} belongs to a game the file does not contain`);
  }
  const lows = lowestBalances(teamsRepo.campaignLedgerItems(rows));
  for (const [teamId, low] of Object.entries(lows)) if (low < 0) fail(`team ${teamId} would owe Req`);
  for (const t of file.teams) {
    if (t.foundedAt === null) continue;
    const rebuilt = foldRoster(teamsRepo.ledgerItems(teamsRepo.teamLedger(db, t.id)));
    if (JSON.stringify(rebuilt) !== JSON.stringify(Roster.parse(t.roster))) fail(`the roster of ${t.name} does not match its ledger`);
  }
  // The teams' projections are not in the file: they are built from the ledger just imported (issue 9).
  rebuildProjections(db, c.updatedAt, c.id);
  // A file exported before optional rules became house rules (issue 6): its Club-settings switches move into its ruleset.
  carryOverClubOptionalRules(db, c.updatedAt);
  return c.id;
}
