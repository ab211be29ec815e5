/**
 * The search palette's reads (issue 31): campaigns, teams, players, models and games whose names hold what was typed,
 * across every campaign on the laptop. LIKE over names (ASCII case aside), each kind limited; the games are found
 * through their number or their teams, by index, never by reading every game (5,000 at ten years).
 */
import type { SearchHit } from '../../shared/ipc/schemas/search';
import { SEARCH_HITS_PER_KIND } from '../../shared/ipc/schemas/search';
import type { Db } from '../db/open';
import { rawStatement } from '../db/prepared';
import { modelsNamed } from '../ledger';

/** `text` as a LIKE pattern that matches it literally: % and _ are the user's characters, not wildcards. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Patterns {
  /** As typed. */
  text: string;
  /** Anywhere in the name. */
  pattern: string;
  /** At its start: these come first. */
  prefix: string;
  limit: number;
}

const patternsOf = (text: string, limit = SEARCH_HITS_PER_KIND): Patterns => ({
  text,
  pattern: `%${likeLiteral(text)}%`,
  prefix: `${likeLiteral(text)}%`,
  limit,
});

/** "Game 12", "game #12", "#12" or "12": the number of a game. */
export function gameNumberOf(query: string): number | null {
  const m = /^(?:game\s*)?#?\s*(\d{1,6})$/i.exec(query);
  return m ? Number(m[1]) : null;
}

/** "Iron Wolves vs Da Boyz" (or "v", "vs."): the two sides of a game, as typed. */
export function sidesOf(query: string): [string, string] | null {
  const m = /^(.+?)\s+v(?:s\.?|\.)?\s+(.+)$/i.exec(query);
  return m ? [m[1]!, m[2]!] : null;
}

function campaignHits(db: Db, p: Patterns): SearchHit[] {
  const rows = rawStatement(
    db,
    'search.campaigns',
    `SELECT id, name, archived_at AS archivedAt, handed_over_to AS handedOverTo, handed_over_at AS handedOverAt FROM campaigns
      WHERE name LIKE :pattern ESCAPE '\\'
      ORDER BY name LIKE :prefix ESCAPE '\\' DESC, name COLLATE NOCASE LIMIT :limit`,
  ).all({ pattern: p.pattern, prefix: p.prefix, limit: p.limit }) as {
    id: string;
    name: string;
    archivedAt: string | null;
    handedOverTo: string | null;
    handedOverAt: string | null;
  }[];
  return rows.map((r) => ({
    kind: 'campaign',
    id: r.id,
    name: r.name,
    detail: r.handedOverAt ? `handed over to ${r.handedOverTo ?? 'another laptop'}` : r.archivedAt ? 'archived' : '',
    campaignId: r.id,
    campaignName: r.name,
    open: { screen: 'campaign', id: r.id },
  }));
}

function teamHits(db: Db, p: Patterns): SearchHit[] {
  const rows = rawStatement(
    db,
    'search.teams',
    `SELECT t.id, t.name, t.founded_at AS foundedAt, pl.name AS player, c.id AS campaignId, c.name AS campaignName
       FROM teams t JOIN players pl ON pl.id = t.player_id JOIN campaigns c ON c.id = t.campaign_id
      WHERE t.name LIKE :pattern ESCAPE '\\'
      ORDER BY t.name LIKE :prefix ESCAPE '\\' DESC, t.name COLLATE NOCASE, c.name COLLATE NOCASE LIMIT :limit`,
  ).all({ pattern: p.pattern, prefix: p.prefix, limit: p.limit }) as {
    id: string;
    name: string;
    foundedAt: string | null;
    player: string;
    campaignId: string;
    campaignName: string;
  }[];
  return rows.map((r) => ({
    kind: 'team',
    id: r.id,
    name: r.name,
    detail: `${r.player}’s team${r.foundedAt ? '' : ', not founded yet'}`,
    campaignId: r.campaignId,
    campaignName: r.campaignName,
    open: { screen: 'team', id: r.id },
  }));
}

function playerHits(db: Db, p: Patterns): SearchHit[] {
  const rows = rawStatement(
    db,
    'search.players',
    `SELECT pl.id, pl.name, pl.retired_at AS retiredAt, c.id AS campaignId, c.name AS campaignName,
            (SELECT t.id FROM teams t WHERE t.player_id = pl.id ORDER BY t.created_at DESC, t.id LIMIT 1) AS teamId,
            (SELECT group_concat(t.name, ', ') FROM (SELECT name FROM teams WHERE player_id = pl.id ORDER BY created_at DESC, id) t) AS teamNames
       FROM players pl JOIN campaigns c ON c.id = pl.campaign_id
      WHERE pl.name LIKE :pattern ESCAPE '\\'
      ORDER BY pl.name LIKE :prefix ESCAPE '\\' DESC, pl.name COLLATE NOCASE, c.name COLLATE NOCASE LIMIT :limit`,
  ).all({ pattern: p.pattern, prefix: p.prefix, limit: p.limit }) as {
    id: string;
    name: string;
    retiredAt: string | null;
    campaignId: string;
    campaignName: string;
    teamId: string | null;
    teamNames: string | null;
  }[];
  return rows.map((r) => ({
    kind: 'player',
    id: r.id,
    name: r.name,
    detail: [r.teamNames ?? 'no team yet', r.retiredAt ? 'retired' : ''].filter(Boolean).join(' · '),
    campaignId: r.campaignId,
    campaignName: r.campaignName,
    // A player has no page of their own: their newest team's, or the campaign's while they have none.
    open: r.teamId ? { screen: 'team', id: r.teamId } : { screen: 'campaign', id: r.campaignId },
  }));
}

const MODEL_STATUS: Record<'active' | 'dead' | 'dismissed', string> = { active: '', dead: 'dead', dismissed: 'dismissed' };

