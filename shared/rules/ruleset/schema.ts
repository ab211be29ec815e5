/**
 * Over 400 lines: the whole ruleset file format as one zod schema, as docs/progression.md describes it.
 * A ruleset as data: what a club plays (missions, special rules, dice tables, secondary objectives, optional rules,
 * post-game progression). Rulesets are versioned, exported/imported as files and pinned per campaign
 * (docs/progression.md), so everything here is plain JSON validated by zod.
 *
 * Convention: a schema and its inferred type share one name (docs/architecture.md).
 * Convention: `null` means "the organiser has not entered this yet" (docs/progression.md: the Experience & Levels preset
 * ships empty tables); `'unlimited'` means "no limit", so the two can never be confused.
 */
import { z } from 'zod';
import { DiceExpressionError, parseDice } from '../dice';

export const RULESET_SCHEMA_VERSION = 1;

/** Stable machine id: lower-case words joined by '-', e.g. "relic-hunt". */
export const RuleId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'An id is lower-case letters and digits joined by "-", e.g. "relic-hunt".');
export type RuleId = z.infer<typeof RuleId>;

/** Semantic version "major.minor.patch" (pre-release/build suffixes allowed). */
export const SemVer = z.string().regex(/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/, 'A version looks like 1.0.0.');
export type SemVer = z.infer<typeof SemVer>;

/** Where a rule comes from, so anyone can check it: a seed file (or design doc) and its section heading. */
export const Citation = z.object({
  /** e.g. "004" (seed 004_0e369971ddb514e3.txt), "000", "PROGRESSION.md" (the campaign tables: docs/progression.md), or "house rule". */
  source: z.string().min(1),
  /** The section heading as printed, e.g. "Run Away!" or "Mission 2: Relic Hunt / Victory Points". */
  section: z.string().min(1),
  /** Where the data deviates from or interprets the printed text, say how and why. */
  note: z.string().optional(),
});
export type Citation = z.infer<typeof Citation>;

/** A dice expression the dice module can roll ("D6", "2D6", "D66", "D3+2", "2D6×3"). */
export const DiceExpressionText = z.string().superRefine((text, ctx) => {
  try {
    parseDice(text);
  } catch (e) {
    if (!(e instanceof DiceExpressionError)) throw e;
    ctx.addIssue({ code: 'custom', message: e.message });
  }
});
export type DiceExpressionText = z.infer<typeof DiceExpressionText>;

export const ModelType = z.enum(['team-leader', 'special', 'core']);
export type ModelType = z.infer<typeof ModelType>;

/** One line, short enough for a tooltip or a printed reminder card. */
const OneLine = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\n]*$/, 'A reminder is a single line.');

export const SpecialRule = z.object({
  id: RuleId,
  name: z.string().min(1),
  reminder: OneLine,
  text: z.string().min(1),
  citation: Citation,
});
export type SpecialRule = z.infer<typeof SpecialRule>;

// ---------------------------------------------------------------------------------------------------------------
// Dice tables
// ---------------------------------------------------------------------------------------------------------------

export const DiceTableRow = z
  .object({
    /** Lowest result of this row (as read on the dice: 11..66 for D66). */
    from: z.number().int(),
    /** Highest result of this row, inclusive. */
    to: z.number().int(),
    /** Machine id of the result, e.g. "dead", "blizzard". */
    result: RuleId,
    text: z.string().min(1),
    /** A follow-up roll on another table of the ruleset (e.g. permanent injury → which characteristic). */
    followUpTable: RuleId.optional(),
  })
  .refine((row) => row.from <= row.to, { message: 'A row range must go from the lower to the higher result.' });
export type DiceTableRow = z.infer<typeof DiceTableRow>;

export const DiceTable = z.object({
  id: RuleId,
  name: z.string().min(1),
  expression: DiceExpressionText,
  rows: z.array(DiceTableRow),
  citation: Citation,
  note: z.string().optional(),
});
export type DiceTable = z.infer<typeof DiceTable>;

// ---------------------------------------------------------------------------------------------------------------
// Missions, secondary objectives, optional rules
// ---------------------------------------------------------------------------------------------------------------

