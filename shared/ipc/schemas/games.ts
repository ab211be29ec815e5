/**
 * Over 400 lines: every game channel's schema, so a game's wire format is read in one place.
 * IPC schemas for games (issue 5): set-up, the result wizard's draft, the preview main computes from it, commit,
 * void, standings and histories. The draft is what the organiser typed; everything derived (plan, VP, injuries, EXP,
 * Req) is computed from the draft by shared/rules (resolveGame), so the review screen and the commit are one code path.
 */
import { z } from 'zod';
import {
  GamePlan,
  GamePreview,
  GameReport,
  PendingRoll,
  PlanChoiceId,
  PlanOptionalRules,
  ProgressionEntry,
  RollRecord,
  Roster,
  RuleId,
  Ruleset,
  TeamList,
  type Projection,
} from '../../rules';
import { Id, NameField } from './campaigns';

export const DiceMode = z.enum(['app', 'physical']);
export type DiceMode = z.infer<typeof DiceMode>;
export const Side = z.enum(['a', 'b']);
export type Side = z.infer<typeof Side>;

/** The wizard's steps, in order (the post-game slip of issue 7 follows the same order). */
export const GAME_STEPS = ['result', 'injuries', 'experience', 'requisition', 'review'] as const;
export const GameStep = z.enum(GAME_STEPS);
export type GameStep = z.infer<typeof GameStep>;

// ----- campaign settings -----

/**
 * The club's settings of a campaign. `optionalRules` are the game-plan switches of the campaign's ruleset: since
 * issue 6 they are house rules, switched on the House rules page, and shown here read-only.
 */
export const CampaignSettings = z.object({ diceMode: DiceMode, optionalRules: PlanOptionalRules });
export type CampaignSettings = z.infer<typeof CampaignSettings>;

/** A mission the set-up form offers, and how its deployment is decided. */
export const SetupMission = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  /** Where it comes from: seed 004's Kill Team missions (the ruleset's), or the 8th-edition supplement (seed 003). */
  source: z.enum(['ruleset', 'club-8th']),
  /**
   * table: rolled or chosen on the deployment table; own: the mission sets it (Breakthrough, Last Stand);
   * roll-off: the roll-off winner picks the map and zone (003); sixth-marker: the player who placed the sixth objective
   * marker picks them (003 Tactical Escalation, Deadlock).
   */
  deployment: z.enum(['table', 'own', 'roll-off', 'sixth-marker']),
  /** The mission has an Attacker and a Defender (004 Breakthrough, Last Stand; a club's own mission by its data). */
  attackerAndDefender: z.boolean().optional(),
});
export type SetupMission = z.infer<typeof SetupMission>;

/** The settings plus what the set-up form offers from the campaign's ruleset. */
export const CampaignSettingsView = CampaignSettings.extend({
  rulesetName: z.string(),
  /** Every optional rule the club can switch in House rules (issue 6), with whether it is on. */
  houseOptionalRules: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), source: z.string(), on: z.boolean() })),
  missions: z.array(SetupMission),
  /** The ways to roll the mission: the ruleset's mission table, and the 8th-edition supplement's when it is on. */
  missionRolls: z.array(z.object({ id: z.string(), label: z.string() })),
  deployments: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type CampaignSettingsView = z.infer<typeof CampaignSettingsView>;
/**
 * Changing the club settings: the dice mode. `optionalRules` is accepted for older callers only when it equals the
 * ruleset's switches (they are changed in House rules now).
 */
export const CampaignSettingsInput = z.object({ id: Id, diceMode: DiceMode, optionalRules: PlanOptionalRules.optional() }).strict();

// ----- set-up -----

/**
 * What the players choose at set-up (issue 19; the plan's GamePlanOptions): the roll-off winners' choices (004 Step 3
 * "the winner may choose to deploy first or second"; Breakthrough "Whoever scores higher decides which player will be
 * the Attacker"; Last Stand "either by deciding yourselves, or by rolling a d6"; 003 "chooses who takes the first
 * turn"), and the optional rules the two players leave out of this game (004 Weather "If both players agree";
 * Injuries "Discuss with your opponent beforehand"). Every field has the plan's default. Since issue 30 the New game
 * screen sends only `playersOff`: the roll-off and first-turn answers are made on the game's page (games.choose), which
 * stores them here in the same shape; games set up earlier keep theirs as they were.
 */
export const SetupChoices = z
  .object({
    rollOffWinnerDeploys: z.enum(['first', 'second']).optional(),
    attacker: z.enum(['roll-off', 'a', 'b']).optional(),
    rollOffWinnerChooses: z.enum(['attacker', 'defender']).optional(),
    firstTurnChoice: z.enum(['take', 'give']).optional(),
    playersOff: z
      .array(z.enum(['weather', 'in-game-injuries']))
      .max(2)
      .optional(),
  })
  .strict();
