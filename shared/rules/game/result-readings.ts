/**
 * The readings that decide a game's result where the campaign tables and seed 004 leave a case open (issue 30 item
 * 10). Each default is what Herald did before the reading existed, so no campaign's results change; a ruleset stores
 * only what the club changed (`Ruleset.readings`), so rulesets pinned before keep their hash. The rules read them in
 * `progression/apply.ts` (Underdog, relics, Victory, squads' EXP) and `hor/scoring.ts` (Survival, Destroyer); the game page names
 * a reading where it decided something (`readingNote`).
 */
import type { Readings, Ruleset } from '../ruleset/schema';
import { READING_DEFAULTS } from '../ruleset/schema';
import { cite004, citeText } from '../hor/cite';
import type { Reading } from './readings';

// docs/progression.md is cited as the presets cite it (presets/battle-honours.ts).
const AWARDS = 'PROGRESSION.md · Preset "HoR campaign, Battle Honours" / Requisition awards';
const EXPERIENCE = 'PROGRESSION.md · Preset "HoR campaign, Experience & Levels"';

export type ResultReadingKey = 'underdogOnTie' | 'underdogRelics' | 'victoryAward' | 'reservesInSecondaries' | 'squadExperience';

export const RESULT_READINGS: readonly Reading[] = [
  {
    key: 'underdogOnTie',
    name: 'Underdog on a tie',
    question:
      'The Underdog is "the team with the lowest Threat" (×1.5 Req): the table names one team, and says nothing of two teams on the same lowest Threat.',
    choices: [
      { value: 'no-underdog', label: 'No Underdog', effect: 'When two or more teams share the lowest Threat, none of them is the Underdog.' },
      { value: 'every-tied-team', label: 'Every team on the lowest Threat', effect: 'Each team sharing the lowest Threat gets the Underdog ×1.5.' },
    ],
    default: READING_DEFAULTS.underdogOnTie,
    reason: 'The table names "the team" (one); and every new team starts at Threat 3, so a tie would make every team the Underdog from the first game.',
    sources: `${AWARDS} (Underdog)`,
    decides: 'result',
  },
  {
    key: 'underdogRelics',
    name: 'Underdog and relics',
    question:
      'Relic Hunt\'s cash-in "is added once both players have rolled on the Requisition Chart" (D6 Req per relic); it does not say whether the Underdog\'s ×1.5 multiplies it.',
    choices: [
      { value: 'not-multiplied', label: 'Not multiplied', effect: "The relics' Req are added after the Underdog bonus, as rolled." },
      { value: 'multiplied', label: 'Multiplied too', effect: "The Underdog's ×1.5 applies to the relics' Req as well (rounded down)." },
    ],
    default: READING_DEFAULTS.underdogRelics,
    reason: 'The cash-in comes after the requisition the Underdog multiplies ("once both players have rolled"), so Herald adds it as rolled.',
    sources: `${citeText(cite004('Mission 2: Relic Hunt / Bonus Campaign Experience'))}; ${AWARDS} (Underdog)`,
    decides: 'result',
  },
  {
    key: 'victoryAward',
    name: 'Victory after an automatic win',
    question:
      'Victory (+10 Req) is for "most VP"; 004 lets a team win automatically "regardless of VPs" (no models left, a mission win), so the winner may have fewer VP.',
    choices: [
      { value: 'the-winner', label: 'The winner', effect: "Victory goes to the game's winner, an automatic winner too, whatever the VP." },
      {
        value: 'most-vp',
        label: 'The side with the most VP',
        effect: 'Victory goes to the side with the most VP even when the other side won automatically; equal VP: to neither.',
      },
    ],
    default: READING_DEFAULTS.victoryAward,
    reason: 'The award is called Victory and 004 makes the automatic winner the winner; "most VP" is how most games are won.',
    sources: `${AWARDS} (Victory); ${citeText(cite004('Step 5 - Ending the Game'))}`,
    decides: 'result',
  },
  {
    key: 'reservesInSecondaries',
    name: 'Models in reserve for Survival and Destroyer',
    question:
      'Survival is "Over 75% of a Kill Team\'s models are alive at the end of the game", Destroyer "Under 25% of the enemy\'s models are left alive": neither says whether a model still in reserve (never on the table) is one of them.',
    choices: [
      { value: 'counted', label: 'Counted, as alive', effect: "A model still in reserve at the end is one of its team's models and is alive." },
      {
        value: 'left-out',
        label: 'Left out',
        effect: 'A model still in reserve at the end is left out of both counts: only the models that reached the table are counted.',
      },
    ],
    default: READING_DEFAULTS.reservesInSecondaries,
    reason: 'A model in reserve is alive and one of the team\'s models; 004 sets "on the table" apart only for the game\'s end (Step 5).',
    sources: `${citeText(cite004('Secondary Objectives'))}; ${citeText(cite004('Step 5 - Ending the Game'))}`,
    decides: 'result',
  },
  {
    // Issue 30 item 9: Herald kept squads out of EXP; the seed does not, so the club chooses.
    key: 'squadExperience',
    name: 'Squads and EXP',
    question:
      'Under Experience & Levels, 004 "Squad" says "Simply treat the unit as normal" and "A model within a Squad counts as Core when determining whether a model gives VP or bonus EXP"; only "Non-Learning" says "The model never gains Experience Points". No seed says how a squad, whose members are interchangeable, keeps EXP.',
    choices: [
      {
        value: 'no-exp',
        label: 'Squads gain no EXP',
        effect: 'A club EXP award to a squad or one of its members is refused: no member can carry experience from game to game.',
      },
      {
        value: 'as-one-model',
        label: 'A squad gains EXP as one model',
        effect:
          "A club EXP award given to a squad (or any of its members) goes on the squad's roster line; awards to several members add up. The squad reaches Levels and rolls its advances as one model, and an advance is the whole squad's. Bonus Campaign Experience still never goes to a squad member (004: they count as Core).",
      },
    ],
    default: READING_DEFAULTS.squadExperience,
    reason:
      "Herald's reading before the club could choose: a squad's members are interchangeable, so none can carry experience, and 004's Bonus Campaign Experience already leaves them out.",
    sources: `${citeText(cite004('Squad'))}; ${citeText(cite004('Non-Learning'))}; ${EXPERIENCE}`,
    decides: 'result',
  },
];