function modelHits(db: Db, p: Patterns): SearchHit[] {
  // A team not founded yet has its models in its draft roster only; a founded one's (the fallen too) are the ledger's.
  const drafts = rawStatement(
    db,
    'search.draftModels',
    `SELECT json_extract(m.value, '$.id') AS modelId, json_extract(m.value, '$.name') AS name, t.id AS teamId, t.name AS teamName,
            c.id AS campaignId, c.name AS campaignName
       FROM teams t JOIN campaigns c ON c.id = t.campaign_id, json_each(t.roster, '$.models') m
      WHERE t.founded_at IS NULL AND json_extract(m.value, '$.name') LIKE :pattern ESCAPE '\\'
      ORDER BY json_extract(m.value, '$.name') LIKE :prefix ESCAPE '\\' DESC, json_extract(m.value, '$.name') COLLATE NOCASE LIMIT :limit`,
  ).all({ pattern: p.pattern, prefix: p.prefix, limit: p.limit }) as {
    modelId: string;
    name: string;
    teamId: string;
    teamName: string;
    campaignId: string;
    campaignName: string;
  }[];
  const founded = modelsNamed(db, p.pattern, p.prefix, p.limit).map((m) => ({
    ...m,
    detail: [m.teamName, MODEL_STATUS[m.status], m.reserve && m.status === 'active' ? 'in Tactical Reserves' : ''].filter(Boolean).join(' · '),
  }));
  const all = [...founded, ...drafts.map((m) => ({ ...m, detail: `${m.teamName} · not founded yet` }))];
  const starts = (name: string) => (name.toLowerCase().startsWith(p.text.toLowerCase()) ? 0 : 1);
  all.sort((x, y) => starts(x.name) - starts(y.name) || x.name.localeCompare(y.name) || x.teamName.localeCompare(y.teamName));
  return all.slice(0, p.limit).map((m) => ({
    kind: 'model',
    id: `${m.teamId}/${m.modelId}`,
    name: m.name,
    detail: m.detail,
    campaignId: m.campaignId,
    campaignName: m.campaignName,
    open: { screen: 'team', id: m.teamId },
  }));
}

interface GameRowFound {
  id: string;
  number: number;
  status: 'draft' | 'committed' | 'voided';
  playedOn: string;
  teamA: string;
  teamB: string;
  campaignId: string;
  campaignName: string;
}

const GAME_COLUMNS = `g.id, g.number, g.status, g.played_on AS playedOn, ta.name AS teamA, tb.name AS teamB, c.id AS campaignId, c.name AS campaignName`;
const GAME_JOINS = `JOIN teams ta ON ta.id = g.team_a_id JOIN teams tb ON tb.id = g.team_b_id JOIN campaigns c ON c.id = g.campaign_id`;

/** Games by number: one per campaign at most (the number is unique in its campaign; the index answers). */
function gamesNumbered(db: Db, n: number, limit: number): GameRowFound[] {
  return rawStatement(
    db,
    'search.gamesNumbered',
    `SELECT ${GAME_COLUMNS} FROM games g ${GAME_JOINS}
      WHERE g.campaign_id IN (SELECT id FROM campaigns) AND g.number = :n ORDER BY c.name COLLATE NOCASE LIMIT :limit`,
  ).all({ n, limit }) as GameRowFound[];
}

/**
 * The newest games between a team named like `a` and one named like `b` (either side); with `b` '%', every game of a
 * team named like `a`. The teams are found first (40 at ten years), then their games through games_results's
 * (campaign_id, status, team_a_id, team_b_id) index.
 */
function gamesOfTeams(db: Db, a: string, b: string, limit: number): GameRowFound[] {
  return rawStatement(
    db,
    'search.gamesOfTeams',
    `SELECT ${GAME_COLUMNS} FROM games g ${GAME_JOINS}
      WHERE g.campaign_id IN (SELECT campaign_id FROM teams WHERE name LIKE :a ESCAPE '\\')
        AND ((ta.name LIKE :a ESCAPE '\\' AND tb.name LIKE :b ESCAPE '\\') OR (tb.name LIKE :a ESCAPE '\\' AND ta.name LIKE :b ESCAPE '\\'))
      ORDER BY g.played_on DESC, g.number DESC, c.name COLLATE NOCASE LIMIT :limit`,
  ).all({ a, b, limit }) as GameRowFound[];
}

const GAME_STATUS: Record<GameRowFound['status'], string> = { draft: 'set up, not played yet', committed: '', voided: 'voided' };

function gameHits(db: Db, query: string, limit = SEARCH_HITS_PER_KIND): SearchHit[] {
  const n = gameNumberOf(query);
  const sides = sidesOf(query);
  const like = (s: string) => `%${likeLiteral(s)}%`;
  const rows =
    n !== null ? gamesNumbered(db, n, limit) : sides ? gamesOfTeams(db, like(sides[0]), like(sides[1]), limit) : gamesOfTeams(db, like(query), '%', limit);
  return rows.map((g) => ({
    kind: 'game',
    id: g.id,
    name: `Game ${g.number}: ${g.teamA} vs ${g.teamB}`,
    detail: GAME_STATUS[g.status],
    date: g.playedOn,
    campaignId: g.campaignId,
    campaignName: g.campaignName,
    open: { screen: 'game', id: g.id },
  }));
}

/** Everything named like `query` (already trimmed, inner spaces collapsed), grouped by kind, each kind limited. */
export function search(db: Db, query: string): SearchHit[] {
  if (query === '') return [];
  const p = patternsOf(query);
  return [...campaignHits(db, p), ...teamHits(db, p), ...playerHits(db, p), ...modelHits(db, p), ...gameHits(db, query)];
}