export const SecondaryObjective = z.object({
  id: RuleId,
  name: z.string().min(1),
  vp: z.number().int().min(0),
  condition: z.string().min(1),
  citation: Citation,
});
export type SecondaryObjective = z.infer<typeof SecondaryObjective>;

/** Counters placed at set-up, e.g. "D3+2 Relic counters". */
export const MissionCounters = z.object({
  kind: z.enum(['relic', 'objective']),
  /** A fixed number or a dice expression rolled at set-up. */
  count: z.union([z.number().int().min(0), DiceExpressionText]),
  placement: z.string().min(1),
});
export type MissionCounters = z.infer<typeof MissionCounters>;

/** Bonus Campaign Experience: who gains how much EXP, for what. */
/**
 * What a Bonus Campaign Experience is earned for, so scoring can read a club mission's bonuses (issue 19). A seed-004
 * mission's bonuses need none: their ids say it (hor/mission-scoring.ts `bonusEarnedFor`).
 */
export const BonusEarnedFor = z.enum([
  'enemy-special-killed',
  'relic-carried',
  'attacker-in-defender-corner',
  'defender-wins',
  'enemy-marker-destroyed',
  'objective-claimed',
  'banner-alive',
  'banner-bearer-killed',
]);
export type BonusEarnedFor = z.infer<typeof BonusEarnedFor>;

export const ExpBonus = z.object({
  id: RuleId,
  exp: z.number().int().min(0),
  /** What it is earned for; absent on seed 004's own bonuses (their id says it). A bonus with neither is printed, not scored. */
  earnedFor: BonusEarnedFor.optional(),
  /** 'each' = per qualifying event (per kill, per relic); 'once' = once per game. */
  per: z.enum(['each', 'once']),
  /** Who can earn it; an empty list means "the model named in the condition" (e.g. the banner-bearer). */
  modelTypes: z.array(ModelType),
  condition: z.string().min(1),
});
export type ExpBonus = z.infer<typeof ExpBonus>;

const Vp = z.number().int().min(0).max(50);

/**
 * How a mission scores, as values scoring reads (issue 19: "Mission VP … become ruleset data that scoring reads; a club
 * mission is scored from the objectives and values its data gives"). Every field is optional: on a seed-004 mission an
 * absent field is seed 004's value (hor/mission-scoring.ts `SEED_MISSION_SCORING`), so rulesets pinned before keep their
 * content and hash; on a club's own mission an absent field means the mission does not score that way.
 */
export const MissionScoring = z.object({
  /** VP per Relic counter a living model holds at the end (004 Relic Hunt: 1); the mission places Relic counters. */
  vpPerRelic: Vp.optional(),
  /** VP for destroying the opponent's objective marker (004 Sabotage: 3). */
  vpForEnemyMarker: Vp.optional(),
  /** VP per objective marker claimed at the end (004 Seize Ground: 1). */
  vpPerClaimedMarker: Vp.optional(),
  /** Last Stand's 'defending models': defender VP at 50% or more left, attacker VP at 25% or less, VP for the banner in play. */
  defendingModels: z.object({ defenderVp: Vp, attackerVp: Vp, bannerVp: Vp }).optional(),
  /** The mission has an Attacker and a Defender who has the first turn (004 Breakthrough, Last Stand). */
  attackerAndDefender: z.boolean().optional(),
  /** How the mission is won outright, regardless of VP (004 Relic Hunt, Breakthrough, Seize Ground); 'none' for no way. */
  automaticWin: z.enum(['none', 'all-relics-home', 'breakthrough', 'all-objectives']).optional(),
  /**
   * The players deploy in deployment zones (004 Step 3); false when the mission sets up without them (004 Breakthrough,
   * Last Stand): no model can end in the enemy deployment zone, so Lead from the Front is not offered. Absent: zones.
   */
  deploymentZones: z.boolean().optional(),
  /**
   * 000 "Victory Points" (issue 30): 'by-unit' adds, for each enemy unit, what 000's Victory Points Table gives ("A unit
   * is worth as many Victory Points as its points cost": all of it when destroyed, half below 50% strength) to the
   * mission's own VP. Absent or 'mission': the mission's own VP only (every seed-004 mission).
   */
  victoryPoints: z.enum(['mission', 'by-unit']).optional(),
  /**
   * 000 "Margin of Victory": the VP difference against the game's points limit decides the result (a difference of 10%
   * or less is a Draw; more: Solid Victory, Crushing Victory, Victorious Slaughter!). 000 gives it only to missions
   * "where Victory Points are used": only with `victoryPoints: 'by-unit'` (validate.ts says so in words).
   */
  marginOfVictory: z.boolean().optional(),
});
export type MissionScoring = z.infer<typeof MissionScoring>;

