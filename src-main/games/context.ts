/**
 * Loading what a game needs from the campaign file: the campaign, its ruleset, both teams (list, roster, points),
 * the campaign ledger and its projection. Read-only; the handlers call it inside their transaction.
 */
import type { Side } from '../../shared/ipc/schemas/games';
import {
  battleHonoursPreset,
  projectModels,
  reportModelsOf,
  withSittersOut,
  rosterCapOf,
  rosterPointsLimit,
  FOUNDED_ROSTER_CAP,
  modelsLost,
  threatHonourPoints,
  type TeamFold,
  threat,
  teamThreat as rulesTeamThreat,
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
import { desc, eq, sql } from 'drizzle-orm';
import { campaignRulesets, teams, type CampaignRow, type LedgerRow, type PlayerRow, type TeamRow } from '../db/schema';
import { prepared } from '../db/prepared';
import { findCampaignRow } from '../repos/campaigns';
import { campaignLedger, campaignLedgerItems, progressionEntries, readCampaignHonourPoints, readTeamState, type StoredTeamState } from '../ledger';
import { currentRulesetRow, parsePinned } from '../repos/rulesets';
import { findPlayer } from '../repos/players';
import { loadTeamList } from '../repos/team-lists';
import * as teamsRepo from '../repos/teams';

/**
 * The ruleset a campaign plays: the one pinned to it (issue 6), never the app's current presets, so updating Herald
 * never changes a running campaign. A campaign without one (impossible after createCore) plays Battle Honours.
 */
export function campaignRuleset(db: Db, campaign: CampaignRow): Ruleset {
  // A pinned row never changes: read and parse each row once (issue 9). The cache is keyed by the row (its seq) and its
  // hash, never by a hash alone: a row whose stored hash was forged (imported before issue 16 recomputed hashes) can
  // only ever be its own campaign's ruleset, never another campaign's preset.
  const head = prepared(db, 'rulesets.currentHead', (d) =>
    d
      .select({ seq: campaignRulesets.seq, hash: campaignRulesets.hash })
      .from(campaignRulesets)
      .where(eq(campaignRulesets.campaignId, sql.placeholder('campaignId')))
      .orderBy(desc(campaignRulesets.seq))
      .limit(1)
      .prepare(),
  ).get({ campaignId: campaign.id });
  if (!head) return battleHonoursPreset();
  const key = `${head.seq}|${head.hash}`;
  let ruleset = parsedRulesets.get(key);
  if (!ruleset) {
    const row = currentRulesetRow(db, campaign.id)!;
    if (parsedRulesets.size > 50) parsedRulesets.clear();
    ruleset = parsePinned(row);
    parsedRulesets.set(`${row.seq}|${row.hash}`, ruleset);
  }
  return ruleset;
}
const parsedRulesets = new Map<string, Ruleset>();

/** The points a founded roster of this campaign may hold: its ruleset's roster cap (issue 19; 400 when unset). */
export function campaignRosterCap(db: Db, campaignId: string): number {
  const campaign = findCampaignRow(db, campaignId);
  return campaign ? rosterCapOf(campaignRuleset(db, campaign)) : FOUNDED_ROSTER_CAP;
}

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
  /** The campaign ruleset's roster cap after founding (issue 19); absent: 400. */
  rosterCap?: number;
}

/**
 * A team's stored projection as its folded ledger gives it (issue 27: an amendment and the replay judge a game from
 * the fold up to its place, not from what is stored now). Threat reads only the honours of the models on the roster.
 */
export function projectionOfFold(teamId: string, fold: TeamFold): StoredTeamState {
  return {
    teamId,
    req: fold.req,
    honourPoints: threatHonourPoints(fold.state, teamId),
    modelsLost: modelsLost(fold.state),
    lastSeq: fold.lastSeq,
    record: fold.record,
    state: fold.state,
    undo: null,
  };
}

/** A loaded team after an append changed its roster and projection (ledger.append's answer). */
export function teamAfter(team: LoadedTeam, after: { roster: Roster; projection: StoredTeamState } | undefined, pointsLimit: number): LoadedTeam {
  if (!after) return team;
  const { roster, projection } = after;
  const report = checkedRoster(team.list, roster, rosterPointsLimit(pointsLimit, team.row.foundedAt !== null, team.rosterCap ?? FOUNDED_ROSTER_CAP));
  return { ...team, roster, report, req: projection.req, projection };
}

