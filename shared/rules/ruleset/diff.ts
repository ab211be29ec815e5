/**
 * What changes between two rulesets, in words (issue 6: "a readable diff (tables, costs, missions added or removed…)"),
 * shown before a campaign is upgraded or an edit is applied. Rosters that would become illegal are the app's to add
 * (they need the campaign's teams). Pure.
 */
import type { DiceTable, Mission, Readings, Ruleset, SecondaryObjective } from './schema';
import { missionScoring, scoringWords } from '../hor/mission-scoring';
import { rosterCapOf } from '../roster/ledger';
import { tacticalReservesOf } from '../roster/reserves';
import { READING_DEFAULTS, allTables } from './schema';
import { RESULT_READINGS } from '../game/result-readings';
import type { ResultReadingKey } from '../game/result-readings';

export interface RulesetChange {
  /** Where: "Missions", "Dice tables", "EXP awards", "Honours"… */
  area: string;
  kind: 'added' | 'removed' | 'changed';
  text: string;
}

/** JSON with object keys sorted: two rulesets that differ only in key order are the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

function byId<T extends { id: string; name: string }>(
  area: string,
  before: readonly T[],
  after: readonly T[],
  describe: ((a: T, b: T) => string | null) | null,
  out: RulesetChange[],
) {
  const old = new Map(before.map((x) => [x.id, x]));
  const now = new Map(after.map((x) => [x.id, x]));
  for (const [id, x] of old) if (!now.has(id)) out.push({ area, kind: 'removed', text: `${x.name} removed.` });
  for (const [id, x] of now) {
    const was = old.get(id);
    if (!was) out.push({ area, kind: 'added', text: `${x.name} added.` });
    else if (!same(was, x)) out.push({ area, kind: 'changed', text: describe?.(was, x) ?? `${x.name} changed.` });
  }
}

const rows = (t: DiceTable) => t.rows.map((r) => `${r.from === r.to ? r.from : `${r.from}–${r.to}`} ${r.text}`);

function tableText(was: DiceTable, now: DiceTable): string {
  const bits: string[] = [];
  if (was.expression !== now.expression) bits.push(`rolled on ${now.expression} instead of ${was.expression}`);
  const gone = rows(was).filter((r) => !rows(now).includes(r));
  const added = rows(now).filter((r) => !rows(was).includes(r));
  if (gone.length > 0) bits.push(`rows removed: ${gone.join('; ')}`);
  if (added.length > 0) bits.push(`rows added: ${added.join('; ')}`);
  return `${now.name}: ${bits.length > 0 ? bits.join('; ') : 'wording changed'}.`;
}

/** A mission's changed values in words (issue 19: the values Herald scores); other edits: "changed". */
function missionText(secondaries: readonly SecondaryObjective[]) {
  return (was: Mission, now: Mission): string => {
    const bits: string[] = [];
    const before = scoringWords(missionScoring(was));
    for (const w of scoringWords(missionScoring(now))) if (!before.includes(w)) bits.push(w.replace(/\.$/, ''));
    for (const o of secondaries) {
      const a = was.secondaryOverrides[o.id] ?? o.vp;
      const b = now.secondaryOverrides[o.id] ?? o.vp;
      if (a !== b) bits.push(`${o.name} ${a} → ${b} VP`);
    }
    for (const b of now.bonusExperience) {
      const a = was.bonusExperience.find((x) => x.id === b.id);
      if (a && a.exp !== b.exp) bits.push(`bonus EXP "${b.condition}" ${a.exp} → ${b.exp}`);
    }
    return bits.length > 0 ? `${now.name}: ${bits.join('; ')}.` : `${now.name} changed.`;
  };
}

function nullable<T>(area: string, name: string, was: T | null, now: T | null, describe: (a: T, b: T) => string, out: RulesetChange[]) {
  if (was === null && now === null) return;
  if (was === null) out.push({ area, kind: 'added', text: `${name} entered.` });
  else if (now === null) out.push({ area, kind: 'removed', text: `${name} removed (not entered).` });
  else if (!same(was, now)) out.push({ area, kind: 'changed', text: describe(was, now) });
}

/**
 * The changes from `before` to `after`, grouped by area, in words. Empty when they are the same.
 *
 * @example
 * const after = battleHonoursPreset();
 * after.progression.requisition.awards![0]!.req = 25;
 * diffRulesets(battleHonoursPreset(), after); // → [{ area: 'Requisition awards', kind: 'changed', text: 'Took part: 20 → 25 Req.' }]
 */
