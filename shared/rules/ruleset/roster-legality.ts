/**
 * Rosters that would become illegal under a new ruleset (issue 6: the upgrade diff names "rosters that would become
 * illegal"). Every founded team's current state — the projection of its ledger — is checked again against the new
 * ruleset's progression (docs/progression.md), for what a ruleset can decide:
 * - Battle Honours: honours (Kill Team or model) the new ruleset no longer has, or has none at all; honours held more
 *   often than it allows (once unless repeatable, `maxTimes`); models over the new caps per model type (honour groups,
 *   honours); honours whose restriction the model no longer meets ("Team Leader only", "Psykers only": the ones
 *   Herald can check, read by honourRestriction; others stay with the players, as when buying);
 *   a Kill Team honour the new ruleset makes a model's honour (or the other way round).
 * - Experience & Levels: levels the new ruleset has no level for (no levels at all, none entered, beyond its highest
 *   level) or that the model's EXP no longer reaches under the new thresholds; skills from advances that the new skill
 *   lists no longer have, or whose list is no longer open to the model's type.
 * The team lists, not the ruleset, decide the rest of a roster (points, allowances, wargear). Pure.
 */
import { levelFor } from '../progression/apply';
import { honourRestriction } from '../progression/honours';
import type { ModelProjection, Projection } from '../progression/project';
import type { HonourCap, ModelType, Ruleset, SkillList } from './schema';

/** A model on a founded team's roster now (dead and dismissed models are not on it). */
export interface LegalityModel {
  id: string;
  name: string;
  /** Its model type in the Team List; a Squad counts as Core (as when buying honours). */
  type: ModelType;
  /** Its Team List entry is a psyker (psykers-only honours, issue 17). */
  psyker?: boolean;
}

export interface LegalityTeam {
  id: string;
  name: string;
  models: LegalityModel[];
}

export interface RosterLegalityInput {
  /** The ruleset the campaign plays now (to know which advance results were skills). */
  before: Ruleset;
  /** The ruleset it would play. */
  after: Ruleset;
  /** projectModels() of the campaign's ledger. */
  projection: Projection;
  teams: LegalityTeam[];
}

const TYPE_NAME: Record<ModelType, string> = { 'team-leader': 'Team Leader', special: 'Special model', core: 'Core model' };
const TYPES_NAME: Record<ModelType, string> = { 'team-leader': 'Team Leaders', special: 'Special models', core: 'Core models' };
const CAP_ROW: Record<ModelType, HonourCap['modelType']> = { 'team-leader': 'team-leader', special: 'special', core: 'core' };
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

interface HonourInfo {
  name: string;
  group: string;
  scope: 'team' | 'general' | 'faction';
  repeatable: boolean;
  maxTimes: number | undefined;
  restriction: string | undefined;
}

function honourIndex(r: Ruleset): Map<string, HonourInfo> {
  const out = new Map<string, HonourInfo>();
  for (const g of r.progression.honours?.groups ?? []) {
    for (const h of g.honours) {
      out.set(h.id, { name: h.name, group: g.id, scope: g.scope, repeatable: h.repeatable, maxTimes: h.maxTimes, restriction: h.restriction ?? g.restriction });
    }
  }
  return out;
}

function skillIndex(lists: readonly SkillList[] | null): Map<string, { name: string; lists: SkillList[] }> {
  const out = new Map<string, { name: string; lists: SkillList[] }>();
  for (const list of lists ?? []) {
    for (const skill of list.skills) {
      const known = out.get(skill.id);
      if (known) known.lists.push(list);
      else out.set(skill.id, { name: skill.name, lists: [list] });
    }
  }
  return out;
}

/** How many times each id occurs. */
function counts(ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of ids) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

function repeatProblem(who: string, honour: string, info: HonourInfo, held: number): string | null {
  if (held > 1 && !info.repeatable) return `${who} holds ${honour} ${times(held)}; the new ruleset allows each honour once unless it says otherwise.`;
  if (info.maxTimes !== undefined && held > info.maxTimes)
    return `${who} holds ${honour} ${times(held)}; the new ruleset allows it at most ${times(info.maxTimes)}.`;
  return null;
}

/**
 * What the new ruleset would make wrong on the campaign's rosters, in words naming the team and the model. Empty when
 * every roster still fits.
 *
 * @example
 * // projection: Iron Wolves' Brother Kaelen (Special) holds Deadeye; the new ruleset removed it
 * rosterLegality({ before, after, projection, teams: [{ id: 't1', name: 'Iron Wolves', models: [{ id: 'k', name: 'Brother Kaelen', type: 'special' }] }] });
 * // → ['Iron Wolves: Brother Kaelen holds Deadeye, which the new ruleset does not have.']
 */
