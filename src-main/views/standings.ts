/**
 * The league table (issue 5): read from the stored projections, a handful of queries whatever the campaign's size
 * (issue 9). Voided games and entries count for nothing.
 */
import type { StandingRow } from '../../shared/ipc/schemas/games';
import type { Db } from '../db/open';
import type { CampaignRow } from '../db/schema';
import * as teamsRepo from '../repos/teams';
import { checkedRoster, loadTeam, teamThreat } from '../games/context';
import { NO_RECORD, readCampaignFigures } from '../ledger';
import { listPlayers } from '../repos/players';
import { loadTeamList } from '../repos/team-lists';
import { rosterPointsLimit, threat } from '../../shared/rules';
import { mustFindCampaign } from './campaign';

/** Every founded team's line: Req, losses and records from the stored projections, points from the roster check. */
export function campaignStandings(db: Db, id: string): StandingRow[] {
  const campaign = mustFindCampaign(db, id);
  const figures = readCampaignFigures(db, id);
  const playerNames = new Map(listPlayers(db, id).map((p) => [p.id, p.name]));
  const rows = teamsRepo
    .listTeams(db, id)
    .filter((t) => t.foundedAt !== null)
    .map((t): StandingRow => {
      const list = loadTeamList(db, t.teamListId)!;
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
  return rows.sort((x, y) => y.wins - x.wins || x.losses - y.losses || y.vpFor - y.vpAgainst - (x.vpFor - x.vpAgainst) || x.teamName.localeCompare(y.teamName));
}

/** One team's line of the league table: its record, Req, Threat and losses (its stored projection). */
export function standingRow(db: Db, campaign: CampaignRow, teamId: string): StandingRow {
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
