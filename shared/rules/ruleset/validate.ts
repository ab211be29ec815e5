/**
 * Checking a ruleset as the organiser edits it (issue 6 "Validation as you type, in words"): everything the schema
 * says, every dice table's gaps and overlaps ("D66 result 21 is not covered"), level thresholds out of order, skill
 * categories no model type may use, honours and awards that contradict themselves. `missing` lists the tables not
 * entered yet separately: they are not mistakes, but a game cannot be applied until they are in.
 */
import { missingTables, tableCoverageProblems } from '../presets/require';
import type { MissingTable } from '../presets/require';
import { CLUB_MISSION_IDS, CLUB_MISSION_TABLE } from '../club-8th/missions';
import { Ruleset, allTables } from './schema';
import type { Mission } from './schema';
import { bonusEarnedFor, missionScoring } from '../hor/mission-scoring';
import { issueMessage } from '../roster/team-list-issues';

/** Where a problem is in a ruleset, in words: ["progression", "honours", "groups", 1, "cost"] → "progression › honours › groups 2 › cost". */
const placeWords = (path: readonly PropertyKey[]) =>
  path
    .reduce<string[]>(
      (out, seg) => (typeof seg === 'number' && out.length > 0 ? [...out.slice(0, -1), `${out[out.length - 1]} ${seg + 1}`] : [...out, String(seg)]),
      [],
    )
    .join(' › ');

export interface RulesetCheck {
  /** Mistakes, in words; the ruleset cannot be saved while there are any. */
  problems: string[];
  /** Tables not entered yet (docs/progression.md: named, never invented). */
  missing: MissingTable[];
}

/**
 * Every problem with a ruleset, in words, and the tables it still lacks. Accepts anything (e.g. an imported file).
 *
 * @example
 * checkRuleset(battleHonoursPreset()); // → { problems: [], missing: [] }
 * checkRuleset(experienceLevelsPreset()).missing[0]?.key; // → 'experience-awards'
 */
export function checkRuleset(input: unknown): RulesetCheck {
  const parsed = Ruleset.safeParse(input);
  if (!parsed.success) {
    // Words, never a dotted schema path or zod's own wording (issue 17): "progression › honours › group 2 › cost: is at least 0."
    return { problems: parsed.error.issues.map((i) => `${i.path.length > 0 ? placeWords(i.path) : 'ruleset'}: ${issueMessage(i)}`), missing: [] };
  }
  const r = parsed.data;
  const problems = [...tableCoverageProblems(r)];
  const p = r.progression;

  const thresholds = p.levelThresholds ?? [];
  thresholds.forEach((t, i) => {
    if (t.level !== i + 1) problems.push(`Level thresholds: row ${i + 1} is level ${t.level}; levels go 1, 2, 3… in order.`);
    const prev = thresholds[i - 1];
    if (prev && t.exp <= prev.exp)
      problems.push(`Level thresholds: level ${t.level} needs ${t.exp} EXP, not more than level ${prev.level} (${prev.exp} EXP); thresholds must go up.`);
  });

  for (const list of p.skills ?? []) {
    if (list.modelTypes !== undefined && list.modelTypes.length === 0)
      problems.push(`Skills: no model type may take "${list.name}" skills; tick at least one, or remove the category.`);
    const seen = new Set<string>();
    for (const skill of list.skills) {
      if (seen.has(skill.id)) problems.push(`Skills: "${list.name}" has "${skill.name}" twice.`);
      seen.add(skill.id);
    }
  }

  const dup = (what: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) problems.push(`${what}: two entries have the id "${id}".`);
      seen.add(id);
    }
  };
  dup(
    'EXP awards',
    (p.experience.awards ?? []).map((a) => a.id),
  );
  dup(
    'Requisition awards',
    (p.requisition.awards ?? []).map((a) => a.id),
  );
  dup(
    'Skills',
    (p.skills ?? []).map((s) => s.id),
  );
  for (const a of p.requisition.awards ?? []) {
    if (a.req < 0) problems.push(`Requisition award "${a.name}" takes Req away (${a.req}); awards are 0 or more (use a Req adjustment on the team instead).`);
  }
  for (const m of p.requisition.multipliers) {
    if (m.id !== 'underdog') problems.push(`Requisition multiplier "${m.name}": Herald only knows how to apply "underdog"; remove it.`);
  }
  if (p.requisition.usesChart && p.requisition.chart !== null) {
    for (const row of p.requisition.chart.rows) {
      if (!/^req-\d+$/.test(row.result))
        problems.push(`Requisition chart: the row ${row.from}–${row.to} ("${row.text}") gives no Req; write its result as req-<amount>, e.g. req-15.`);
    }
  }
  if (p.system === 'battle-honours' && p.levelThresholds !== null && p.levelThresholds.length > 0)
    problems.push('Level thresholds are only used by the Experience & Levels system.');
  const honours = p.honours;
  if (honours) {
    dup(
      'Honours',
      honours.groups.flatMap((g) => g.honours.map((h) => h.id)),
    );
    for (const g of honours.groups)
      for (const h of g.honours)
        if (h.maxTimes !== undefined && !h.repeatable) problems.push(`Honour "${h.name}" has a maximum number of times but is not repeatable.`);
  }
  dup(
    'Missions',
    r.missions.map((m) => m.id),
  );
  // Issue 19: a mission's scoring values and the counters and bonuses they need agree (a club's own mission included).
  for (const m of r.missions) problems.push(...missionScoringProblems(m));
  // Seed 003: the 8th-edition supplement's mission table may only name its six missions.
  const clubTable = allTables(r).find((t) => t.id === CLUB_MISSION_TABLE.id);
  for (const row of clubTable?.rows ?? []) {
    if (!CLUB_MISSION_IDS.includes(row.result))
      problems.push(
        `${clubTable?.name ?? 'The 8th-edition mission table'}: the row ${row.from === row.to ? row.from : `${row.from}–${row.to}`} names "${row.result}", which is not one of the supplement's six missions.`,
      );
  }
  return { problems, missing: missingTables(r) };
}

