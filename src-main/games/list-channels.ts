/** games.list: a campaign's games as lines, filtered by status, team or mission. */
import type { ChannelOutput, ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { GameSummary } from '../../shared/ipc/schemas/games';
import type { HandlerContext } from '../context';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import { lineSummary, teamNames } from './detail';

export function listGames(
  ctx: HandlerContext,
  { campaignId, status, teamId, missionId, limit }: ChannelParsedInput<'games.list'>,
): ChannelOutput<'games.list'> {
  if (!findCampaignRow(ctx.db, campaignId)) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  const filter: gamesRepo.GameFilter = {};
  if (status) filter.status = status;
  if (teamId) filter.teamId = teamId;
  if (missionId) filter.missionId = missionId;
  // Team and player names once per team, not once per game.
  const names = new Map<string, GameSummary['teams']['a']>();
  const team = (id: string) => {
    let t = names.get(id);
    if (!t) names.set(id, (t = teamNames(ctx.db, id)));
    return t;
  };
  return gamesRepo.listGameLines(ctx.db, campaignId, filter, limit ?? 10_000).map((line) => lineSummary(line, team));
}
