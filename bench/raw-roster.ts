/**
 * The `teamRoster` read written as plain better-sqlite3 SQL (issue 9's `rosterReadVsRawSql`): the same rows the
 * teams.get handler reads — the team, its campaign, player and Team List, the campaign's current ruleset, the team's
 * stored projection (Req, record, every model's state), its fallen and its latest ledger lines — with JSON.parse (and
 * unpacking the packed columns, issue 21) and nothing else (no drizzle, no zod, no dispatch, no derived state). The
 * ratio handler ÷ raw is what everything above SQL costs.
 */
import type Database from 'better-sqlite3';
import { unpackJson } from '../src-main/db/packed-json';

const statements = new WeakMap<Database.Database, Record<string, Database.Statement>>();

function prepare(db: Database.Database) {
  let s = statements.get(db);
  if (!s) {
    s = {
      team: db.prepare('SELECT * FROM teams WHERE id = ?'),
      campaign: db.prepare('SELECT * FROM campaigns WHERE id = ?'),
      player: db.prepare('SELECT * FROM players WHERE id = ?'),
      list: db.prepare('SELECT * FROM team_lists WHERE id = ?'),
      ruleset: db.prepare('SELECT hash FROM campaign_rulesets WHERE campaign_id = ? ORDER BY seq DESC LIMIT 1'),
      projection: db.prepare('SELECT * FROM team_projections WHERE team_id = ?'),
      // The partial index's own WHERE, word for word, as the handler's query says it (db/schema.ts ledgerMarkKinds).
      died: db.prepare(
        `SELECT * FROM ledger_entries WHERE team_id = ? AND kind = 'model.died' AND "kind" IN ('model.died', 'injury.rolled', 'honour.bought') ORDER BY seq`,
      ),
      latest: db.prepare('SELECT * FROM ledger_entries WHERE team_id = ? ORDER BY seq DESC LIMIT 50'),
      total: db.prepare('SELECT count(*) AS n FROM ledger_entries WHERE team_id = ?'),
    };
    statements.set(db, s);
  }
  return s;
}

type Row = Record<string, unknown>;

export function rawTeamRoster(db: Database.Database, teamId: string) {
  const s = prepare(db);
  const team = s.team!.get(teamId) as Row;
  const campaign = s.campaign!.get(team.campaign_id) as Row;
  const player = s.player!.get(team.player_id) as Row;
  const list = s.list!.get(team.team_list_id) as Row;
  const ruleset = s.ruleset!.get(campaign.id) as Row;
  const projection = s.projection!.get(teamId) as Row;
  const died = (s.died!.all(teamId) as Row[]).map((r) => ({ ...r, data: unpackJson(r.data as string) }));
  const latest = (s.latest!.all(teamId) as Row[]).reverse();
  const total = (s.total!.get(teamId) as { n: number }).n;
  return {
    team: { ...team, roster: JSON.parse(team.roster as string) as unknown },
    campaign,
    player,
    list: JSON.parse(list.content as string) as unknown,
    rulesetHash: ruleset.hash,
    projection: { ...projection, state: JSON.parse(projection.state as string) as unknown },
    died,
    latest,
    total,
  };
}
