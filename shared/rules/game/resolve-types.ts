/**
 * What resolving a game reads and answers (shared/rules/game/resolve.ts). Plain data: main loads it from the campaign
 * file (src-main/games/context.ts: its LoadedTeam and GameState are these shapes and more), and the result wizard
 * previews from the same data in the renderer.
 */
import type { RollRecord } from '../dice';
import type { Side } from '../hor/facts';
import type { LedgerData } from '../roster/ledger';
import type { ProgressionEntry } from '../progression/entries';
import type { Projection } from '../progression/project';
import type { TeamLedgerState } from '../progression/team-fold';
import type { Roster } from '../roster/roster';
import type { TeamList } from '../roster/team-list';
import type { RosterReport } from '../roster/validate';
import type { Ruleset } from '../ruleset/schema';
import type { ChangeView, DraftToResolve, GamePreview } from './preview';
import type { GameScore } from './score';

/** One side's team as it is before the game. */
export interface ResolveTeam {
  row: { id: string; name: string };
  list: TeamList;
  roster: Roster;
  /** The roster checked against its points limit (validateRoster). */
  report: RosterReport;
  /** Req now (the sum of the team's live ledger entries). */
  req: number;
  /** The team's folded ledger (undefined before it is founded): the Req value of its honours, its models' progress. */
  projection: { honourPoints: number; state: { progression: Pick<TeamLedgerState['progression'], 'models'> } } | undefined;
}

/** The campaign's side of a game: its ruleset and the teams' progression. */
export interface ResolveState {
  campaign: { pointsLimit: number };
  ruleset: Ruleset;
  /** The teams' progression projections, merged. */
  projection: Projection;
  /** Every model the teams ever had → its latest name. */
  names: ReadonlyMap<string, string>;
}

/** What resolution reads of the game itself. */
export interface ResolveGameRow {
  id: string;
  number: number;
  seed: string;
  diceMode: 'app' | 'physical';
  missionId: string | null;
  /** The set-up as stored (the teams taken, issue 19). */
  setup: unknown;
  /** The stored game plan (its mission, counters and turns bound the report). */
  plan: unknown;
}

export interface ResolveInput {
  game: ResolveGameRow;
  state: ResolveState;
  teams: Record<Side, ResolveTeam>;
  /** Threat of every founded team of the campaign (the Underdog). */
  threats: number[];
  draft: DraftToResolve;
  /**
   * The draft was made from a record already checked (the history's replay): its report is not parsed again and the
   * rules' inputs, built complete, are not either. The rules' own checks all run.
   */
  checked?: boolean;
}

/** A roster-ledger entry the game writes (a recruit bought in the wizard). */
export interface RosterWrite {
  id: string;
  side: Side;
  modelId: string;
  req: number;
  data: LedgerData;
  reason: string;
}

export interface Resolved {
  preview: GamePreview;
  /** Progression entries to write (applyGame's, then the honours). Empty unless ready. */
  entries: ProgressionEntry[];
  recruits: RosterWrite[];
  /** Every post-game roll, in the order it was made. */
  rolls: RollRecord[];
  /** Text of each entry (by id), as the ledger's `reason`. */
  texts: Map<string, ChangeView>;
  score: GameScore | null;
}