export const Mission = z.object({
  id: RuleId,
  name: z.string().min(1),
  summary: z.string().min(1),
  /** Special rules in effect (ids of `specialRules`), in addition to the ruleset's always-on ones. */
  specialRules: z.array(RuleId),
  setup: z.array(z.string().min(1)),
  counters: z.array(MissionCounters),
  victoryPoints: z.array(z.string().min(1)),
  /** Secondary objectives whose VP this mission changes: id → VP. */
  secondaryOverrides: z.record(RuleId, z.number().int().min(0)),
  /** Extra ways the game ends (the normal ones always apply). */
  endingConditions: z.array(z.string().min(1)),
  /** Ways to win outright, regardless of VP. */
  automaticWins: z.array(z.string().min(1)),
  bonusExperience: z.array(ExpBonus),
  /** Requisition rules of the mission itself (e.g. Relic cash-in), as text. */
  requisition: z.array(z.string().min(1)),
  /** The values scoring reads (absent: seed 004's for its missions, secondary objectives only for a club's own). */
  scoring: MissionScoring.optional(),
  citation: Citation,
});
export type Mission = z.infer<typeof Mission>;

export const OptionalRule = z.object({
  id: RuleId,
  name: z.string().min(1),
  description: z.string().min(1),
  /** Whether a new campaign starts with it switched on. */
  enabledByDefault: z.boolean(),
  /** Dice tables this rule uses. */
  tables: z.array(RuleId),
  citation: Citation,
});
export type OptionalRule = z.infer<typeof OptionalRule>;

// ---------------------------------------------------------------------------------------------------------------
// Progression
// ---------------------------------------------------------------------------------------------------------------

export const ExpAward = z.object({
  id: RuleId,
  name: z.string().min(1),
  exp: z.number().int().min(0),
  modelTypes: z.array(ModelType).min(1),
  condition: z.string().min(1),
  citation: Citation,
});
export type ExpAward = z.infer<typeof ExpAward>;

export const LevelThreshold = z.object({
  level: z.number().int().min(1),
  exp: z.number().int().min(0),
});
export type LevelThreshold = z.infer<typeof LevelThreshold>;

export const Skill = z.object({ id: RuleId, name: z.string().min(1), text: z.string() });
export type Skill = z.infer<typeof Skill>;

/** A skill category (e.g. "Combat"), its skills, and who may take them (absent = every model type). */
export const SkillList = z.object({ id: RuleId, name: z.string().min(1), skills: z.array(Skill), modelTypes: z.array(ModelType).optional() });
export type SkillList = z.infer<typeof SkillList>;

/** The post-game injury table of one model type; `null` = not entered yet. */
export const InjuryTables = z.object({
  'team-leader': DiceTable.nullable(),
  special: DiceTable.nullable(),
  core: DiceTable.nullable(),
});
export type InjuryTables = z.infer<typeof InjuryTables>;

export const RequisitionAward = z.object({
  id: RuleId,
  name: z.string().min(1),
  req: z.number().int(),
  condition: z.string().min(1),
  citation: Citation,
});
export type RequisitionAward = z.infer<typeof RequisitionAward>;

export const RequisitionMultiplier = z.object({
  id: RuleId,
  name: z.string().min(1),
  factor: z.number().positive(),
  condition: z.string().min(1),
  citation: Citation,
});
export type RequisitionMultiplier = z.infer<typeof RequisitionMultiplier>;

export const Requisition = z.object({
  /** Fixed awards after a game; null = not entered yet. */
  awards: z.array(RequisitionAward).nullable(),
  multipliers: z.array(RequisitionMultiplier),
  /** A requisition chart rolled after each game; null = not entered yet (or not used: see `usesChart`). */
  chart: DiceTable.nullable(),
  usesChart: z.boolean(),
});
export type Requisition = z.infer<typeof Requisition>;

