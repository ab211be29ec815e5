/** The team-list library: data access only. */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { SAMPLE_TEAM_LISTS } from '../../shared/data/team-lists';
import type { TeamListSummary } from '../../shared/ipc/schemas/teams';
import { TeamList, type Roster, type RosterImpact } from '../../shared/rules';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { campaigns, teamListChanges, teamLists, teams, type TeamListRow } from '../db/schema';
import { storedRoster } from './teams';

/** Canonical JSON (sorted keys) so the same list always has the same hash, whatever the key order in its file. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const hashList = (list: TeamList) => createHash('sha256').update(canonicalJson(list)).digest('hex');

/**
 * Parsed lists by id, revision and hash: a list's content never changes under the same three (edits bump the
 * revision), so a parse is reused across requests (issue 9: teams.list and standings read every team's list).
 * Callers treat the list as read-only.
 */
const parsed = new Map<string, TeamList>();

export function parseStoredList(row: TeamListRow): TeamList {
  const key = `${row.id}|${row.revision}|${row.contentHash}`;
  let list = parsed.get(key);
  if (!list) {
    if (parsed.size > 200) parsed.clear();
    list = TeamList.parse(row.content);
    parsed.set(key, list);
  }
  return list;
}

/** A list by id, parsed, reading its JSON only when this revision was not parsed yet (issue 9). */
export function loadTeamList(db: Db, id: string): TeamList | undefined {
  const head = prepared(db, 'teamLists.head', (d) =>
    d
      .select({ id: teamLists.id, revision: teamLists.revision, contentHash: teamLists.contentHash })
      .from(teamLists)
      .where(eq(teamLists.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
  if (!head) return undefined;
  const cached = parsed.get(`${head.id}|${head.revision}|${head.contentHash}`);
  if (cached) return cached;
  const row = findTeamList(db, id);
  return row ? parseStoredList(row) : undefined;
}

export function summarize(db: Db, row: TeamListRow): TeamListSummary {
  const used = db.select({ n: count() }).from(teams).where(eq(teams.teamListId, row.id)).get()?.n ?? 0;
  return {
    id: row.id,
    listKey: row.listKey,
    faction: row.faction,
    name: row.name,
    listVersion: row.listVersion,
    sample: row.sample,
    revision: row.revision,
    entries: parseStoredList(row).entries.length,
    teams: used,
    updatedAt: row.updatedAt,
  };
}

export const allTeamLists = (db: Db) => db.select().from(teamLists).orderBy(teamLists.faction, teamLists.listVersion).all();
export const findTeamList = (db: Db, id: string) => db.select().from(teamLists).where(eq(teamLists.id, id)).get();
export const findTeamListByKey = (db: Db, listKey: string, listVersion: string) =>
  db
    .select()
    .from(teamLists)
    .where(and(eq(teamLists.listKey, listKey), eq(teamLists.listVersion, listVersion)))
    .get();

export function insertTeamList(db: Db, list: TeamList, id: string, at: string): TeamListRow {
  const row: TeamListRow = {
    id,
    listKey: list.id,
    faction: list.faction,
    name: list.name,
    listVersion: list.listVersion,
    sample: list.sample,
    content: list,
    contentHash: hashList(list),
    revision: 1,
    createdAt: at,
    updatedAt: at,
  };
  db.insert(teamLists).values(row).run();
  return row;
}

export function replaceTeamList(db: Db, row: TeamListRow, list: TeamList, at: string): TeamListRow {
  const next = { faction: list.faction, name: list.name, content: list, contentHash: hashList(list), revision: row.revision + 1, updatedAt: at };
  db.update(teamLists).set(next).where(eq(teamLists.id, row.id)).run();
  return { ...row, ...next };
}

/** Adds the shipped sample lists this file does not have yet; never touches a list that is already there. */
export function ensureSampleTeamLists(db: Db, now: () => Date, newId: () => string) {
  db.transaction((tx) => {
    for (const raw of SAMPLE_TEAM_LISTS) {
      // Looked up by the raw key first: parsing every sample list at each start cost more than the start-up's reads.
      const key = raw as { id?: unknown; listVersion?: unknown };
      if (typeof key.id === 'string' && typeof key.listVersion === 'string' && findTeamListByKey(tx, key.id, key.listVersion)) continue;
      const list = TeamList.parse(raw);
      if (!findTeamListByKey(tx, list.id, list.listVersion)) insertTeamList(tx, list, newId(), now().toISOString());
    }
  });
}

/** A team built on a list, with what re-checking it needs: its roster, campaign name and points limit. */
export interface TeamOnList {
  teamId: string;
  teamName: string;
  campaignId: string;
  campaignName: string;
  pointsLimit: number;
  founded: boolean;
  roster: Roster;
}

export function teamsOnList(db: Db, listId: string): TeamOnList[] {
  return db
    .select({ row: teams, campaignName: campaigns.name, pointsLimit: campaigns.pointsLimit })
    .from(teams)
    .innerJoin(campaigns, eq(campaigns.id, teams.campaignId))
    .where(eq(teams.teamListId, listId))
    .orderBy(campaigns.name, teams.name)
    .all()
    .map(({ row, campaignName, pointsLimit }) => ({
      teamId: row.id,
      teamName: row.name,
      campaignId: row.campaignId,
      campaignName,
      pointsLimit,
      founded: !!row.foundedAt,
      roster: storedRoster(row),
    }));
}

export function insertListChange(db: Db, row: typeof teamListChanges.$inferInsert) {
  db.insert(teamListChanges).values(row).run();
}

/** What saved versions of its list changed for a team, newest first (its current list only). */
export function listChangesForTeam(db: Db, teamId: string, teamListId: string) {
  return db
    .select({ revision: teamListChanges.revision, savedAt: teamListChanges.savedAt, changes: teamListChanges.changes, listName: teamLists.name })
    .from(teamListChanges)
    .innerJoin(teamLists, eq(teamLists.id, teamListChanges.teamListId))
    .where(and(eq(teamListChanges.teamId, teamId), eq(teamListChanges.teamListId, teamListId)))
    .orderBy(desc(teamListChanges.savedAt), desc(teamListChanges.revision))
    .limit(20)
    .all()
    .map((r) => ({ listName: r.listName, revision: r.revision, savedAt: r.savedAt, impact: r.changes as RosterImpact }));
}
