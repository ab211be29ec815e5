/**
 * Standings, and team and model histories (issue 5, "Also").
 * Everything here is read from committed games and the ledger; voided games and entries count for nothing.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { ModelHistory, StandingRow } from '../../shared/ipc/schemas/games';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import type { CampaignRow } from '../db/schema';
import type { Ruleset } from '../../shared/rules';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { campaignRuleset, checkedRoster, loadTeam, teamThreat } from '../games/context';
import { NO_RECORD, readCampaignFigures, teamLedger } from '../ledger';
import { listPlayers } from '../repos/players';
import { loadTeamList } from '../repos/team-lists';
import { rosterPointsLimit, threat } from '../../shared/rules';
import { modelGameStats, progressWords } from '../games/stats';
import { gameSummary } from './games';
import { notesBySubject } from '../repos/notes';

type StandingsHandlers = Pick<Handlers<HandlerContext>, 'campaigns.standings' | 'teams.history' | 'models.history'>;

export function mustFindCampaign(db: Db, id: string): CampaignRow {
  const c = findCampaignRow(db, id);
  if (!c) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return c;
}

export function honourNamer(state: { ruleset: Ruleset }) {
  const names = new Map<string, string>();
  for (const g of state.ruleset.progression.honours?.groups ?? []) for (const h of g.honours) names.set(h.id, h.name);
  return (id: string) => names.get(id) ?? id;
}

/** Issue 17: the effect text of each honour held (by name), for the team page and the roster sheet. */
export function honourEffectsOf(ruleset: Ruleset, heldNames: Iterable<string>): Record<string, string> {
  const held = new Set(heldNames);
  const out: Record<string, string> = {};
  for (const g of ruleset.progression.honours?.groups ?? []) for (const h of g.honours) if (h.effect && held.has(h.name)) out[h.name] = h.effect;
  return out;
}

/** A team's line of the league table: its record (games table), Req, Threat and losses (its stored projection). */
function standingRow(db: Db, campaign: CampaignRow, teamId: string): StandingRow {
  const team = loadTeam(db, teamId, campaign.pointsLimit);
  const record = team.projection?.record ?? NO_RECORD;
  const modelsLost = team.projection?.modelsLost ?? 0;
  return {
    teamId,
    teamName: team.row.name,
    playerName: team.player.name,
    faction: team.list.faction,
    ...record,
    requisition: team.req,
    threat: teamThreat(team),
    modelsLost,
  };
}

/** Every model a team ever had (founding roster, recruits), with what happened to it. */
export function modelHistories(db: Db, campaign: CampaignRow, teamId: string): ModelHistory[] {
  const team = loadTeam(db, teamId, campaign.pointsLimit);
  // The team's games and ledger only (issue 9): a model's history never needs the rest of the campaign.
  const games = gamesRepo.listGames(db, campaign.id, { status: ['committed'], teamId });
  const stats = modelGameStats(games);
  const gameNumber = gamesRepo.gameNumbers(db, campaign.id);
  const ruleset = campaignRuleset(db, campaign);
  const honourName = honourNamer({ ruleset });
  const rows = teamLedger(db, teamId);
  const directory = team.projection?.state.directory ?? {};
  const projection = team.projection?.state.progression.models ?? {};
  const entryName = (id: string) => team.list.entries.find((e) => e.id === id)?.name ?? id;
  const notes = notesBySubject(db, campaign.id, 'model');
  return Object.entries(directory).map(([modelId, m]) => {
    const p = projection[modelId];
    const s = stats.get(modelId);
    const words = progressWords(p, honourName, ruleset.progression.honours);
    const events = rows
      .filter((r) => r.modelId === modelId)
      .map((r) => ({ gameNumber: r.gameId === null ? null : (gameNumber.get(r.gameId) ?? null), text: r.reason, voided: r.voidedAt !== null }));
    for (const [n, k] of s?.killsIn ?? []) events.push({ gameNumber: n, text: `Took ${k} enemy model${k === 1 ? '' : 's'} out of action.`, voided: false });
    events.sort((x, y) => (x.gameNumber ?? 0) - (y.gameNumber ?? 0));
    return {
      modelId,
      name: m.name || entryName(m.entryId),
      entryName: entryName(m.entryId),
      status: m.status,
      exp: words.exp,
      level: words.level,
      games: s?.games ?? 0,
      kills: s?.kills ?? 0,
      injuries: words.injuries,
      advances: words.advances,
      honours: words.honours,
      events,
      note: notes.get(modelId) ?? null,
    };
  });
}

export const standingsHandlers: StandingsHandlers = {
  'campaigns.standings': ({ id }, ctx) => {
    // A handful of queries for the whole table, whatever the campaign's size (issue 9):
    // Req, losses and records from the stored projections, points from the (remembered) roster check.
    const campaign = mustFindCampaign(ctx.db, id);
    const figures = readCampaignFigures(ctx.db, id);
    const playerNames = new Map(listPlayers(ctx.db, id).map((p) => [p.id, p.name]));
    const rows = teamsRepo
      .listTeams(ctx.db, id)
      .filter((t) => t.foundedAt !== null)
      .map((t): StandingRow => {
        const list = loadTeamList(ctx.db, t.teamListId)!;
        const points = checkedRoster(list, teamsRepo.storedRoster(t), rosterPointsLimit(campaign.pointsLimit, true)).points;
        const f = figures.get(t.id);
        return {
          teamId: t.id,
          teamName: t.name,
          playerName: playerNames.get(t.playerId) ?? '',
          faction: list.faction,
          ...(f?.record ?? NO_RECORD),
          requisition: f?.req ?? 0,
          threat: threat(points + (f?.honourPoints ?? 0)),
          modelsLost: f?.modelsLost ?? 0,
        };
      });
    // Most wins, then fewest losses, then VP difference, then name: the order a club reads a league table in.
    return rows.sort(
      (x, y) => y.wins - x.wins || x.losses - y.losses || y.vpFor - y.vpAgainst - (x.vpFor - x.vpAgainst) || x.teamName.localeCompare(y.teamName),
    );
  },

  'teams.history': ({ id }, ctx) => {
    const team = teamsRepo.findTeam(ctx.db, id);
    if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
    const campaign = mustFindCampaign(ctx.db, team.campaignId);
    const games = gamesRepo.listGames(ctx.db, team.campaignId, { teamId: id });
    return {
      teamId: id,
      standing: standingRow(ctx.db, campaign, id),
      games: games.filter((g) => g.status !== 'draft').map((g) => gameSummary(ctx.db, g)),
      models: modelHistories(ctx.db, campaign, id),
    };
  },

  'models.history': ({ teamId, modelId }, ctx) => {
    const team = teamsRepo.findTeam(ctx.db, teamId);
    if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
    const found = modelHistories(ctx.db, mustFindCampaign(ctx.db, team.campaignId), teamId).find((m) => m.modelId === modelId);
    if (!found) throw new AppError('NOT_FOUND', 'That model was never on this team.');
    return found;
  },
};
