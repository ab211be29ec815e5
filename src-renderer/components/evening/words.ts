/** The evening's pairings in words (issue 33), for the Tonight screen and the evening's sheet. */
import { resultReading, type Pairing, type Ruleset, type UnderdogRule } from '../../../shared/rules';

/** The campaign's Underdog bonus as the pairings show it: the ruleset's `underdog` multiplier and its tie reading. */
export function underdogRuleOf(ruleset: Ruleset): UnderdogRule | null {
  const m = ruleset.progression.requisition.multipliers.find((x) => x.id === 'underdog');
  return m ? { factor: m.factor, onTie: resultReading(ruleset, 'underdogOnTie') } : null;
}

export interface TeamWords {
  name: string;
  playerName: string;
  threat: number;
}

/** "Da Boyz are the underdog by 2 Threat (3 against 5). …": which side, by how much, and whether it earns ×1.5 Req. */
export function underdogText(p: Pairing, team: (id: string) => TeamWords): string {
  const [a, b] = [team(p.a), team(p.b)];
  const side = (s: 'a' | 'b') => (s === 'a' ? a : b);
  const gap =
    p.underdog.lower === null
      ? `Even: both Threat ${a.threat}.`
      : `${side(p.underdog.lower).name}: the underdog by ${p.underdog.by} Threat (${side(p.underdog.lower).threat} against ${side(p.underdog.lower === 'a' ? 'b' : 'a').threat}).`;
  const bonus = p.underdog.bonus ? ` ${side(p.underdog.bonus).name} has the campaign's lowest Threat: Underdog ×${p.underdog.factor} Req after this game.` : '';
  return gap + bonus;
}

/** When the two last met, as a rematch warning or a plain note. */
export function lastMetText(p: Pairing): string {
  if (p.lastMet === null) return 'First meeting.';
  const when = p.lastMet === 1 ? 'in their last game' : `${p.lastMet} games ago`;
  return p.rematch ? `Rematch: they met ${when}.` : `Last met ${when}.`;
}

export function samePlayerText(p: Pairing, team: (id: string) => TeamWords): string {
  return `Both teams are ${team(p.a).playerName}'s: swap one of them with another team.`;
}

export const nightsText = (n: number) => (n === 0 ? 'has not sat out' : `sat out ${n} night${n === 1 ? '' : 's'}`);
