/**
 * A team as its page shows it (issue 9: a few rows, never the campaign's ledger): the loaded team with its stored
 * projection, its summary line and its page. Used by the teams.* and reserve channels alike.
 */
import { AppError } from '../../shared/ipc/result';
import type { TeamDetail, TeamSummary } from '../../shared/ipc/schemas/teams';
import { reserveModels, rosterPointsLimit, squadOfMember, tacticalReservesOf, threat } from '../../shared/rules';
import type { Roster, TeamList } from '../../shared/rules';
import type { RosterReport } from '../../shared/rules';
import type { Db } from '../db/open';
import type { CampaignRow, TeamRow } from '../db/schema';
import { findCampaignRow } from '../repos/campaigns';
import { findPlayer } from '../repos/players';
import { loadTeamList } from '../repos/team-lists';
import * as repo from '../repos/teams';
import * as gamesRepo from '../repos/games';
import { campaignRosterCap, campaignRuleset, checkedRoster } from '../games/context';
import { latestTeamLedger, NO_RECORD, readTeamState, teamLedgerOfKind, type StoredTeamState, type TeamRecord } from '../ledger';
import { progressWords } from '../games/stats';
import { honourEffectsOf, honourNamer } from '../views/honours';

/** How many of its latest ledger lines a team's page shows (a ten-year team has thousands; issue 9). */
const TEAM_LEDGER_LINES = 50;

export interface Loaded {
  row: TeamRow;
  campaign: CampaignRow;
  list: TeamList;
  roster: Roster;
  limit: number;
  report: RosterReport;
  req: number;
  honourPoints: number;
  record: TeamRecord;
}

export interface LoadedWithProjection extends Loaded {
  /** The stored projection of the team's ledger (undefined before founding). */
  projection: StoredTeamState | undefined;
}

export function load(db: Db, id: string): LoadedWithProjection {
  const row = repo.findTeam(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  const campaign = findCampaignRow(db, row.campaignId)!;
  const list = loadTeamList(db, row.teamListId)!;
  const roster = repo.storedRoster(row);
  const limit = rosterPointsLimit(campaign.pointsLimit, !!row.foundedAt, campaignRosterCap(db, campaign.id));
  const projection = readTeamState(db, id);
  return {
    row,
    campaign,
    list,
    roster,
    limit,
    report: checkedRoster(list, roster, limit),
    req: projection?.req ?? 0,
    honourPoints: projection?.honourPoints ?? 0,
    record: projection?.record ?? NO_RECORD,
    projection,
  };
}

export function summary(db: Db, l: Loaded, playerName?: string): TeamSummary {
  const record = l.record;
  return {
    id: l.row.id,
    campaignId: l.row.campaignId,
    campaignName: l.campaign.name,
    name: l.row.name,
    playerId: l.row.playerId,
    playerName: playerName ?? findPlayer(db, l.row.playerId)?.name ?? '',
    teamListId: l.row.teamListId,
    listName: l.list.name,
    faction: l.list.faction,
    founded: !!l.row.foundedAt,
    points: l.report.points,
    pointsText: l.report.pointsText,
    legal: l.report.legal,
    issues: l.report.issues.length,
    models: l.roster.models.length,
    requisition: l.req,
    threat: threat(l.report.points + l.honourPoints),
    record: { games: record.games, wins: record.wins, draws: record.draws, losses: record.losses },
  };
}

/**
 * A team's page: roster, every model's derived state and statistics from the stored projection (issue 9: a few rows,
 * never the campaign's ledger), its fallen, and its latest ledger lines.
 */
export function detail(db: Db, id: string): TeamDetail {
  const l = load(db, id);
  const ruleset = campaignRuleset(db, l.campaign);
  const honourName = honourNamer({ ruleset });
  const state = l.projection?.state;
  const progress: TeamDetail['progress'] = {};
  for (const m of [...l.roster.models, ...reserveModels(l.roster)]) {
    const s = state?.stats[m.id];
    progress[m.id] = { ...progressWords(state?.progression.models[m.id], honourName, ruleset.progression.honours), games: s?.games ?? 0, kills: s?.kills ?? 0 };
    if (m.squadSize !== undefined) {
      // A squad member's injury is rolled on its member id (shared/rules/game/squads.ts); a dead member's is gone with it.
      const members = Object.values(state?.progression.models ?? {})
        .filter((p) => squadOfMember(p.model)?.squadId === m.id && !p.dead && (p.permanentInjuries.length > 0 || p.mauled !== null))
        .map((p) => ({ member: `Member #${squadOfMember(p.model)!.member}`, injuries: p.permanentInjuries.map((i) => i.text), mauled: p.mauled?.text ?? null }))
        .sort((x, y) => x.member.localeCompare(y.member, undefined, { numeric: true }));
      if (members.length > 0) progress[m.id]!.members = members;
    }
  }
  const fallen: TeamDetail['fallen'] = [];
  const died = teamLedgerOfKind(db, id, 'model.died');
  const gameNumber = gamesRepo.gameNumbersOf(
    db,
    died.flatMap((r) => (r.gameId === null ? [] : [r.gameId])),
  );
  for (const row of died) {
    if (row.voidedAt !== null || row.modelId === null) continue;
    // A Squad member (shared/rules/game/squads.ts) is named after its squad.
    const member = squadOfMember(row.modelId);
    const named = state?.directory[member?.squadId ?? row.modelId];
    const entryName = l.list.entries.find((e) => e.id === named?.entryId)?.name ?? '';
    const name = named?.name || entryName || row.modelId;
    fallen.push({
      modelId: row.modelId,
      name: member ? `${name} (a squad member)` : name,
      entryName,
      exp: state?.progression.models[row.modelId]?.exp ?? 0,
      gameNumber: row.gameId === null ? null : (gameNumber.get(row.gameId) ?? null),
      text: row.reason,
    });
  }
  const { rows: latest, total } = latestTeamLedger(db, id, TEAM_LEDGER_LINES);
  const teamHonours = (state?.progression.teams[id]?.teamHonours ?? []).map((h) => honourName(h.honour));
  return {
    tacticalReserves: tacticalReservesOf(ruleset),
    progress,
    fallen,
    teamHonours,
    honourEffects: honourEffectsOf(ruleset, [...teamHonours, ...Object.values(progress).flatMap((p) => p.honours)]),
    team: summary(db, l),
    pointsLimit: l.limit,
    list: l.list,
    roster: l.roster,
    report: l.report,
    ledgerTotal: total,
    ledger: latest.map((e) => ({
      id: e.id,
      kind: e.kind,
      modelId: e.modelId,
      req: e.req,
      reason: e.reason,
      createdAt: e.createdAt,
      voided: e.voidedAt !== null,
    })),
  };
}
