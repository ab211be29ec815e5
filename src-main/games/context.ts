/**
 * Loading what a game needs from the campaign file: the campaign, its ruleset, both teams (list, roster, points),
 * the campaign ledger and its projection. Read-only; the handlers call it inside their transaction.
 */
import type { Side } from '../../shared/ipc/schemas/games';
import {
  battleHonoursPreset,
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
import { readCampaignStates, readTeamState, type StoredTeamState } from './projection';
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
  if (!row) return battleHonoursPreset();
  // A pinned row never changes and its hash names its content: parse each once (issue 9).
  let ruleset = parsedRulesets.get(row.hash);
  if (!ruleset) {
    if (parsedRulesets.size > 50) parsedRulesets.clear();
    ruleset = parsePinned(row);
    parsedRulesets.set(row.hash, ruleset);
  }
  return ruleset;
}
const parsedRulesets = new Map<string, Ruleset>();

export interface LoadedTeam {
  row: TeamRow;
  player: PlayerRow;
  list: TeamList;
  roster: Roster;
  report: RosterReport;
  /** Req now (the team's stored projection: the sum of its live ledger entries). */
  req: number;
  /** The stored projection (undefined before the team is founded). */
  projection: StoredTeamState | undefined;
}

export function loadTeam(db: Db, teamId: string, pointsLimit: number): LoadedTeam {
  const row = teamsRepo.findTeam(db, teamId);
  if (!row) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  const list = parseStoredList(findTeamList(db, row.teamListId)!);
  const roster = teamsRepo.storedRoster(row);
  const projection = readTeamState(db, teamId);
  return {
    row,
    player: findPlayer(db, row.playerId)!,
    list,
    roster,
    report: validateRoster(list, roster, rosterPointsLimit(pointsLimit, row.foundedAt !== null)),
    req: projection?.req ?? 0,
    projection,
  };
}

/**
 * What resolving, showing or voiding a game needs from the campaign: its ruleset and the stored projections of the
 * teams involved (never the whole campaign ledger: issue 9).
 */
export interface GameState {
  campaign: CampaignRow;
  ruleset: Ruleset;
  /** The teams' progression projections, merged (teams and models keyed by id, so they never collide). */
  projection: Projection;
  /** Every model the teams ever had → its latest name. */
  names: Map<string, string>;
}

export function gameState(db: Db, campaign: CampaignRow, teams: readonly LoadedTeam[]): GameState {
  const projection: Projection = { models: {}, teams: {} };
  const names = new Map<string, string>();
  for (const t of teams) {
    const p = t.projection?.state;
    if (!p) continue;
    Object.assign(projection.models, p.progression.models);
    Object.assign(projection.teams, p.progression.teams);
    for (const [id, m] of Object.entries(p.directory)) names.set(id, m.name);
  }
  return { campaign, ruleset: campaignRuleset(db, campaign), projection, names };
}

export function mustFindCampaignRow(db: Db, campaignId: string): CampaignRow {
  const campaign = findCampaignRow(db, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return campaign;
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

/**
 * The WHOLE campaign ledger, parsed and projected: for the rare reads that need every team's history at once (the
 * bulletin, a ruleset upgrade's legality check, a campaign file). Game and team requests use the stored projections.
 */
export function loadCampaignState(db: Db, campaignId: string): CampaignState {
  const campaign = mustFindCampaignRow(db, campaignId);
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
export function teamThreat(team: LoadedTeam): number {
  return threat(team.report.points + (team.projection?.honourPoints ?? 0));
}

/** The Threat of every founded team of the campaign (for the Underdog), from the stored projections. */
export function campaignThreats(db: Db, campaign: CampaignRow): number[] {
  const states = readCampaignStates(db, campaign.id);
  return teamsRepo
    .listTeams(db, campaign.id)
    .filter((t) => t.foundedAt !== null)
    .map((t) => {
      const list = parseStoredList(findTeamList(db, t.teamListId)!);
      const points = validateRoster(list, teamsRepo.storedRoster(t), rosterPointsLimit(campaign.pointsLimit, true)).points;
      return threat(points + (states.get(t.id)?.honourPoints ?? 0));
    });
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