const HonourChange = z.number().int().min(-5).max(5).optional();

/**
 * What an honour does to the model's profile, as data (issue 30): the changes docs/progression.md prints beside the
 * honour (Strident Voice "+1 Ld", Iron Jaw "+1 W, max 3", Fast Mover "+2\" Move"). `max` is the highest the changed
 * characteristic goes. `{}` says "no change to the profile"; absent, a shipped honour's own data is used
 * (progression/playing-profile.ts honourStats), so rulesets pinned before still apply it.
 */
export const HonourStats = z
  .object({
    WS: HonourChange,
    BS: HonourChange,
    S: HonourChange,
    T: HonourChange,
    W: HonourChange,
    I: HonourChange,
    A: HonourChange,
    Ld: HonourChange,
    Move: HonourChange,
    max: z.number().int().min(1).max(10).optional(),
  })
  .strict();
export type HonourStats = z.infer<typeof HonourStats>;

export const Honour = z.object({
  id: RuleId,
  name: z.string().min(1),
  cost: z.number().int().min(0),
  /** What it does, as printed (shown beside the honour). */
  effect: z.string().optional(),
  /** What it does to the profile, as data (applied to the profile as it plays). */
  stats: HonourStats.optional(),
  /** Each honour once per model unless it says otherwise. */
  repeatable: z.boolean(),
  /** A cap on repeats, e.g. Iron Jaw "max 3". */
  maxTimes: z.number().int().min(1).optional(),
  restriction: z.string().optional(),
});
export type Honour = z.infer<typeof Honour>;

export const HonourGroup = z.object({
  id: RuleId,
  name: z.string().min(1),
  /** 'team': bought for the Kill Team as a whole; 'general': any model; 'faction': one faction's list. */
  scope: z.enum(['team', 'general', 'faction']),
  restriction: z.string().optional(),
  honours: z.array(Honour),
});
export type HonourGroup = z.infer<typeof HonourGroup>;

const Limit = z.union([z.number().int().min(0), z.literal('unlimited')]);

export const HonourCap = z.object({
  modelType: z.enum(['team-leader', 'special', 'special-as-core', 'core']),
  maxGroups: Limit,
  maxHonours: Limit,
});
export type HonourCap = z.infer<typeof HonourCap>;

export const Honours = z.object({
  groups: z.array(HonourGroup),
  caps: z.array(HonourCap),
  eliteSurcharge: z.object({ req: z.number().int().min(0), conditions: z.array(z.string().min(1)) }),
  rules: z.array(z.string().min(1)),
  citation: Citation,
});
export type Honours = z.infer<typeof Honours>;

export const Progression = z.object({
  /** How models improve: by honours bought with Req, or by EXP levels with advances. */
  system: z.enum(['battle-honours', 'experience-levels']),
  experience: z.object({
    /** Fixed EXP awards after a game (surviving, kills…); null = not entered yet. */
    awards: z.array(ExpAward).nullable(),
    /** EXP from the missions' Bonus Campaign Experience is always recorded (docs/progression.md). */
    missionBonuses: z.literal(true),
  }),
  /** Only for 'experience-levels'; null = not entered yet. */
  levelThresholds: z.array(LevelThreshold).nullable(),
  advanceTable: DiceTable.nullable(),
  skills: z.array(SkillList).nullable(),
  injuries: InjuryTables,
  /** Follow-up injury tables (e.g. which characteristic a permanent injury lowers). */
  injuryFollowUps: z.array(DiceTable),
  requisition: Requisition,
  /** Only for 'battle-honours'. */
  honours: Honours.nullable(),
  notes: z.array(z.string()),
});
export type Progression = z.infer<typeof Progression>;

// ---------------------------------------------------------------------------------------------------------------
// Readings: where the seeds conflict or are silent, the club's choice (issue 19)
// ---------------------------------------------------------------------------------------------------------------

/**
 * The club's readings of the seed conflicts. Every field is optional and absent means Herald's default
 * (game/readings.ts `READINGS` says each default and why), so rulesets pinned before readings existed parse to the
 * same content and keep their hash.
 */
