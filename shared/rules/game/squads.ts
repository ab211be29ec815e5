/**
 * Squads in a game, as models (seed 004 "Squad": "individual models will still count toward the maximum Model
 * Availability"; "A model within a Squad counts as Core when determining whether a model gives VP or bonus EXP"; "If
 * there is only one model left in a squad at any point, he immediately loses the 'Squad' special rule").
 *
 * A roster keeps a Squad as one line with a size. In a game report each of its members is a model of its own, so every
 * count the seeds make "by model" (Run Away!, Survival, Destroyer, Breakthrough, Last Stand, Considerate Commander)
 * counts the members, each member can be taken out of action by someone, and each casualty gets its injury roll.
 * A member's id is the squad's roster id, '#', and its number (1 … size): members are interchangeable, so the number
 * only tells them apart within one game (docs/decisions.md "Squad members").
 */
import type { ModelType } from '../ruleset/schema';
import type { ModelReport } from './report';

const SEPARATOR = '#';

/**
 * The id of member `n` (1-based) of the squad whose roster id is `squadId`.
 *
 * @example
 * squadMemberId('third', 3); // → 'third#3'
 */
export function squadMemberId(squadId: string, n: number): string {
  return `${squadId}${SEPARATOR}${n}`;
}

/**
 * The squad a member id belongs to, or null for a model that is not a squad member.
 *
 * @example
 * squadOfMember('third#3'); // → { squadId: 'third', member: 3 }
 * squadOfMember('sarge'); // → null
 */
export function squadOfMember(id: string): { squadId: string; member: number } | null {
  const at = id.lastIndexOf(SEPARATOR);
  if (at <= 0) return null;
  const member = Number(id.slice(at + 1));
  if (!Number.isInteger(member) || member < 1) return null;
  return { squadId: id.slice(0, at), member };
}

/** What reportModelsOf needs from a roster card (roster/validate.ts ModelCard). */
export interface ReportCard {
  modelId: string;
  name: string;
  entryName: string;
  category: ModelType | 'squad';
  squadSize: number | undefined;
  specialRules: readonly string[];
  /** The card's points (a Squad's: the whole Squad's), kept on each report line for 000's Victory Points by unit. */
  points?: number;
}

/**
 * The report lines of one roster card: one for a single model, one per member for a Squad (typed Core, 004 "Squad").
 * A squad of one has lost the Squad rule, so its last member is an ordinary Core model.
 *
 * @example
 * reportModelsOf({ modelId: 'third', name: 'Third Squad', entryName: 'Guardsman Squad', category: 'squad', squadSize: 2, specialRules: [] }, 'a').map((m) => [m.id, m.name, m.squad]);
 * // → [['third#1', 'Third Squad (1 of 2)', true], ['third#2', 'Third Squad (2 of 2)', true]]
 */
export function reportModelsOf(card: ReportCard, side: 'a' | 'b'): ModelReport[] {
  const base = (id: string, name: string, type: ModelType): ModelReport => {
    const m: ModelReport = { id, side, name, type, tookPart: true, aliveAtEnd: true };
    if (card.specialRules.includes('Non-Learning')) m.nonLearning = true;
    if (card.points !== undefined) m.unitPoints = card.points;
    return m;
  };
  const name = card.name || card.entryName;
  if (card.category !== 'squad') return [base(card.modelId, name, card.category)];
  const size = Math.max(1, card.squadSize ?? 1);
  return Array.from({ length: size }, (_, i) => {
    const m = base(squadMemberId(card.modelId, i + 1), `${name} (${i + 1} of ${size})`, 'core');
    if (size > 1) m.squad = true;
    return m;
  });
}

/**
 * The report ids a roster card stands for (its members for a Squad).
 *
 * @example
 * reportIdsOf({ modelId: 'third', category: 'squad', squadSize: 3 }); // → ['third#1', 'third#2', 'third#3']
 */
export function reportIdsOf(card: Pick<ReportCard, 'modelId' | 'category' | 'squadSize'>): string[] {
  if (card.category !== 'squad') return [card.modelId];
  return Array.from({ length: Math.max(1, card.squadSize ?? 1) }, (_, i) => squadMemberId(card.modelId, i + 1));
}

/**
 * The ids a roster model answers to in games and the ledger: its own, and its members' for a Squad (a roster model has
 * a `squadSize` only when its entry is a Squad).
 *
 * @example
 * rosterModelIds({ id: 'third', squadSize: 2 }); // → ['third', 'third#1', 'third#2']
 * rosterModelIds({ id: 'sarge' }); // → ['sarge']
 */
export function rosterModelIds(model: { id: string; squadSize?: number | undefined }): string[] {
  if (model.squadSize === undefined) return [model.id];
  return [model.id, ...Array.from({ length: model.squadSize }, (_, i) => squadMemberId(model.id, i + 1))];
}

/**
 * The unit a report model belongs to: its squad's roster id for a squad member, else its own id (seed 003 counts
 * units: "1 victory point for each enemy unit that is destroyed"; a Squad is one unit, a single model another).
 *
 * @example
 * unitOf('third#3'); // → 'third'
 * unitOf('sarge'); // → 'sarge'
 */
export function unitOf(id: string): string {
  return squadOfMember(id)?.squadId ?? id;
}

/**
 * The units destroyed among some report models: a unit is destroyed when every one of its members that took part is
 * out of action (a squad with one member left standing is not destroyed); models that did not take part are left out.
 *
 * @example
 * const guard = (n: number, alive: boolean) => ({ id: `third#${n}`, aliveAtEnd: alive, tookPart: true });
 * unitsDestroyed([guard(1, false), guard(2, true), { id: 'sarge', aliveAtEnd: false, tookPart: true }]); // → ['sarge']
 * unitsDestroyed([guard(1, false), guard(2, false)]); // → ['third']
 */
export function unitsDestroyed(models: readonly Pick<ModelReport, 'id' | 'aliveAtEnd' | 'tookPart'>[]): string[] {
  const standing = new Map<string, boolean>();
  for (const m of models) {
    if (!m.tookPart) continue;
    const unit = unitOf(m.id);
    standing.set(unit, (standing.get(unit) ?? false) || m.aliveAtEnd);
  }
  return [...standing].filter(([, alive]) => !alive).map(([unit]) => unit);
}