export function diffRulesets(before: Ruleset, after: Ruleset): RulesetChange[] {
  const out: RulesetChange[] = [];
  if (before.id !== after.id || before.name !== after.name) out.push({ area: 'Ruleset', kind: 'changed', text: `${before.name} → ${after.name}.` });
  if (before.version !== after.version) out.push({ area: 'Ruleset', kind: 'changed', text: `Version ${before.version} → ${after.version}.` });
  if (before.team.pointsLimit !== after.team.pointsLimit)
    out.push({ area: 'Teams', kind: 'changed', text: `Team points limit ${before.team.pointsLimit} → ${after.team.pointsLimit}.` });
  if (tacticalReservesOf(before) !== tacticalReservesOf(after))
    out.push({ area: 'Teams', kind: 'changed', text: `Tactical Reserves ${tacticalReservesOf(after) ? 'on' : 'off'}.` });
  if (rosterCapOf(before) !== rosterCapOf(after))
    out.push({ area: 'Teams', kind: 'changed', text: `Roster cap after founding ${rosterCapOf(before)} → ${rosterCapOf(after)} pts.` });
  byId('Missions', before.missions, after.missions, missionText(before.secondaryObjectives), out);
  byId('Special rules', before.specialRules, after.specialRules, (_a, b) => `${b.name}: text changed.`, out);
  byId(
    'Secondary objectives',
    before.secondaryObjectives,
    after.secondaryObjectives,
    (a, b) => (a.vp !== b.vp ? `${b.name}: ${a.vp} → ${b.vp} VP.` : `${b.name} changed.`),
    out,
  );
  byId(
    'Optional rules',
    before.optionalRules,
    after.optionalRules,
    (a, b) =>
      a.enabledByDefault !== b.enabledByDefault && same({ ...a, enabledByDefault: b.enabledByDefault }, b)
        ? `${b.name} switched ${b.enabledByDefault ? 'on' : 'off'}.`
        : `${b.name} changed.`,
    out,
  );
  // An optional rule added already switched on says so (it is what a club sees when it switches on a rule the ruleset did not list).
  for (const c of out) {
    if (c.area !== 'Optional rules' || c.kind !== 'added') continue;
    const rule = after.optionalRules.find((o) => `${o.name} added.` === c.text);
    if (rule?.enabledByDefault) c.text = `${rule.name} added, switched on.`;
  }
  byId('Dice tables', allTables(before), allTables(after), tableText, out);
  readingChanges(before.readings ?? {}, after.readings ?? {}, out);

  const p = before.progression;
  const q = after.progression;
  const SYSTEM = { 'battle-honours': 'Battle Honours', 'experience-levels': 'Experience & Levels' } as const;
  if (p.system !== q.system) out.push({ area: 'Progression', kind: 'changed', text: `Progression system ${SYSTEM[p.system]} → ${SYSTEM[q.system]}.` });
  nullable(
    'EXP awards',
    'EXP awards',
    p.experience.awards,
    q.experience.awards,
    (a, b) => {
      const bits: RulesetChange[] = [];
      byId('EXP awards', a, b, (x, y) => (x.exp !== y.exp ? `${y.name}: ${x.exp} → ${y.exp} EXP.` : `${y.name} changed.`), bits);
      return bits.map((c) => c.text).join(' ') || 'EXP awards changed.';
    },
    out,
  );
  nullable(
    'Level thresholds',
    'Level thresholds',
    p.levelThresholds,
    q.levelThresholds,
    (a, b) => `Level thresholds: ${a.map((t) => `${t.level}@${t.exp}`).join(', ')} → ${b.map((t) => `${t.level}@${t.exp}`).join(', ')} (level@EXP).`,
    out,
  );
  nullable(
    'Skills',
    'Skill lists',
    p.skills,
    q.skills,
    (a, b) => {
      const bits: RulesetChange[] = [];
      byId('Skills', a, b, (x, y) => `${y.name}: ${y.skills.length} skills (was ${x.skills.length}).`, bits);
      return bits.map((c) => c.text).join(' ') || 'Skill lists changed.';
    },
    out,
  );
  for (const type of ['team-leader', 'special', 'core'] as const) {
    const label = { 'team-leader': 'Team Leader', special: 'Special', core: 'Core' }[type];
    const was = p.injuries[type];
    const now = q.injuries[type];
    if (was && now && was.id !== now.id)
      out.push({ area: 'Injuries', kind: 'changed', text: `${label} injuries rolled on ${now.name} instead of ${was.name}.` });
    else if (!was !== !now) out.push({ area: 'Injuries', kind: now ? 'added' : 'removed', text: `${label} injury table ${now ? 'entered' : 'removed'}.` });
  }
  nullable(
    'Requisition awards',
    'Requisition awards',
    p.requisition.awards,
    q.requisition.awards,
    (a, b) => {
      const bits: RulesetChange[] = [];
      byId('Requisition awards', a, b, (x, y) => (x.req !== y.req ? `${y.name}: ${x.req} → ${y.req} Req.` : `${y.name} changed.`), bits);
      return bits.map((c) => c.text).join(' ') || 'Requisition awards changed.';
    },
    out,
  );
  byId('Requisition', p.requisition.multipliers, q.requisition.multipliers, (a, b) => `${b.name}: ×${a.factor} → ×${b.factor}.`, out);
  if (p.requisition.usesChart !== q.requisition.usesChart)
    out.push({
      area: 'Requisition',
      kind: 'changed',
      text: q.requisition.usesChart ? 'A requisition chart is rolled after each game.' : 'No requisition chart any more.',
    });
  nullable(
    'Honours',
    'Battle Honours',
    p.honours,
    q.honours,
    (a, b) => {
      const bits: string[] = [];
      const old = new Map(a.groups.flatMap((g) => g.honours.map((h) => [h.id, h] as const)));
      const now = new Map(b.groups.flatMap((g) => g.honours.map((h) => [h.id, h] as const)));
      for (const [id, h] of old) if (!now.has(id)) bits.push(`${h.name} removed.`);
      for (const [id, h] of now) {
        const w = old.get(id);
        if (!w) bits.push(`${h.name} added (${h.cost} Req).`);
        else if (w.cost !== h.cost) bits.push(`${h.name}: ${w.cost} → ${h.cost} Req.`);
        else if (!same(w, h)) bits.push(`${h.name} changed.`);
      }
      if (a.eliteSurcharge.req !== b.eliteSurcharge.req) bits.push(`Elite surcharge ${a.eliteSurcharge.req} → ${b.eliteSurcharge.req} Req.`);
      if (!same(a.caps, b.caps)) bits.push('Honour caps per model type changed.');
      return bits.join(' ') || 'Battle Honours changed.';
    },
    out,
  );
  return out;
}

