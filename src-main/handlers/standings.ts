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
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { ledgerModels, loadCampaignState, loadTeam, teamThreat, type CampaignState } from '../games/context';
import { modelGameStats, progressWords, teamRecord } from '../games/stats';
import { gameSummary } from './games';

type StandingsHandlers = Pick<Handlers<HandlerContext>, 'campaigns.standings' | 'teams.history' | 'models.history'>;

export function mustFindCampaign(db: Db, id: string): CampaignRow {
  const c = findCampaignRow(db, id);
  if (!c) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return c;
}

export function honourNamer(state: CampaignState) {
  const names = new Map<string, string>();
  for (const g of state.ruleset.progression.honours?.groups ?? []) for (const h of g.honours) names.set(h.id, h.name);
  return (id: string) => names.get(id) ?? id;
}

function standingRow(db: Db, state: CampaignState, teamId: string, games: ReturnType<typeof gamesRepo.listGames>): StandingRow {
  const team = loadTeam(db, teamId, state.ledger, state.campaign.pointsLimit);
  const record = teamRecord(games, teamId);
  const modelsLost = state.progression.filter((e) => !e.voided && e.kind === 'model.died' && e.team === teamId).length;
  return {
    teamId,
    teamName: team.row.name,
    playerName: team.player.name,
    faction: team.list.faction,
    ...record,
    requisition: team.req,
    threat: teamThreat(state, team),
    modelsLost,
  };
}

/** Every model a team ever had (founding roster, recruits), with what happened to it. */
function modelHistories(db: Db, state: CampaignState, teamId: string): ModelHistory[] {
  const team = loadTeam(db, teamId, state.ledger, state.campaign.pointsLimit);
  const games = gamesRepo.listGames(db, state.campaign.id, { status: ['committed'], teamId });
  const stats = modelGameStats(games);
  const gameNumber = new Map(gamesRepo.listGames(db, state.campaign.id).map((g) => [g.id, g.number]));
  const honourName = honourNamer(state);
  const rows = state.ledger.filter((r) => r.teamId === teamId);
  const live = state.items.filter((i) => i.team === teamId && !i.voided);
  const models = ledgerModels(live);
  const dismissed = new Set(live.flatMap((i) => (i.data.kind === 'model.dismissed' ? [i.data.modelId] : [])));
  const entryName = (id: string) => team.list.entries.find((e) => e.id === id)?.name ?? id;
  return [...models.entries()].map(([modelId, m]) => {
    const p = state.projection.models[modelId];
    const s = stats.get(modelId);
    const words = progressWords(p, honourName);
    const events = rows
      .filter((r) => r.modelId === modelId)
      .map((r) => ({ gameNumber: r.gameId === null ? null : (gameNumber.get(r.gameId) ?? null), text: r.reason, voided: r.voidedAt !== null }));
    for (const [n, k] of s?.killsIn ?? []) events.push({ gameNumber: n, text: `Took ${k} enemy model${k === 1 ? '' : 's'} out of action.`, voided: false });
    events.sort((x, y) => (x.gameNumber ?? 0) - (y.gameNumber ?? 0));
    return {
      modelId,
      name: m.name || entryName(m.entryId),
      entryName: entryName(m.entryId),
      status: p?.dead ? 'dead' : dismissed.has(modelId) ? 'dismissed' : 'active',
      exp: words.exp,
      level: words.level,
      games: s?.games ?? 0,
      kills: s?.kills ?? 0,
      injuries: words.injuries,
      advances: words.advances,
      honours: words.honours,
      events,
    };
  });
}

export const standingsHandlers: StandingsHandlers = {
  'campaigns.standings': ({ id }, ctx) => {
    mustFindCampaign(ctx.db, id);
    const state = loadCampaignState(ctx.db, id);
    const games = gamesRepo.listGames(ctx.db, id, { status: ['committed'] });
    const rows = teamsRepo
      .listTeams(ctx.db, id)
      .filter((t) => t.foundedAt !== null)
      .map((t) => standingRow(ctx.db, state, t.id, games));
    // Most wins, then fewest losses, then VP difference, then name: the order a club reads a league table in.
    return rows.sort((x, y) => y.wins - x.wins || x.losses - y.losses || y.vpFor - y.vpAgainst - (x.vpFor - x.vpAgainst) || x.teamName.localeCompare(y.teamName));
  },

  'teams.history': ({ id }, ctx) => {
    const team = teamsRepo.findTeam(ctx.db, id);
    if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
    const state = loadCampaignState(ctx.db, team.campaignId);
    const games = gamesRepo.listGames(ctx.db, team.campaignId, { teamId: id });
    return {
      teamId: id,
      standing: standingRow(ctx.db, state, id, games),
      games: games.filter((g) => g.status !== 'draft').map((g) => gameSummary(ctx.db, g)),
      models: modelHistories(ctx.db, state, id),
    };
  },

  'models.history': ({ teamId, modelId }, ctx) => {
    const team = teamsRepo.findTeam(ctx.db, teamId);
    if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
    const found = modelHistories(ctx.db, loadCampaignState(ctx.db, team.campaignId), teamId).find((m) => m.modelId === modelId);
    if (!found) throw new AppError('NOT_FOUND', 'That model was never on this team.');
    return found;
  },
};
