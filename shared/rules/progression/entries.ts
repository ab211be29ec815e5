/**
 * Progression ledger entries (docs/architecture.md "Progression is a ledger": "A committed game writes ledger
 * entries (EXP, level, advance, injury, death, Req earned/spent, purchase, honour…) tied to the game and to the dice
 * that produced them"). Plain JSON validated by zod, versioned by `v`, so it can be stored and re-read as-is.
 *
 * Every entry carries:
 * - `id`: unique in the campaign ledger (applyGame makes `<gameId>/<n>`);
 * - `gameId`: the game that produced it, or null for entries made between games (an honour bought with Req);
 * - `team`: the campaign team id (the app maps its teams onto sides 'a'/'b' of a game);
 * - `rolls`: the RollRecords that produced it (empty when no dice were involved);
 * - `voided`: true once its game was voided (voidGame); a voided entry stays in the ledger but counts for nothing;
 * - `citation`: where the rule comes from ("PROGRESSION.md · …" for docs/progression.md, or "004 · …").
 */
import { z } from 'zod';
import { RollRecord } from '../dice';
import { ModelType, RuleId } from '../ruleset/schema';

/** Version of the entry format. A change of shape means a new version and a migration, never a silent change. */
export const PROGRESSION_ENTRY_VERSION = 1 as const;

const Text = z.string().min(1);
const Id = z.string().min(1).max(120);
const NonNegative = z.number().int().min(0);
const Positive = z.number().int().min(1);

const base = {
  v: z.literal(PROGRESSION_ENTRY_VERSION),
  id: z.string().min(1).max(200),
  gameId: Id.nullable(),
  team: Id,
  rolls: z.array(RollRecord),
  voided: z.boolean(),
  citation: Text,
};

/**
 * What an injury roll means (docs/progression.md "Injuries"). The Battle Honours rows map as: `dead` → dead,
 * `permanent-injury` → permanent injury (the characteristic is the follow-up D6 row, e.g. "minus-1-ws"), `mauled` →
 * mauled for the next game (the effect is the follow-up D6 row, e.g. "winded"), `full-recovery` → recovered.
 * An organiser-entered table may use other result ids: they are kept as `other` with the row's text, and change
 * nothing in the projection (the organiser applies them by hand).
 */
export const InjuryResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dead'), text: Text }),
  z.object({ kind: z.literal('permanent-injury'), characteristic: RuleId, text: Text }),
  z.object({ kind: z.literal('mauled'), effect: RuleId, text: Text }),
  z.object({ kind: z.literal('recovered'), text: Text }),
  z.object({ kind: z.literal('other'), result: RuleId, text: Text }),
]);
export type InjuryResult = z.infer<typeof InjuryResult>;

/** One row reached on a follow-up table (e.g. the skill rolled after an advance). */
const FollowUp = z.object({ table: RuleId, result: RuleId, text: Text });

export const ProgressionEntry = z.discriminatedUnion('kind', [
  /** A model gained EXP (seed 004 Bonus Campaign Experience, or an organiser-entered EXP award). */
  z.object({ ...base, kind: z.literal('exp.gained'), model: Id, amount: Positive, source: RuleId, reason: Text }),
  /** Experience & Levels: the model's EXP reached a level threshold. */
  z.object({ ...base, kind: z.literal('level.reached'), model: Id, level: Positive, threshold: NonNegative }),
  /** Experience & Levels: the advance rolled for a level (and any follow-up rows, e.g. which skill). */
  z.object({
    ...base,
    kind: z.literal('advance.rolled'),
    model: Id,
    level: Positive,
    table: RuleId,
    result: RuleId,
    text: Text,
    followUps: z.array(FollowUp),
  }),
  /** A model taken out of action rolled on the injury table of its model type. */
  z.object({
    ...base,
    kind: z.literal('injury.rolled'),
    model: Id,
    modelType: ModelType,
    table: RuleId,
    /** The total of the roll that stands (11–66 on a D66); after a Medical Gear re-roll, the re-roll's. */
    roll: z.number().int(),
    result: InjuryResult,
  }),
  /** The model is dead and removed from the roster ("a dead … model loses all its gear and honours"). */
  z.object({ ...base, kind: z.literal('model.died'), model: Id, reason: Text }),
  /** A fixed requisition award, e.g. "Took part +20". */
  z.object({ ...base, kind: z.literal('req.awarded'), award: RuleId, amount: NonNegative, reason: Text }),
  /** The Underdog bonus: the extra Req that the ×factor adds to the awards (`amount` = the extra only). */
  z.object({
    ...base,
    kind: z.literal('req.underdog'),
    factor: z.number().positive(),
    /** The awards the factor was applied to. */
    base: NonNegative,
    amount: NonNegative,
    reason: Text,
  }),
  /** A roll on an organiser-entered requisition chart (Experience & Levels). */
  z.object({ ...base, kind: z.literal('req.chart'), table: RuleId, result: RuleId, text: Text, amount: NonNegative }),
  /** Relic cash-in: D6 Req per relic, added after the chart/awards (seed 004 Relic Hunt). */
  z.object({ ...base, kind: z.literal('relic.cashed'), relics: Positive, amount: NonNegative }),
  /** An honour bought with Req; `model` is null for a Kill Team (team-wide) honour. `cost` = baseCost + surcharge. */
  z.object({
    ...base,
    kind: z.literal('honour.bought'),
    model: Id.nullable(),
    honour: RuleId,
    group: RuleId,
    baseCost: NonNegative,
    surcharge: NonNegative,
    cost: NonNegative,
  }),
]);
export type ProgressionEntry = z.infer<typeof ProgressionEntry>;
export type ProgressionEntryKind = ProgressionEntry['kind'];