const READING_NAMES: Readonly<Record<keyof Readings, string>> = {
  nightFighting: 'Night Fighting',
  deepStrike: 'Deep Strike',
  infiltrate: 'Infiltrate',
  gameLength: 'Game length',
  reservesArrivesOn: 'Reserves table',
  ...(Object.fromEntries(RESULT_READINGS.map((r) => [r.key, r.name])) as Record<ResultReadingKey, string>),
};
const READING_VALUES: Readonly<Record<string, string>> = {
  'every-shot': 'every turn of every game',
  'when-a-rule-says': 'only when a rule says so',
  'pack-000': 'as 000 prints it',
  'later-001': 'as 001 prints it',
  'ten-turns': '10 turns',
  'random-game-length': 'Random Game Length after turn 10',
  ...Object.fromEntries(RESULT_READINGS.flatMap((r) => r.choices.map((c) => [c.value, c.label.charAt(0).toLowerCase() + c.label.slice(1)]))),
};

/** The club's readings (issue 19): an absent field is Herald's default. */
function readingChanges(was: Readings, now: Readings, out: RulesetChange[]): void {
  const word = (v: unknown): string =>
    Array.isArray(v) ? v.map((n, i) => `turn ${i + 1}: ${n === null ? 'none' : `${String(n)}+`}`).join(', ') : (READING_VALUES[String(v)] ?? String(v));
  for (const key of Object.keys(READING_NAMES) as (keyof Readings)[]) {
    const a = was[key] ?? READING_DEFAULTS[key];
    const b = now[key] ?? READING_DEFAULTS[key];
    if (same(a, b)) continue;
    out.push({ area: 'Readings', kind: 'changed', text: `${READING_NAMES[key]}: ${word(a)} → ${word(b)}.` });
  }
}