export const Readings = z.object({
  /** 004 names Night Fighting in every mission; 000 prints it as a per-shot 2D6×3 check; Blizzard / Dusk & Dawn use it on some turns. */
  nightFighting: z.enum(['every-shot', 'when-a-rule-says']).optional(),
  /** Deep Strike as seed 000 prints it, or seed 001's later text. */
  deepStrike: z.enum(['pack-000', 'later-001']).optional(),
  /** Infiltrate as seed 000 prints it, or seed 001's later text. */
  infiltrate: z.enum(['pack-000', 'later-001']).optional(),
  /** 004 Step 5's 10 turns, or 000's Random Game Length after them. */
  gameLength: z.enum(['ten-turns', 'random-game-length']).optional(),
  /** The Reserves table: entry i is the D6 score needed on turn i+1 (null: cannot arrive); the last applies to later turns. */
  reservesArrivesOn: z.array(z.number().int().min(1).max(6).nullable()).min(2).max(6).optional(),
  // Where the campaign tables and seed 004 leave a case open (issue 30 item 10): game/readings.ts says each case and why.
  /** Two or more teams share the lowest Threat: no Underdog, or every one of them. */
  underdogOnTie: z.enum(['no-underdog', 'every-tied-team']).optional(),
  /** Relic Hunt's cash-in: added after the Underdog bonus (not multiplied), or multiplied by it too. */
  underdogRelics: z.enum(['not-multiplied', 'multiplied']).optional(),
  /** Victory's +10: to the game's winner (an automatic winner too), or to the side with the most VP. */
  victoryAward: z.enum(['the-winner', 'most-vp']).optional(),
  /** Models still in reserve at the end: counted for Survival and Destroyer (alive), or left out of both counts. */
  reservesInSecondaries: z.enum(['counted', 'left-out']).optional(),
  /** Experience & Levels: a Squad gains no EXP (none of its members can carry it), or gains it as one model on its roster line. */
  squadExperience: z.enum(['no-exp', 'as-one-model']).optional(),
});
export type Readings = z.infer<typeof Readings>;

/** Herald's default for each reading (game/readings.ts gives the reason for each; the Reserves table is 000's). */
export const READING_DEFAULTS: Readonly<Required<Readings>> = {
  nightFighting: 'every-shot',
  deepStrike: 'pack-000',
  infiltrate: 'pack-000',
  gameLength: 'ten-turns',
  reservesArrivesOn: [null, 4, 3, 2],
  underdogOnTie: 'no-underdog',
  underdogRelics: 'not-multiplied',
  victoryAward: 'the-winner',
  reservesInSecondaries: 'counted',
  squadExperience: 'no-exp',
};

// ---------------------------------------------------------------------------------------------------------------
// The ruleset
// ---------------------------------------------------------------------------------------------------------------