export type SetupChoices = z.infer<typeof SetupChoices>;

export const GameSetup = z
  .object({
    campaignId: Id,
    teamA: Id,
    teamB: Id,
    /**
     * 'roll' on the mission table (004 Step 2) or a mission id; with the 8th-edition supplement switched on,
     * 'roll-club-8th' (its mission table) or a seed-003 mission id.
     */
    mission: z.union([z.literal('roll'), RuleId]).default('roll'),
    /**
     * 'roll' on the deployment table (004 Step 3) or a deployment result id. A seed-003 mission: 'roll' off for who
     * picks the deployment map and zone, or 'picked-by-a' / 'picked-by-b'.
     */
    deployment: z.union([z.literal('roll'), RuleId]).default('roll'),
    /** The day the game is played, YYYY-MM-DD (default: today). */
    playedOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the date as YYYY-MM-DD.')
      .optional(),
    /** The players' choices (issue 19); left out, the plan's defaults. */
    choices: SetupChoices.optional(),
    /**
     * The team each player takes (issue 19; docs/progression.md: "a team is the models taken to one game"): roster
     * model ids per side, a Squad by its roster line. Left out: every model plays.
     */
    taken: z
      .object({ a: z.array(z.string().min(1).max(64)).max(100), b: z.array(z.string().min(1).max(64)).max(100) })
      .strict()
      .optional(),
    /** The game's size in points the taken teams must fit (default: the campaign's points limit). */
    gameSize: z
      .number()
      .int('The game size is a whole number of points.')
      .min(1, 'The game size is at least 1 pt.')
      .max(100000, 'The game size is at most 100000 pts.')
      .optional(),
  })
  .strict()
  .refine((s) => s.teamA !== s.teamB, { message: 'Pick two different teams.', path: ['teamB'] });
export type GameSetupInput = z.input<typeof GameSetup>;

// ----- the draft (what the organiser typed; stored as JSON in games.draft) -----

/** An honour bought in the wizard (Battle Honours), tied to the game. `model` null = a Kill Team honour. */
export const DraftHonour = z.object({ side: Side, model: z.string().min(1).max(64).nullable(), honour: RuleId, elite: z.boolean().default(false) }).strict();
export type DraftHonour = z.infer<typeof DraftHonour>;

/** A recruit bought in the wizard with the team's Req, tied to the game. */
export const DraftRecruit = z.object({ side: Side, entryId: z.string().min(1).max(64), name: NameField('recruit', 60) }).strict();
export type DraftRecruit = z.infer<typeof DraftRecruit>;

export const DraftSideAwards = z
  .object({
    /** Medical Gear: the model whose injury roll is re-rolled. */
    injuryReroll: z.string().min(1).max(64).optional(),
    /** Organiser-added requisition awards earned. */
    otherAwards: z.array(RuleId).max(50).default([]),
    /** Experience & Levels: the organiser's EXP awards each model earned (`times` for "per kill" awards). */
    expAwards: z
      .array(z.object({ model: z.string().min(1).max(64), award: RuleId, times: z.number().int().min(1).max(50) }).strict())
      .max(500)
      .default([]),
  })
  .strict();

/** A roll Herald made, changed by the club before commit (shared/rules/campaign/keyed-dice.ts RollOverride). */
export const RollOverride = z
  .object({
    faces: z.array(z.number().int().min(1).max(6)).min(1).max(20),
    by: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Say who asked for the change.').max(80)),
    reason: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Say why the roll is changed (e.g. "club ruling: re-roll").').max(200)),
  })
  .strict();

export const GameDraft = z
  .object({
    step: GameStep,
    report: GameReport,
    awards: z.object({ a: DraftSideAwards, b: DraftSideAwards }).strict(),
    honours: z.array(DraftHonour).max(100).default([]),
    recruits: z.array(DraftRecruit).max(40).default([]),
    /**
     * Physical dice typed in, keyed by the roll's key (`<phase>|<purpose>|<n>`): a changed result only asks again
     * for the rolls it changes.
     */
    faces: z.record(z.string().max(300), z.array(z.number().int().min(1).max(6)).max(20)).default({}),
    /** Herald's rolls the club changed before commit (issue 20), keyed like `faces`: the faces, who asked and why. */
    overrides: z.record(z.string().max(300), RollOverride).default({}),
  })
  .strict();
export type GameDraft = z.infer<typeof GameDraft>;
export type GameDraftInput = z.input<typeof GameDraft>;

// ----- what main shows back -----

export const GameStatus = z.enum(['draft', 'committed', 'voided']);

