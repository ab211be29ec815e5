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
  GamePlan,
  GamePlanError,
  planGame,
  // The plan's roll-off is the same as mission-pack's rollOff (exported from there); kept internal here.
  rollOff as planRollOff,
} from './plan';
export type { GamePlanOptionsInput } from './plan';
export {
  REPORT_VERSION,
  ReportOutOfAction,
  ModelReport,
  SideReport,
  ReportEnding,
  GameReport,
  GameReportError,
  toGameFacts,
  killsBy,
  sideOutcomes,
  validateReport,
  reportFromPlan,
} from './report';
export type { SideOutcome } from './report';
export { scoreGame } from './score';
export type { GameScore, ScoreOptions } from './score';