/** A team as a game reads it; `rosterCap` when the caller has its campaign's ruleset already (loadGameContext). */
export function loadTeam(db: Db, teamId: string, pointsLimit: number, knownRosterCap?: number): LoadedTeam {
  const row = teamsRepo.findTeam(db, teamId);
  if (!row) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  const list = loadTeamList(db, row.teamListId)!;
  const roster = teamsRepo.storedRoster(row);
  const projection = readTeamState(db, teamId);
  const rosterCap = knownRosterCap ?? campaignRosterCap(db, row.campaignId);
  return {
    row,
    player: findPlayer(db, row.playerId)!,
    list,
    roster,
    report: checkedRoster(list, roster, rosterPointsLimit(pointsLimit, row.foundedAt !== null, rosterCap)),
    req: projection?.req ?? 0,
    projection,
    rosterCap,
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
  return stateOf(campaign, campaignRuleset(db, campaign), teams);
}

/** A game's state from teams already loaded (or just written: a commit answers from what it wrote, issue 18). */
export function stateOf(campaign: CampaignRow, ruleset: Ruleset, teams: readonly LoadedTeam[]): GameState {
  const projection: Projection = { models: {}, teams: {} };
  const names = new Map<string, string>();
  for (const t of teams) {
    const p = t.projection?.state;
    if (!p) continue;
    Object.assign(projection.models, p.progression.models);
    Object.assign(projection.teams, p.progression.teams);
    for (const [id, m] of Object.entries(p.directory)) names.set(id, m.name);
  }
  return { campaign, ruleset, projection, names };
}

/**
 * Everything showing, resolving or committing a game reads of the campaign file, in one pass (issue 32): the campaign
 * row and its pinned ruleset once (not once per team), both teams, and their progression. Read-only.
 */
export function loadGameContext(db: Db, game: { campaignId: string; teamAId: string; teamBId: string }) {
  const campaign = mustFindCampaignRow(db, game.campaignId);
  const ruleset = campaignRuleset(db, campaign);
  const cap = rosterCapOf(ruleset);
  const teams: Record<Side, LoadedTeam> = {
    a: loadTeam(db, game.teamAId, campaign.pointsLimit, cap),
    b: loadTeam(db, game.teamBId, campaign.pointsLimit, cap),
  };
  return { campaign, teams, state: stateOf(campaign, ruleset, [teams.a, teams.b]) };
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
  const ledger = campaignLedger(db, campaignId);
  const progression = progressionEntries(ledger);
  return {
    campaign,
    ruleset: campaignRuleset(db, campaign),
    ledger,
    items: campaignLedgerItems(ledger),
    progression,
    projection: projectModels(progression),
  };
}

/** docs/progression.md Threat: the team's points (models and gear) plus the Req value of its honours, ÷ 100 rounded up. */
export const teamThreat = (team: LoadedTeam): number => rulesTeamThreat(team);

/** The Threat of every founded team of the campaign (for the Underdog), from the stored projections. */
export function campaignThreats(db: Db, campaign: CampaignRow): number[] {
  const honourPoints = readCampaignHonourPoints(db, campaign.id);
  const rosters = prepared(db, 'teams.rosterText', (d) =>
    d
      .select({ id: teams.id, teamListId: teams.teamListId, foundedAt: teams.foundedAt, roster: sql<string>`${teams.roster}` })
      .from(teams)
      .where(eq(teams.campaignId, sql.placeholder('campaignId')))
      .prepare(),
  ).all({ campaignId: campaign.id });
  return rosters.filter((t) => t.foundedAt !== null).map((t) => threat(rosterPoints(db, t.teamListId, t.roster) + (honourPoints.get(t.id) ?? 0)));
}

/** A stored roster's points (see checkedRoster). */
function rosterPoints(db: Db, teamListId: string, rosterText: string): number {
  const list = loadTeamList(db, teamListId)!;
  let byText = points.get(list);
  if (!byText) points.set(list, (byText = new Map()));
  let p = byText.get(rosterText);
  if (p === undefined) {
    if (byText.size > 1000) byText.clear();
    p = checkedRoster(list, JSON.parse(rosterText) as Roster, Number.MAX_SAFE_INTEGER).points;
    byText.set(rosterText, p);
  }
  return p;
}
const points = new WeakMap<TeamList, Map<string, number>>();

/**
 * validateRoster, remembered per parsed list (an edited list is another object: repos/team-lists.ts), roster and
 * points limit (issue 9: the standings, the team list and the Underdog check every team's roster on every request,
 * and a roster rarely changes). The report is shared: read it, never change it.
 */
export function checkedRoster(list: TeamList, roster: Roster, limit: number): RosterReport {
  const key = `${limit}|${JSON.stringify(roster)}`;
  let byKey = reports.get(list);
  if (!byKey) reports.set(list, (byKey = new Map()));
  let report = byKey.get(key);
  if (!report) {
    if (byKey.size > 1000) byKey.clear();
    report = validateRoster(list, roster, limit);
    byKey.set(key, report);
  }
  return report;
}
const reports = new WeakMap<TeamList, Map<string, RosterReport>>();

/**
 * The report's model lines for a team's current roster: everyone took part and is alive until told otherwise. A Squad
 * is one line per member (shared/rules/game/squads.ts: seed 004 counts its models one by one).
 */
export function reportModels(team: LoadedTeam, side: Side): ModelReport[] {
  // docs/progression.md Injuries: a model "incapacitated, sits the next game out" is listed as not taking part.
  const progress = team.projection?.state.progression.models ?? {};
  return withSittersOut(
    team.report.models.flatMap((card) => reportModelsOf(card, side)),
    (id) => progress[id]?.mauled,
  );
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