export const GameSummary = z.object({
  id: Id,
  campaignId: Id,
  number: z.number().int(),
  status: GameStatus,
  playedOn: z.string(),
  diceMode: DiceMode,
  missionId: z.string().nullable(),
  missionName: z.string().nullable(),
  teams: z.object({
    a: z.object({ id: Id, name: z.string(), playerName: z.string() }),
    b: z.object({ id: Id, name: z.string(), playerName: z.string() }),
  }),
  vp: z.object({ a: z.number().int(), b: z.number().int() }).nullable(),
  winner: z.enum(['a', 'b', 'draw']).nullable(),
  committedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type GameSummary = z.infer<typeof GameSummary>;

// The preview's shapes live in the rules package (issue 32: its resolveGame builds them); the contract uses them here.
export { PendingRoll, ScoreView, ChangeView, SideBalance, ScoreViewLine as ScoreLine } from '../../rules';

/** A model of either side, as the wizard lists it. */
export const GameModelView = z.object({
  id: z.string(),
  side: Side,
  name: z.string(),
  entryName: z.string(),
  type: z.enum(['team-leader', 'special', 'core']),
  squad: z.boolean(),
  exp: z.number().int(),
  level: z.number().int(),
  honours: z.array(z.string()),
  /** Its Team List entry is a psyker (psykers-only honours; issue 17). */
  psyker: z.boolean().optional(),
  /** Its profile as it plays now (profileAsItPlays: gear, injuries, advances, honours), e.g. to judge the elite surcharge. */
  profile: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  /**
   * A draft game: mauled in its team's last game, for this game only (docs/progression.md Injuries); `sitsOut` when
   * incapacitated. Absent for a recorded game (the injury belonged to the game it was played in).
   */
  mauled: z.object({ effect: z.string(), text: z.string(), sitsOut: z.boolean() }).nullable().optional(),
});
export type GameModelView = z.infer<typeof GameModelView>;

export const HonourOption = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  cost: z.number().int(),
  scope: z.enum(['model', 'team']),
  restriction: z.string().nullable(),
  /** Issue 17: what it does (the ruleset's text), and the restriction Herald checks (honourRestriction). */
  effect: z.string().optional(),
  only: z.enum(['team-leader', 'psyker']).nullable().optional(),
});
export const RecruitOption = z.object({ entryId: z.string(), name: z.string(), category: z.string(), points: z.number().int() });

export { GamePreview } from '../../rules';

export const GameDetail = z.object({
  game: GameSummary,
  plan: GamePlan.nullable(),
  /** While the set-up is typed in with physical dice: the next roll. */
  planPendingRoll: PendingRoll.nullable(),
  draft: GameDraft,
  models: z.array(GameModelView),
  honourOptions: z.array(HonourOption),
  /** The ruleset's own EXP awards (Experience & Levels), to tick per model in the Experience step. */
  expAwardOptions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      exp: z.number().int(),
      modelTypes: z.array(z.enum(['team-leader', 'special', 'core'])),
      condition: z.string(),
    }),
  ),
  /**
   * The club's reading "Squads and EXP" is "as one model": the EXP awards are ticked for each Squad once, on its
   * roster line (shared/rules/progression/squad-experience.ts). Absent or false: squads gain no EXP and are not listed.
   */
  squadsGainExp: z.boolean().optional(),
  /** The ruleset's organiser-added requisition awards (not computed by Herald), to tick per side. */
  otherAwardOptions: z.array(z.object({ id: z.string(), name: z.string(), req: z.number().int(), condition: z.string() })),
  recruitOptions: z.object({ a: z.array(RecruitOption), b: z.array(RecruitOption) }),
  /** Medical Gear held (an injury re-roll is offered). */
  medicalGear: z.object({ a: z.boolean(), b: z.boolean() }),
  preview: GamePreview,
  /** Committed and voided games: every roll as stored. */
  storedRolls: z.array(RollRecord.extend({ phase: z.enum(['plan', 'post']) })),
  /** Committed and voided games: the ledger entries written. */
  entries: z.array(ProgressionEntry),
});
export type GameDetail = z.infer<typeof GameDetail>;

/** One side's team as the wizard's preview reads it (its roster is checked again against `limit` in the renderer). */
const PreviewTeam = z.object({
  id: z.string(),
  name: z.string(),
  list: TeamList,
  roster: Roster,
  limit: z.number().int(),
  req: z.number().int(),
  honourPoints: z.number(),
});

/**
 * What the result wizard previews a draft from in the renderer (issue 32: shared/rules resolveGame, the function the
 * commit runs in main), read once when the wizard opens: no edit travels to main to rebuild the preview.
 */