/**
 * The club's choice for a result reading, or Herald's default (the same as `readingOf`, typed for the rules).
 *
 * @example
 * resultReading(battleHonoursPreset(), 'victoryAward'); // → 'the-winner'
 */
export function resultReading<K extends ResultReadingKey>(ruleset: Pick<Ruleset, 'readings'>, key: K): NonNullable<Readings[K]> {
  return (ruleset.readings?.[key] ?? READING_DEFAULTS[key]) as NonNullable<Readings[K]>;
}

/**
 * The line the game page shows where a reading decided something: the reading's name, the club's choice, what it did.
 *
 * @example
 * readingNote('underdogOnTie', 'no-underdog', 'Orks and Guard share Threat 3: neither is the Underdog.');
 * // → 'House reading “Underdog on a tie” (No Underdog): Orks and Guard share Threat 3: neither is the Underdog.'
 */
export function readingNote(key: ResultReadingKey, value: string, what: string): string {
  return `${readingTag(key, value)}: ${what}`;
}

/**
 * A reading and the club's choice, as named in an entry's reason where the choice gave it.
 *
 * @example
 * readingTag('underdogRelics', 'multiplied'); // → 'House reading “Underdog and relics” (Multiplied too)'
 */
export function readingTag(key: ResultReadingKey, value: string): string {
  const reading = RESULT_READINGS.find((r) => r.key === key)!;
  const choice = reading.choices.find((c) => c.value === value)?.label ?? value;
  return `House reading “${reading.name}” (${choice})`;
}
