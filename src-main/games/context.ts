/**
 * Loading what a game needs from the campaign file: the campaign, its ruleset, both teams (list, roster, points),
 * the campaign ledger and its projection. Read-only; the handlers call it inside their transaction.
 */
import type { Side } from '../../shared/ipc/schemas/games';
import {
  battleHonoursPreset,
  foldRoster,
  projectModels,
  rosterPointsLimit,
  threat,
  validateRoster,
  type CampaignLedgerItem,
  type ModelReport,
  type Projection,
  type ProgressionEntry,
  type Roster,
  type RosterReport,
  type Ruleset,
  type TeamList,
} from '../../shared/rules';
import { AppError } from '../../shared/ipc/result';
import type { Db } from '../db/open';
import type { CampaignRow, LedgerRow, PlayerRow, TeamRow } from '../db/schema';
import { findCampaignRow } from '../repos/campaigns';
import { currentRulesetRow, parsePinned } from '../repos/rulesets';
import { findPlayer } from '../repos/players';
import { findTeamList, parseStoredList } from '../repos/team-lists';
import * as teamsRepo from '../repos/teams';

/**
 * The ruleset a campaign plays: the one pinned to it (issue 6), never the app's current presets, so updating Herald
 * never changes a running campaign. A campaign without one (impossible after createCore) plays Battle Honours.
 */
export function campaignRuleset(db: Db, campaign: CampaignRow): Ruleset {
  const row = currentRulesetRow(db, campaign.id);
  return row ? parsePinned(row) : battleHonoursPreset();
}

export interface LoadedTeam {
  row: TeamRow;
  player: PlayerRow;
  list: TeamList;
  roster: Roster;
  report: RosterReport;
  /** Req now: the sum of its ledger (voided entries skipped). */
  req: number;
}

export function loadTeam(db: Db, teamId: string, ledger: readonly LedgerRow[], pointsLimit: number): LoadedTeam {
  const row = teamsRepo.findTeam(db, teamId);
  if (!row) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  const list = parseStoredList(findTeamList(db, row.teamListId)!);
  const roster = teamsRepo.storedRoster(row);
  const req = ledger.reduce((s, e) => (e.teamId === teamId && e.voidedAt === null ? s + e.req : s), 0);
  return { row, player: findPlayer(db, row.playerId)!, list, roster, report: validateRoster(list, roster, rosterPointsLimit(pointsLimit, row.foundedAt !== null)), req };
}

export interface CampaignState {
  campaign: CampaignRow;
  ruleset: Ruleset;
  ledger: LedgerRow[];
  items: CampaignLedgerItem[];
  /** The games' entries (and honours), voided ones flagged. */
  progression: ProgressionEntry[];
  projection: Projection;
}

export function loadCampaignState(db: Db, campaignId: string): CampaignState {
  const campaign = findCampaignRow(db, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  const ledger = teamsRepo.campaignLedger(db, campaignId);
  const progression = teamsRepo.progressionEntries(ledger);
  return {
    campaign,
    ruleset: campaignRuleset(db, campaign),
    ledger,
    items: teamsRepo.campaignLedgerItems(ledger),
    progression,
    projection: projectModels(progression),
  };
}

/** PROGRESSION.md Threat: the team's points (models and gear) plus the Req value of its honours, ÷ 100 rounded up. */
export function teamThreat(state: CampaignState, team: LoadedTeam): number {
  return threat(team.report.points + (state.projection.teams[team.row.id]?.honourPoints ?? 0));
}

/** The Threat of every founded team of the campaign (for the Underdog). */
export function campaignThreats(db: Db, state: CampaignState): number[] {
  return teamsRepo
    .listTeams(db, state.campaign.id)
    .filter((t) => t.foundedAt !== null)
    .map((t) => teamThreat(state, loadTeam(db, t.id, state.ledger, state.campaign.pointsLimit)));
}

/** The report's model lines for a team's current roster: everyone took part and is alive until told otherwise. */
export function reportModels(team: LoadedTeam, side: Side): ModelReport[] {
  return team.report.models.map((card) => {
    const m: ModelReport = {
      id: card.modelId,
      side,
      name: card.name || card.entryName,
      type: card.category === 'squad' ? 'core' : card.category,
      tookPart: true,
      aliveAtEnd: true,
    };
    if (card.category === 'squad') m.squad = true;
    if (card.specialRules.includes('Non-Learning')) m.nonLearning = true;
    return m;
  });
}

/** Rebuild a founded team's roster cache from its ledger (design: a cache must equal a rebuild from the ledger). */
export function rebuildRoster(db: Db, teamId: string, at: string) {
  const roster = foldRoster(teamsRepo.ledgerItems(teamsRepo.teamLedger(db, teamId)));
  teamsRepo.updateTeam(db, teamId, { roster, updatedAt: at });
}

/**
 * Every model a campaign's ledger ever named — founding rosters, recruits, renames — with its latest name and its
 * Team List entry: dead and dismissed models keep their names in histories, void plans and bulletins.
 */
export function ledgerModels(items: readonly CampaignLedgerItem[]): Map<string, { name: string; entryId: string }> {
  const models = new Map<string, { name: string; entryId: string }>();
  for (const { data: d } of items) {
    if (d.kind === 'team.founded') d.roster.models.forEach((m) => models.set(m.id, { name: m.name || m.id, entryId: m.entryId }));
    if (d.kind === 'model.recruited') models.set(d.model.id, { name: d.model.name || d.model.id, entryId: d.model.entryId });
    if (d.kind === 'model.renamed') {
      const m = models.get(d.modelId);
      if (m) m.name = d.name;
    }
  }
  return models;
}

/** Model id → name, from the ledger (see ledgerModels). */
export const ledgerModelNames = (items: readonly CampaignLedgerItem[]) => new Map([...ledgerModels(items)].map(([id, m]) => [id, m.name]));
