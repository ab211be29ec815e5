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
import type { MissionId } from './missions';
import { getMission } from './missions';
import { cite004, citeText } from './cite';
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
export function bonusCampaignExperience(missionId: MissionId, facts: GameFacts, outcome?: Outcome): BonusExperience {
  const mission = getMission(missionId);
  const section = `${mission.citation.section} / Bonus Campaign Experience`;
  const citation = citeText(cite004(section));
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

  switch (missionId) {
    case 'skirmish':
      for (const m of facts.models.filter(isLeaderOrSpecial)) {
        // "for each enemy Special model it kills either through shooting or melee attacks"
        const n = killsOf(m).filter((v) => effectiveType(v) === 'special' && (v.outOfAction?.how === 'shooting' || v.outOfAction?.how === 'melee')).length;
        award(m, n, 'skirmish-special-kill', `killed ${n} enemy Special model${n === 1 ? '' : 's'} (+1 EXP each)`);
      }
      break;
    case 'relic-hunt':
      for (const m of facts.models.filter(isLeaderOrSpecial)) {
        const n = m.aliveAtEnd ? (m.relicsCarried ?? 0) : 0;
        award(m, n, 'relic-hunt-carrier', `carries ${n} Relic counter${n === 1 ? '' : 's'} at the end of the game (+1 EXP each)`);
      }
      break;
    case 'breakthrough': {
      const attacker = facts.attacker;
      if (attacker === undefined) throw new Error('Breakthrough: record which side is the Attacker.');
      for (const m of facts.models.filter((x) => x.side === attacker && isLeaderOrSpecial(x))) {
        if (m.aliveAtEnd && m.withinSixOfDefenderCorner) award(m, 1, 'breakthrough-attacker-corner', 'ends the game within 6" of the Defender\'s table corner');
      }
      const gameOutcome = outcome ?? scoreMission(missionId, facts).outcome;
      const defender = opponent(attacker);
      if (gameOutcome.kind === 'win' && gameOutcome.winner === defender) {
        for (const m of facts.models.filter((x) => x.side === defender && effectiveType(x) === 'team-leader')) {
          award(m, 2, 'breakthrough-defender-wins', 'the Defender won: the defending Team Leader gains an extra +2 EXP');
        }
      }
      break;
    }
    case 'sabotage':
      for (const m of facts.models.filter(isLeaderOrSpecial)) {
        if (m.destroyedObjectiveMarker) award(m, 2, 'sabotage-destroyer', 'destroyed an objective marker');
      }
      break;
    case 'seize-ground':
      // Once per model: markers are at least 10" apart, so one model cannot be within 2" of two of them.
      for (const m of facts.models.filter(isLeaderOrSpecial)) {
        if (m.aliveAtEnd && m.claimedObjective) award(m, 1, 'seize-ground-claim', 'claims an objective marker at the end of the game');
      }
      break;
    case 'last-stand':
      for (const bearer of facts.models.filter((m) => m.bannerBearer)) {
        if (bearer.aliveAtEnd) {
          award(bearer, 2, 'last-stand-banner-alive', 'the banner-bearer is alive at the end of the game');
        } else {
          const killer = bearer.outOfAction?.by == null ? undefined : byId.get(bearer.outOfAction.by);
          if (killer && killer.side !== bearer.side && isLeaderOrSpecial(killer)) award(killer, 2, 'last-stand-banner-killer', 'killed the banner-bearer');
        }
      }
      break;
  }
  return result;
}
