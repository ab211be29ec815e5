/**
 * Bonus Campaign Experience of the seed-004 missions (each mission's "Bonus Campaign Experience"), per model, with a
 * reason per award. docs/progression.md: "Whatever the preset, EXP from the seed's missions is always recorded per model".
 *
 * Rules applied to every mission:
 * - Only Team Leaders and Special models earn these bonuses (as each mission says); a model within a Squad counts as
 *   Core "when determining whether a model gives VP or bonus EXP" (004 "Squad"), so it neither earns bonus EXP nor
 *   counts as a Special model when killed.
 * - Non-Learning models "never gain Experience Points" (004 "Non-Learning"): listed as not awarded, with the reason.
 * - Choice: the seed does not say the model must survive to keep EXP earned during the game (kills, destroying a
 *   marker), so it is awarded either way; what happens to a dead model is the progression rules' business.
 */
import type { ExpBonus, Mission } from '../ruleset/schema';
import type { MissionId } from './missions';
import { getMission } from './missions';
import { bonusEarnedFor } from './mission-scoring';
import { citeText } from './cite';
import type { GameFacts, ModelFacts, Side } from './facts';
import { effectiveType, opponent } from './facts';
import type { Outcome } from './scoring';
import { scoreMission } from './scoring';

export interface ExpAwardLine {
  modelId: string;
  side: Side;
  exp: number;
  bonusId: string;
  reason: string;
  citation: string;
}

export interface BonusExperience {
  awards: ExpAwardLine[];
  /** Total bonus EXP per model id (only models with an award). */
  byModel: Record<string, number>;
  /** Models that qualified but gain nothing, and why (Non-Learning). */
  notAwarded: { modelId: string; bonusId: string; reason: string }[];
}

const isLeaderOrSpecial = (m: ModelFacts): boolean => {
  const t = effectiveType(m);
  return t === 'team-leader' || t === 'special';
};

/**
 * Bonus Campaign Experience for a finished game. `outcome` is the game's result (computed with scoreMission when not
 * given); it matters only for Breakthrough ("If the Defender wins").
 *
 * @example
 * const facts: GameFacts = { ending: { kind: 'turns' }, models: [
 *   { id: 'a-boss', side: 'a', type: 'team-leader', aliveAtEnd: true },
 *   { id: 'b-gun', side: 'b', type: 'special', aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'shooting' } },
 * ] };
 * bonusCampaignExperience('skirmish', facts).byModel; // → { 'a-boss': 1 }
 */
export function bonusCampaignExperience(which: MissionId | Mission, facts: GameFacts, outcome?: Outcome): BonusExperience {
  const mission = typeof which === 'string' ? getMission(which) : which;
  const citation = citeText({ ...mission.citation, section: `${mission.citation.section} / Bonus Campaign Experience` });
  const result: BonusExperience = { awards: [], byModel: {}, notAwarded: [] };

  const award = (m: ModelFacts, exp: number, bonusId: string, reason: string) => {
    if (exp <= 0) return;
    if (m.nonLearning) {
      result.notAwarded.push({ modelId: m.id, bonusId, reason: `Non-Learning: never gains Experience Points (would have gained +${exp} EXP: ${reason}).` });
      return;
    }
    result.awards.push({ modelId: m.id, side: m.side, exp, bonusId, reason, citation });
    result.byModel[m.id] = (result.byModel[m.id] ?? 0) + exp;
  };
  const byId = new Map(facts.models.map((m) => [m.id, m]));
  const killsOf = (killer: ModelFacts) => facts.models.filter((v) => v.side !== killer.side && !v.aliveAtEnd && v.outOfAction?.by === killer.id);
  // Who may earn it: the bonus's model types (an empty list: the model its condition names, e.g. the banner-bearer).
  const earners = (b: ExpBonus) => facts.models.filter((m) => (b.modelTypes.length === 0 ? isLeaderOrSpecial(m) : b.modelTypes.includes(effectiveType(m))));
  const each = (n: number, b: ExpBonus) => (b.per === 'each' ? n * b.exp : n > 0 ? b.exp : 0);

  // Every bonus of the ruleset's copy of the mission, with its value (issue 19: "Bonus Campaign Experience become ruleset data").
  for (const b of mission.bonusExperience) {
    const per = b.per === 'each' ? ` (+${b.exp} EXP each)` : '';
    switch (bonusEarnedFor(b)) {
      case 'enemy-special-killed':
        for (const m of earners(b)) {
          // "for each enemy Special model it kills either through shooting or melee attacks"
          const n = killsOf(m).filter((v) => effectiveType(v) === 'special' && (v.outOfAction?.how === 'shooting' || v.outOfAction?.how === 'melee')).length;
          award(m, each(n, b), b.id, `killed ${n} enemy Special model${n === 1 ? '' : 's'}${per}`);
        }
        break;
      case 'relic-carried':
        for (const m of earners(b)) {
          const n = m.aliveAtEnd ? (m.relicsCarried ?? 0) : 0;
          award(m, each(n, b), b.id, `carries ${n} Relic counter${n === 1 ? '' : 's'} at the end of the game${per}`);
        }
        break;
      case 'attacker-in-defender-corner': {
        const attacker = facts.attacker;
        if (attacker === undefined) throw new Error(`${mission.name}: record which side is the Attacker.`);
        for (const m of earners(b).filter((x) => x.side === attacker)) {
          if (m.aliveAtEnd && m.withinSixOfDefenderCorner) award(m, b.exp, b.id, 'ends the game within 6" of the Defender\'s table corner');
        }
        break;
      }
      case 'defender-wins': {
        const attacker = facts.attacker;
        if (attacker === undefined) throw new Error(`${mission.name}: record which side is the Attacker.`);
        const gameOutcome = outcome ?? scoreMission(mission, facts).outcome;
        const defender = opponent(attacker);
        if (gameOutcome.kind === 'win' && gameOutcome.winner === defender) {
          for (const m of earners(b).filter((x) => x.side === defender)) {
            award(
              m,
              b.exp,
              b.id,
              `the Defender won: the defending ${effectiveType(m) === 'team-leader' ? 'Team Leader' : 'model'} gains an extra +${b.exp} EXP`,
            );
          }
        }
        break;
      }
      case 'enemy-marker-destroyed':
        for (const m of earners(b)) if (m.destroyedObjectiveMarker) award(m, b.exp, b.id, 'destroyed an objective marker');
        break;
      case 'objective-claimed':
        // Once per model: markers are at least 10" apart, so one model cannot be within 2" of two of them.
        for (const m of earners(b)) if (m.aliveAtEnd && m.claimedObjective) award(m, b.exp, b.id, 'claims an objective marker at the end of the game');
        break;
      case 'banner-alive':
        for (const bearer of facts.models.filter((m) => m.bannerBearer && m.aliveAtEnd))
          award(bearer, b.exp, b.id, 'the banner-bearer is alive at the end of the game');
        break;
      case 'banner-bearer-killed':
        for (const bearer of facts.models.filter((m) => m.bannerBearer && !m.aliveAtEnd)) {
          const killer = bearer.outOfAction?.by == null ? undefined : byId.get(bearer.outOfAction.by);
          if (killer && killer.side !== bearer.side && earners(b).includes(killer)) award(killer, b.exp, b.id, 'killed the banner-bearer');
        }
        break;
      case null:
        // A club's bonus Herald cannot read from the result: the organiser awards it (printed on the kit).
        break;
    }
  }
  return result;
}
