/**
 * A game from set-up to score: plan it (plan.ts), record it (report.ts, documented in REPORT.md), score it (score.ts).
 * See README.md.
 */
export {
  PLAN_VERSION,
  SideId,
  PlanSide,
  PlanOptionalRules,
  GamePlanOptions,
  PlannedSpecialRule,
  ClubMissionPlan,
  GamePlan,
  ROLL_CLUB_MISSION,
  CLUB_ZONE_PICKED_BY,
  GamePlanError,
  planGame,
  PLAYERS_MAY_LEAVE_OUT,
  // The plan's roll-off is the same as mission-pack's rollOff (exported from there); kept internal here.
  rollOff as planRollOff,
} from './plan';
export type { GamePlanOptionsInput } from './plan';
export { PlanChoiceId, PlanChoice, choiceSettings } from './choices';
export type { ChoiceSettings } from './choices';
export {
  REPORT_VERSION,
  REPORT_LIMITS,
  ReportOutOfAction,
  ModelReport,
  SideReport,
  ReportEnding,
  GameReport,
  GameReportError,
  toGameFacts,
  killsBy,
  sideOutcomes,
  reportFromPlan,
  ClubSideReport,
  ClubReport,
  clubFacts,
  clubInputs,
} from './report';
export type { SideOutcome } from './report';
export { validateReport } from './report-checks';
export { reportBoundsProblems, tacticalObjectivesMax, TACTICAL_OBJECTIVE_MAX_VP } from './report-bounds';
export type { ReportBoundsContext } from './report-bounds';
/** The result form's edits, as pure reducers (one namespace: their names read as the form's own actions). */
export * as reportEdits from './report-edits';
export type { ModelFlag } from './report-edits';
export { scoreGame } from './score';
export { ReportAmendment, MAX_AMENDMENTS } from './amendment';
export { squadMemberId, squadOfMember, reportModelsOf, reportIdsOf, rosterModelIds, unitOf, unitsDestroyed } from './squads';
export type { ReportCard } from './squads';
export { sitsNextGameOut, sittersOutProblems, withSittersOut } from './next-game';
export type { Mauled } from './next-game';
export { takenAllowanceProblems, takenPoints, teamTakenProblems } from './team-taken';
export type { TakenCard, TakenTeam } from './team-taken';
export {
  CLUB_8TH_MISSIONS,
  HOUSE_OPTIONAL_RULES,
  PLAN_KEY_RULE,
  atTheTableOptionalRules,
  clubMissionsOn,
  houseOptionalRule,
  isOptionalRuleOn,
  optionalRuleSwitches,
  planOptionalRulesOf,
  switchOptionalRule,
  withOptionalRules,
} from './optional-rules';
export type { HouseOptionalRule, OptionalRuleSwitch } from './optional-rules';
export type { GameScore, ScoreOptions } from './score';
export { READINGS, RESERVES_READING, DEFAULT_RESERVES_ARRIVES_ON, plannedReadings, readingOf, reservesOf, reservesText, setReading } from './readings';
export type { Reading, ReadingChoice, ReadingKey, PlannedReading } from './readings';
export { RESULT_READINGS, readingNote, resultReading } from './result-readings';
export type { ResultReadingKey } from './result-readings';
export { PendingRoll, ScoreViewLine, ScoreView, ChangeView, SideBalance, GamePreview } from './preview';
export type { DraftToResolve, DraftAwardsToResolve } from './preview';
export { resolveGame, textsStage } from './resolve';
export { checkStage, takenOf, takenProblems } from './resolve-checks';
export { applyInputOf, applyStage, reqBookOf, scoreStage, teamThreat } from './resolve-stages';
export type { ApplyStop, ReqBook } from './resolve-stages';
export { honoursStage, recruitModelId, recruitsStage } from './resolve-spend';
export { CHANGE_STEP, entryText, humanizer, modelNames, scoreView } from './resolve-words';
export type { ResolveGameRow, ResolveInput, ResolveState, ResolveTeam, Resolved, RosterWrite } from './resolve-types';