/** Every kind, in the order applyGame writes them. */
export const PROGRESSION_ENTRY_KINDS: readonly ProgressionEntryKind[] = [
  'exp.gained',
  'injury.rolled',
  'model.died',
  'level.reached',
  'advance.rolled',
  'req.awarded',
  'req.chart',
  'req.underdog',
  'relic.cashed',
  'honour.bought',
];

/**
 * The Req an entry adds to (positive) or takes from (negative) its team; 0 for entries that move no Req.
 * A voided entry moves nothing.
 *
 * @example
 * // ledger: the entries of the applyGame example (a Skirmish draw: Player A is team 'orks', Player B 'guard')
 * ledger.map(reqDelta); // → [20, 5, 10, 20, 5, 10]
 * reqDelta({ ...ledger[0]!, voided: true }); // → 0
 */
export function reqDelta(entry: ProgressionEntry): number {
  if (entry.voided) return 0;
  switch (entry.kind) {
    case 'req.awarded':
    case 'req.underdog':
    case 'req.chart':
    case 'relic.cashed':
      return entry.amount;
    case 'honour.bought':
      return -entry.cost;
    default:
      return 0;
  }
}

/**
 * The model an entry is about, or null (team entries).
 *
 * @example
 * const boss: ModelFacts = { id: 'a-boss', side: 'a', type: 'team-leader', aliveAtEnd: true, relicsCarried: 1 };
 * const facts: GameFacts = { ending: { kind: 'turns' }, relicCount: 3, models: [boss, { id: 'b-sarge', side: 'b', type: 'team-leader', aliveAtEnd: true }] };
 * const awards = { firstBlood: false, kayfabe: false, misadventureLosses: 0 };
 * const ledger = applyGame({ gameId: 'g1', ruleset: battleHonoursPreset(), missionId: 'relic-hunt', facts, winner: 'a',
 *   awards: { a: awards, b: awards }, teams: { a: { team: 'orks', threat: 3 }, b: { team: 'guard', threat: 3 } } }, new PhysicalDice([[4]]));
 * ledger.map((e) => [e.kind, entryModel(e)]).slice(0, 2); // → [['exp.gained', 'a-boss'], ['req.awarded', null]]
 */
export function entryModel(entry: ProgressionEntry): string | null {
  return 'model' in entry ? entry.model : null;
}

/**
 * The id of an amendment's entry (issue 20): `<game id>/amend<round>/<n>`. An amendment's entries belong to an
 * earlier game than the team's last, or to the last one again: they never make their game the team's latest.
 *
 * @example
 * amendmentEntryId('g1', 2, 0); // → 'g1/amend2/1'
 * isAmendmentEntryId('g1/amend2/1'); // → true
 */
export const amendmentEntryId = (gameId: string, round: number, n: number) => `${gameId}/amend${round}/${n + 1}`;
export const isAmendmentEntryId = (id: string) => /\/amend\d+\/\d+$/.test(id);