export const Ruleset = z
  .object({
    id: RuleId,
    name: z.string().min(1),
    version: SemVer,
    schemaVersion: z.literal(RULESET_SCHEMA_VERSION),
    description: z.string(),
    team: z.object({
      pointsLimit: z.number().int().positive(),
      /**
       * The points a founded roster may hold (docs/progression.md, Battle Honours: "A roster holds at most 400 pts of
       * models and gear"); absent = 400 (roster/ledger.ts `FOUNDED_ROSTER_CAP`), so rulesets pinned before keep their hash.
       */
      rosterCap: z.number().int().positive().max(100000).optional(),
      /**
       * Tactical Reserves (docs/progression.md, Battle Honours: models and gear "parked in reserve"); absent = on for the
       * Battle Honours system only (roster/reserves.ts `tacticalReservesOf`), so rulesets pinned before keep their hash.
       */
      tacticalReserves: z.boolean().optional(),
    }),
    /** Special rules in effect in every game of this ruleset (e.g. Night Fighting, Reserves, Built-up Area, Run Away!). */
    alwaysInEffect: z.array(RuleId),
    specialRules: z.array(SpecialRule),
    missions: z.array(Mission),
    /** The table the mission is rolled on (its rows' results are mission ids). */
    missionTable: RuleId.nullable(),
    diceTables: z.array(DiceTable),
    secondaryObjectives: z.array(SecondaryObjective),
    optionalRules: z.array(OptionalRule),
    progression: Progression,
    /** The club's readings of the seed conflicts; absent = Herald's defaults (issue 19). */
    readings: Readings.optional(),
  })
  .superRefine((r, ctx) => {
    const unique = (what: string, ids: string[], path: string) => {
      const seen = new Set<string>();
      for (const id of ids) {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [path], message: `Two ${what} have the id "${id}".` });
        seen.add(id);
      }
    };
    unique(
      'special rules',
      r.specialRules.map((s) => s.id),
      'specialRules',
    );
    unique(
      'missions',
      r.missions.map((m) => m.id),
      'missions',
    );
    unique(
      'dice tables',
      allTables(r).map((t) => t.id),
      'diceTables',
    );
    unique(
      'secondary objectives',
      r.secondaryObjectives.map((s) => s.id),
      'secondaryObjectives',
    );
    unique(
      'optional rules',
      r.optionalRules.map((o) => o.id),
      'optionalRules',
    );

    const rules = new Set(r.specialRules.map((s) => s.id));
    const tables = new Set(allTables(r).map((t) => t.id));
    const secondaries = new Set(r.secondaryObjectives.map((s) => s.id));
    const missions = new Set(r.missions.map((m) => m.id));
    for (const id of r.alwaysInEffect) {
      if (!rules.has(id)) ctx.addIssue({ code: 'custom', path: ['alwaysInEffect'], message: `No special rule "${id}".` });
    }
    for (const m of r.missions) {
      for (const id of m.specialRules) {
        if (!rules.has(id)) ctx.addIssue({ code: 'custom', path: ['missions'], message: `Mission "${m.name}" uses an unknown special rule "${id}".` });
      }
      for (const id of Object.keys(m.secondaryOverrides)) {
        if (!secondaries.has(id))
          ctx.addIssue({ code: 'custom', path: ['missions'], message: `Mission "${m.name}" changes an unknown secondary objective "${id}".` });
      }
    }
    for (const o of r.optionalRules) {
      for (const id of o.tables) {
        if (!tables.has(id)) ctx.addIssue({ code: 'custom', path: ['optionalRules'], message: `Optional rule "${o.name}" uses an unknown table "${id}".` });
      }
    }
    for (const t of allTables(r)) {
      for (const row of t.rows) {
        if (row.followUpTable !== undefined && !tables.has(row.followUpTable)) {
          ctx.addIssue({ code: 'custom', path: ['diceTables'], message: `Table "${t.name}" refers to an unknown table "${row.followUpTable}".` });
        }
      }
    }
    if (r.missionTable !== null) {
      const table = allTables(r).find((t) => t.id === r.missionTable);
      if (!table) ctx.addIssue({ code: 'custom', path: ['missionTable'], message: `No dice table "${r.missionTable}".` });
      for (const row of table?.rows ?? []) {
        if (!missions.has(row.result))
          ctx.addIssue({ code: 'custom', path: ['missionTable'], message: `The mission table names an unknown mission "${row.result}".` });
      }
    }
  });
export type Ruleset = z.infer<typeof Ruleset>;

/**
 * Every dice table of a ruleset, wherever it sits (top level, injuries, requisition chart, advances).
 *
 * @example
 * allTables(battleHonoursPreset()).map((t) => t.id).includes('bh-permanent-injury'); // → true
 */
export function allTables(r: Pick<Ruleset, 'diceTables' | 'progression'>): DiceTable[] {
  const p = r.progression;
  const maybe = [p.advanceTable, p.injuries['team-leader'], p.injuries.special, p.injuries.core, p.requisition.chart];
  const progressionTables = maybe.filter((t): t is DiceTable => t !== null);
  // The same table object may serve several model types (Team Leader and Special share the D66 table).
  const unique = [...new Set([...r.diceTables, ...progressionTables, ...p.injuryFollowUps])];
  const seen = new Set<string>();
  return unique.filter((t) => {
    if (seen.has(t.id)) return !isSameTable(unique, t);
    seen.add(t.id);
    return true;
  });
}

// Two entries with the same id but equal content are one table used twice (after a JSON round trip the object
// identity is gone); entries with the same id and different content are reported as duplicates.
function isSameTable(all: DiceTable[], t: DiceTable): boolean {
  const first = all.find((x) => x.id === t.id);
  return first !== undefined && JSON.stringify(first) === JSON.stringify(t);
}
