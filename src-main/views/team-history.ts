/** A team's history and its models' careers (issue 5, "Also"): committed games and the team's own ledger only (issue 9). */
import { AppError } from '../../shared/ipc/result';
import type { GameSummary, ModelHistory, TeamHistory } from '../../shared/ipc/schemas/games';
import type { Db } from '../db/open';
import type { CampaignRow } from '../db/schema';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { campaignRuleset, loadTeam } from '../games/context';
import { lineSummary } from '../games/detail';
import { listPlayers } from '../repos/players';
import { teamLedger } from '../ledger';
import { modelGameStats, progressWords } from '../games/stats';
import { notesBySubject } from '../repos/notes';
import { mustFindCampaign } from './campaign';
import { honourNamer } from './honours';
import { standingRow } from './standings';

/** Every model a team ever had (founding roster, recruits), with what happened to it. */
export function modelHistories(db: Db, campaign: CampaignRow, teamId: string): ModelHistory[] {
  const team = loadTeam(db, teamId, campaign.pointsLimit);
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

function mustFindTeam(db: Db, id: string) {
  const team = teamsRepo.findTeam(db, id);
  if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  return team;
}

/** Every team of a campaign named with its player, in two statements (a summary line per game needs both sides). */
function campaignTeamNames(db: Db, campaignId: string): (id: string) => GameSummary['teams']['a'] {
  const players = new Map(listPlayers(db, campaignId).map((p) => [p.id, p.name]));
  const names = new Map(teamsRepo.listTeams(db, campaignId).map((t) => [t.id, { id: t.id, name: t.name, playerName: players.get(t.playerId) ?? '' }]));
  return (id) => names.get(id) ?? { id, name: '', playerName: '' };
}

/** A team's page of history: a constant number of statements however many games it played (issue 32). */
export function teamHistory(db: Db, id: string): TeamHistory {
  const team = mustFindTeam(db, id);
  const campaign = mustFindCampaign(db, team.campaignId);
  const lines = gamesRepo.listGameLines(db, team.campaignId, { teamId: id, status: ['committed', 'voided'] }, Number.MAX_SAFE_INTEGER);
  const named = campaignTeamNames(db, team.campaignId);
  return {
    teamId: id,
    standing: standingRow(db, campaign, id),
    games: lines.map((line) => lineSummary(line, named)),
    models: modelHistories(db, campaign, id),
  };
}

export function modelHistory(db: Db, teamId: string, modelId: string): ModelHistory {
  const team = mustFindTeam(db, teamId);
  const found = modelHistories(db, mustFindCampaign(db, team.campaignId), teamId).find((m) => m.modelId === modelId);
  if (!found) throw new AppError('NOT_FOUND', 'That model was never on this team.');
  return found;
}
