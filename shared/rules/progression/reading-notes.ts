/**
 * Where one of the club's result readings decided something in a game's progression (issue 30 item 10), a line in
 * words naming it, for the game page: Underdog on a tie, the Underdog and relics (these need every team's Threat at
 * the game, so the after-game wizard shows them), and Victory after an automatic win (in the game's score).
 * Nothing is listed where the reading changed nothing (every choice would have given the same entries).
 */
import type { Side } from '../hor/facts';
import type { Ruleset } from '../ruleset/schema';
import { SIDES, opponent, sideModels, sideName } from '../hor/facts';
import { readingNote, resultReading } from '../game/result-readings';
import type { ApplyGameInput } from './apply';
import { isUnderdog } from './apply';

/**
 * The Underdog reading notes of one game (the same input applyGame took).
 *
 * @example
 * // Two teams on Threat 3, the lowest, and the club's default:
 * progressionReadingNotes(input);
 * // → ['House reading “Underdog on a tie” (No Underdog): Player A and Player B share the lowest Threat, 3: neither is the Underdog.']
 */
export function progressionReadingNotes(input: ApplyGameInput): string[] {
  const { ruleset } = input;
  const notes: string[] = [];
  const underdog = ruleset.progression.requisition.multipliers.some((m) => m.id === 'underdog');
  const threat = (side: Side) => Number(input.teams[side].threat);
  const threats = input.campaignThreats ?? [threat('a'), threat('b')];
  const onTie = resultReading(ruleset, 'underdogOnTie');

  if (underdog) {
    const lowest = Math.min(...threats);
    const tied = SIDES.filter((s) => threat(s) === lowest && threats.filter((t) => t === lowest).length > 1);
    if (tied.length > 0) {
      const who = tied.map(sideName).join(' and ');
      const others = threats.filter((t) => t === lowest).length - tied.length;
      const sharers =
        others > 0
          ? `${who} share${tied.length === 1 ? 's' : ''} the lowest Threat, ${lowest}, with ${others} other team${others === 1 ? '' : 's'}`
          : `${who} share the lowest Threat, ${lowest}`;
      const what =
        onTie === 'no-underdog' ? `${tied.length === 1 ? 'it is not' : 'neither is'} the Underdog` : `${tied.length === 1 ? 'it is' : 'each is'} an Underdog`;
      notes.push(readingNote('underdogOnTie', onTie, `${sharers}: ${what}.`));
    }
  }

  if (underdog && input.missionId === 'relic-hunt') {
    const relicsReading = resultReading(ruleset, 'underdogRelics');
    for (const side of SIDES) {
      const relics = sideModels(input.facts, side)
        .filter((m) => m.aliveAtEnd)
        .reduce((n, m) => n + (m.relicsCarried ?? 0), 0);
      if (relics === 0 || !isUnderdog(threat(side), threats, onTie)) continue;
      const what =
        relicsReading === 'multiplied' ? "the Underdog's ×1.5 multiplies its relics' Req too" : "its relics' Req are added as rolled, after the Underdog bonus";
      notes.push(
        readingNote('underdogRelics', relicsReading, `${sideName(side)} is the Underdog and cashed in ${relics} relic${relics === 1 ? '' : 's'}: ${what}.`),
      );
    }
  }

  return notes;
}

/**
 * Victory after an automatic win (`Readings.victoryAward`): the line naming it where it decided something — the winner
 * had no more VP than the loser, so the two choices differ. A draw, or a winner with the most VP: null. The game's
 * score gives it (game/score.ts), so a recorded game shows it too.
 *
 * @example
 * victoryReadingNote(battleHonoursPreset(), 'a', { a: 0, b: 2 });
 * // → 'House reading “Victory after an automatic win” (The winner): Player A won automatically with 0 VP to 2 and gets Victory.'
 */
export function victoryReadingNote(ruleset: Pick<Ruleset, 'readings' | 'progression'>, winner: Side | 'draw', vp: Record<Side, number>): string | null {
  const victory = (ruleset.progression.requisition.awards ?? []).some((a) => a.id === 'victory');
  if (!victory || winner === 'draw' || vp[winner] > vp[opponent(winner)]) return null;
  const reading = resultReading(ruleset, 'victoryAward');
  const loser = opponent(winner);
  const score = `${vp[winner]} VP to ${vp[loser]}`;
  const what =
    reading === 'the-winner'
      ? `${sideName(winner)} won automatically with ${score} and gets Victory.`
      : vp[loser] > vp[winner]
        ? `${sideName(winner)} won automatically with ${score}: Victory goes to ${sideName(loser)}, which has the most VP.`
        : `${sideName(winner)} won automatically with ${score}: neither side has the most VP, so neither gets Victory.`;
  return readingNote('victoryAward', reading, what);
}