export function rosterLegality(input: RosterLegalityInput): string[] {
  const { before, after, projection } = input;
  const problems: string[] = [];
  const oldHonours = honourIndex(before);
  const newHonours = honourIndex(after);
  const honoursOn = after.progression.honours !== null;
  const honourName = (id: string) => newHonours.get(id)?.name ?? oldHonours.get(id)?.name ?? id;
  const caps = after.progression.honours?.caps ?? [];
  const oldSkills = skillIndex(before.progression.skills);
  const newSkills = skillIndex(after.progression.skills);
  const levels = after.progression.system === 'experience-levels';
  const thresholds = after.progression.levelThresholds;

  for (const team of input.teams) {
    // Kill Team honours (the team as a whole).
    const teamHonours = projection.teams[team.id]?.teamHonours ?? [];
    if (teamHonours.length > 0 && !honoursOn) {
      problems.push(
        `${team.name} holds the Kill Team honour${teamHonours.length === 1 ? '' : 's'} ${[...new Set(teamHonours.map((h) => honourName(h.honour)))].join(', ')}, but the new ruleset has no Battle Honours.`,
      );
    } else {
      for (const [id, held] of counts(teamHonours.map((h) => h.honour))) {
        const info = newHonours.get(id);
        const name = honourName(id);
        if (!info) problems.push(`${team.name} holds the Kill Team honour ${name}, which the new ruleset does not have.`);
        else if (info.scope !== 'team') problems.push(`${team.name} holds ${name} as a Kill Team honour; the new ruleset makes it an honour for one model.`);
        else {
          const repeat = repeatProblem(team.name, name, info, held);
          if (repeat) problems.push(repeat);
        }
      }
    }

    for (const model of team.models) {
      const p: ModelProjection | undefined = projection.models[model.id];
      if (!p || p.dead) continue;
      const who = `${team.name}: ${model.name}`;
      checkHonours(p, model, who);
      if (p.level > 0) checkLevel(p, who);
      checkSkills(p, model, who);
    }
  }
  return problems;

  function checkHonours(p: ModelProjection, model: LegalityModel, who: string) {
    if (p.honours.length === 0) return;
    if (!honoursOn) {
      problems.push(
        `${who} holds ${p.honours.length === 1 ? 'an honour' : `${p.honours.length} honours`} (${p.honours.map((h) => honourName(h.honour)).join(', ')}), but the new ruleset has no Battle Honours.`,
      );
      return;
    }
    for (const [id, held] of counts(p.honours.map((h) => h.honour))) {
      const info = newHonours.get(id);
      const name = honourName(id);
      if (!info) {
        problems.push(`${who} holds ${name}, which the new ruleset does not have.`);
        continue;
      }
      if (info.scope === 'team') problems.push(`${who} holds ${name}; the new ruleset makes it a Kill Team honour, bought for the team.`);
      const restriction = honourRestriction(info.restriction);
      if (restriction === 'team-leader' && model.type !== 'team-leader')
        problems.push(`${who} holds ${name}, which the new ruleset allows the Team Leader only (${model.name} is a ${TYPE_NAME[model.type]}).`);
      if (restriction === 'psyker' && model.psyker !== true)
        problems.push(`${who} holds ${name}, which the new ruleset allows psykers only (${model.name} is not a psyker).`);
      const repeat = repeatProblem(who, name, info, held);
      if (repeat) problems.push(repeat);
    }
    const cap = caps.find((c) => c.modelType === CAP_ROW[model.type]);
    if (!cap) return;
    const groups = new Set(p.honours.map((h) => newHonours.get(h.honour)?.group ?? h.group));
    if (cap.maxHonours !== 'unlimited' && p.honours.length > cap.maxHonours) {
      problems.push(
        `${who} holds ${p.honours.length} honour${p.honours.length === 1 ? '' : 's'}; the new ruleset allows a ${TYPE_NAME[model.type]} at most ${cap.maxHonours}.`,
      );
    }
    if (cap.maxGroups !== 'unlimited' && groups.size > cap.maxGroups) {
      problems.push(
        `${who} holds honours from ${groups.size} group${groups.size === 1 ? '' : 's'}; the new ruleset allows a ${TYPE_NAME[model.type]} at most ${cap.maxGroups}.`,
      );
    }
  }

  function checkLevel(p: ModelProjection, who: string) {
    if (!levels) {
      problems.push(
        `${who} is level ${p.level}, but the new ruleset has no levels (its models buy Battle Honours): the level and its advances would no longer count.`,
      );
      return;
    }
    if (thresholds === null) {
      problems.push(`${who} is level ${p.level}, but the new ruleset has no level thresholds entered yet.`);
      return;
    }
    const highest = thresholds.reduce((m, t) => Math.max(m, t.level), 0);
    if (p.level > highest) {
      problems.push(`${who} is level ${p.level}; the new ruleset's highest level is ${highest}.`);
      return;
    }
    const reached = levelFor(p.exp, thresholds);
    if (reached < p.level) {
      const needs = thresholds.find((t) => t.level === p.level)?.exp;
      problems.push(
        `${who} is level ${p.level} with ${p.exp} EXP; the new thresholds give level ${reached}${needs === undefined ? '' : ` (level ${p.level} needs ${needs} EXP)`}.`,
      );
    }
  }

  function checkSkills(p: ModelProjection, model: LegalityModel, who: string) {
    for (const advance of p.advances) {
      const results = [advance.result, ...advance.followUps.map((f) => f.result)];
      for (const id of new Set(results)) {
        const was = oldSkills.get(id);
        const now = newSkills.get(id);
        if (!was && !now) continue; // not a skill (a characteristic increase, a table row)
        const name = now?.name ?? was?.name ?? id;
        const at = `(level ${advance.level} advance)`;
        if (!now) {
          problems.push(
            after.progression.skills === null
              ? `${who} has the skill ${name} ${at}, but the new ruleset has no skill lists entered yet.`
              : `${who} has the skill ${name} ${at}, which the new ruleset's skill lists no longer have.`,
          );
          continue;
        }
        const open = now.lists.some((l) => l.modelTypes === undefined || l.modelTypes.includes(model.type));
        if (!open)
          problems.push(
            `${who} has the skill ${name} ${at} from the ${now.lists.map((l) => l.name).join(' / ')} skills, which the new ruleset no longer opens to ${TYPES_NAME[model.type]}.`,
          );
      }
    }
  }
}