/**
 * What a mission's scoring data asks for that the mission does not have (issue 19), in words: VP per relic without
 * Relic counters, VP per claimed marker without objective markers, a bonus earned for something the mission does not
 * score.
 */
function missionScoringProblems(m: Mission): string[] {
  const rules = missionScoring(m);
  const has = (kind: 'relic' | 'objective') => m.counters.some((c) => c.kind === kind);
  const out: string[] = [];
  if (rules.vpPerRelic !== null && !has('relic')) out.push(`Mission "${m.name}" scores Relic counters but places none: add its Relic counters.`);
  if (rules.vpPerClaimedMarker !== null && !has('objective'))
    out.push(`Mission "${m.name}" scores objective markers claimed but places none: add its objective markers.`);
  // 000 Margin of Victory: "only applicable in Gamma or Omega missions where Victory Points are used".
  if (rules.marginOfVictory && !rules.victoryPointsByUnit)
    out.push(
      `Mission "${m.name}" uses the Margin of Victory, which 000 gives only to missions "where Victory Points are used": score Victory Points by unit too, or switch the Margin of Victory off.`,
    );
  const needs: Partial<Record<NonNullable<ReturnType<typeof bonusEarnedFor>>, boolean>> = {
    'relic-carried': rules.vpPerRelic !== null,
    'attacker-in-defender-corner': rules.attackerAndDefender,
    'defender-wins': rules.attackerAndDefender,
    'enemy-marker-destroyed': rules.vpForEnemyMarker !== null,
    'objective-claimed': rules.vpPerClaimedMarker !== null,
    'banner-alive': rules.defendingModels !== null,
    'banner-bearer-killed': rules.defendingModels !== null,
  };
  for (const b of m.bonusExperience) {
    const kind = bonusEarnedFor(b);
    if (kind !== null && needs[kind] === false) out.push(`Mission "${m.name}": the bonus "${b.condition}" is earned for something the mission does not score.`);
  }
  return out;
}