export const GamePreviewContext = z.object({
  game: z.object({
    id: Id,
    number: z.number().int(),
    seed: z.string(),
    diceMode: DiceMode,
    missionId: z.string().nullable(),
    setup: z.unknown(),
    plan: z.unknown(),
  }),
  pointsLimit: z.number().int(),
  ruleset: Ruleset,
  /** The two teams' progression, merged (shared/rules Projection: built by main's fold, not re-checked here). */
  projection: z.custom<Projection>((v) => typeof v === 'object' && v !== null && 'models' in v && 'teams' in v),
  /** Every model the teams ever had, with its latest name. */
  names: z.array(z.tuple([z.string(), z.string()])),
  teams: z.object({ a: PreviewTeam, b: PreviewTeam }),
  /** Threat of every founded team of the campaign (the Underdog). */
  threats: z.array(z.number().int()),
});
export type GamePreviewContext = z.infer<typeof GamePreviewContext>;

/** games.keepDraft's answer: the draft row was written (one small statement batch, nothing recomputed). */
export const GameDraftKept = z.object({ id: Id, updatedAt: z.string() });
export type GameDraftKept = z.infer<typeof GameDraftKept>;

export const GameIdInput = z.object({ id: Id }).strict();
/**
 * Issue 30: a player's answer to one of the plan's choices (who deploys first, who attacks, 003's first turn), asked on
 * the game's page once the plan is shown and changed, like a typed die, until the game is committed.
 */
export const GameChooseInput = z.object({ id: Id, choice: PlanChoiceId, value: z.string().min(1).max(40) }).strict();
export const GameSaveDraftInput = z.object({ id: Id, draft: GameDraft, expectedUpdatedAt: z.string().optional() }).strict();
export const GameEnterRollInput = z
  .object({
    id: Id,
    key: z.string().min(1).max(300),
    faces: z.array(z.number().int()).min(1).max(20),
    /**
     * Issue 20: changing a roll already made before commit. With real dice, a typed die is simply typed again; a roll
     * Herald made needs who asked and why (kept with the roll).
     */
    change: z
      .object({
        by: z
          .string()
          .transform((s) => s.trim())
          .pipe(z.string().min(1, 'Say who asked for the change.').max(80)),
        reason: z
          .string()
          .transform((s) => s.trim())
          .pipe(z.string().min(1, 'Say why the roll is changed (e.g. "club ruling: re-roll").').max(200)),
      })
      .strict()
      .optional(),
  })
  .strict();
export const GamesListInput = z
  .object({
    campaignId: Id,
    status: z.array(GameStatus).optional(),
    teamId: Id.optional(),
    missionId: RuleId.optional(),
    /** At most this many, newest first (a ten-year campaign has thousands of games; the campaign page asks for a page). */
    limit: z.number().int().min(1).max(10_000).optional(),
  })
  .strict();

export const VoidDependent = z.object({ id: z.string(), teamName: z.string(), message: z.string(), gameNumber: z.number().int().nullable() });
export const VoidPlan = z.object({
  game: GameSummary,
  /** What the game's own entries undo, in words. */
  reverses: z.array(z.string()),
  /** Later entries and games that depend on it; voiding them too is offered. */
  dependents: z.array(VoidDependent),
  /** Other games voided along with it when the dependents are voided too. */
  alsoVoidsGames: z.array(z.number().int()),
});
export type VoidPlan = z.infer<typeof VoidPlan>;
export const GameVoidInput = z
  .object({
    id: Id,
    reason: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Say why the game is voided (it is kept in the history).').max(200)),
    /** Void the dependents too; without it, a game with dependents is refused. */
    withDependents: z.boolean().default(false),
  })
  .strict();

// ----- standings and histories -----

export const StandingRow = z.object({
  teamId: Id,
  teamName: z.string(),
  playerName: z.string(),
  faction: z.string(),
  games: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  vpFor: z.number().int(),
  vpAgainst: z.number().int(),
  requisition: z.number().int(),
  threat: z.number().int(),
  modelsLost: z.number().int(),
});
export type StandingRow = z.infer<typeof StandingRow>;

export const ModelHistory = z.object({
  modelId: z.string(),
  name: z.string(),
  entryName: z.string(),
  status: z.enum(['active', 'dead', 'dismissed']),
  exp: z.number().int(),
  level: z.number().int(),
  games: z.number().int(),
  kills: z.number().int(),
  injuries: z.array(z.string()),
  advances: z.array(z.string()),
  honours: z.array(z.string()),
  /** Each event in order, in words, with the game number when a game caused it. */
  events: z.array(z.object({ gameNumber: z.number().int().nullable(), text: z.string(), voided: z.boolean() })),
  /** The organiser's note on the model (issue 22), or null. */
  note: z.string().nullable().optional(),
});
export type ModelHistory = z.infer<typeof ModelHistory>;

export const TeamHistory = z.object({
  teamId: Id,
  standing: StandingRow,
  games: z.array(GameSummary),
  models: z.array(ModelHistory),
});
export type TeamHistory = z.infer<typeof TeamHistory>;
