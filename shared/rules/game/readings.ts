/**
 * The club's readings of the seed conflicts (issue 19): where two seeds say different things, or one names a rule
 * only another prints, the club chooses. Each reading has Herald's default and the reason for it in words; a ruleset
 * stores only what the club changed (`Ruleset.readings`, every field optional), so older rulesets read as the
 * defaults and keep their hash.
 *
 * - Night Fighting: 004 "The following special rules are in effect when playing any Kill Team mission game: Night
 *   Fighting, Reserves, Built-up Area, and Run Away!"; its text is only in 000 (2D6×3 before firing), and both 000
 *   (Dusk & Dawn: "the Night Fighting rules are used on Turn 1" / "on Turn 6 and any subsequent turns") and 004
 *   (Weather, Blizzard: "Night Fighting rules are in effect during the entire game") use it on some turns only.
 * - Deep Strike and Infiltrate: seed 000's text or seed 001's later one (mission-pack/cite.ts `MissionPackEdition`).
 * - Game length: 004 Step 5 "once both players have completed 10 turns"; 000 Random Game Length after them.
 * - Reserves: 004 names the rule; only 000 prints the table ("Turn 2 4+, Turn 3 3+, Turn 4+ 2+").
 *
 * Cases the campaign tables and seed 004 leave open (issue 30 item 10); they decide a game's result, not its plan,
 * so the game page names them only where they decided something (`readingNote`):
 * - Underdog on a tie: docs/progression.md "Underdog ×1.5 — the team with the lowest Threat" names one team.
 * - Underdog and relics: 004 Relic Hunt "The Requisition Points generated is added once both players have rolled on
 *   the Requisition Chart" does not say whether the Underdog's ×1.5 applies to them.
 * - Victory after an automatic win: docs/progression.md "Victory +10 — most VP"; 004 Step 5 "the other play wins
 *   automatically regardless of VPs".
 * - Reserves in Survival and Destroyer: 004 "Over 75% of a Kill Team's models are alive at the end of the game" /
 *   "Under 25% of the enemy's models are left alive" do not say whether a model still in reserve is one of them.
 * - Squads and EXP (issue 30 item 9): 004 "Squad" says "Simply treat the unit as normal" and names only the VP and bonus
 *   EXP a member gives; only "Non-Learning" says "The model never gains Experience Points".
 */
import type { Readings, Ruleset } from '../ruleset/schema';
import { READING_DEFAULTS } from '../ruleset/schema';
import { cite000, cite001 } from '../mission-pack/cite';
import { cite004, citeText } from '../hor/cite';
import { GAME_LENGTH_TURNS } from '../hor/setup';
import { DEEP_STRIKE_000, DEEP_STRIKE_001, INFILTRATE_000, INFILTRATE_001 } from '../mission-pack/special-rules';
import { MAX_EXTRA_TURNS, FURTHER_TURN_ON } from '../mission-pack/random-game-length';
import { RESULT_READINGS } from './result-readings';

export type ReadingKey =
  | 'nightFighting'
  | 'deepStrike'
  | 'infiltrate'
  | 'gameLength'
  | 'underdogOnTie'
  | 'underdogRelics'
  | 'victoryAward'
  | 'reservesInSecondaries'
  | 'squadExperience';

export interface ReadingChoice {
  value: string;
  label: string;
  /** What the choice does to a game, in words. */
  effect: string;
}

export interface Reading {
  key: ReadingKey;
  name: string;
  /** The conflict, with the seed sentences. */
  question: string;
  choices: readonly ReadingChoice[];
  default: string;
  /** Why Herald's default is what it is. */
  reason: string;
  sources: string;
  /** 'result': it decides a game's result (named on the game page where it did), not its plan. */
  decides?: 'result';
}

/** Every reading a club can change, in the order the House rules page lists them. */
export const READINGS: readonly Reading[] = [
  {
    key: 'nightFighting',
    name: 'Night Fighting',
    question:
      '004 lists Night Fighting among the rules "in effect when playing any Kill Team mission game" but does not print it; 000 prints it (2D6×3 before firing), and 000 Dusk & Dawn and 004 Weather (Blizzard) use it on some turns only.',
    choices: [
      {
        value: 'every-shot',
        label: 'Every turn of every game',
        effect: 'Before firing, roll 2D6×3 on every turn. Dusk & Dawn is not rolled (it would change nothing); Blizzard adds nothing to it.',
      },
      {
        value: 'when-a-rule-says',
        label: 'Only when a rule says so',
        effect:
          'Night Fighting is in effect only on the turns Blizzard (the whole game) or Dusk & Dawn (turn 1, or turn 6 and later) say; otherwise not at all.',
      },
    ],
    default: READING_DEFAULTS.nightFighting,
    reason: '004 names Night Fighting as in effect in every mission, and 000 is the only seed that prints its text: Herald reads the two together.',
    sources: `${citeText(cite004('Kill Team Special Rules'))}; ${citeText(cite000('Night Fighting'))}; ${citeText(cite000('Dusk & Dawn'))}`,
  },
  {
    key: 'deepStrike',
    name: 'Deep Strike',
    question:
      'Two seeds print Deep Strike: 000 (the first model off the table destroys the unit) and 001, later (any model that cannot be placed rolls on the Mishap table).',
    choices: [
      { value: 'pack-000', label: 'As 000 prints it', effect: DEEP_STRIKE_000.reminder },
      {
        value: 'later-001',
        label: 'As 001 prints it',
        effect: `${DEEP_STRIKE_001.reminder} The Mishap table is in no seed: the players use their rulebook's.`,
      },
    ],
    default: READING_DEFAULTS.deepStrike,
    reason: "000 is the pack Herald already takes Night Fighting and Reserves from; 001's Mishap table is in no seed, so 000 leaves nothing out.",
    sources: `${citeText(cite000('Deep Strike'))}; ${citeText(cite001('Deep Strike'))}`,
  },
  {
    key: 'infiltrate',
    name: 'Infiltrate',
    question: 'Two seeds print Infiltrate: 000 (a coin toss, then alternate) and 001, later (a roll-off; buildings, transports and outflanking).',
    choices: [
      { value: 'pack-000', label: 'As 000 prints it', effect: INFILTRATE_000.reminder },
      { value: 'later-001', label: 'As 001 prints it', effect: INFILTRATE_001.reminder },
    ],
    default: READING_DEFAULTS.infiltrate,
    reason: 'The same pack as Deep Strike, Night Fighting and Reserves, so one game reads one source.',
    sources: `${citeText(cite000('Infiltrate'))}; ${citeText(cite001('Infiltrate'))}`,
  },
  {
    key: 'gameLength',
    name: 'Game length',
    question: '004 Step 5: the game ends "once both players have completed 10 turns"; 000 Random Game Length adds turns after the stated ones on a D6.',
    choices: [
      { value: 'ten-turns', label: '10 turns', effect: 'The game ends after 10 turns each.' },
      {
        value: 'random-game-length',
        label: 'Random Game Length after turn 10',
        effect: `After turn ${GAME_LENGTH_TURNS}, roll a D6: on ${FURTHER_TURN_ON}–6 another turn is played; repeat until a lower roll or ${MAX_EXTRA_TURNS} extra turns.`,
      },
    ],
    default: READING_DEFAULTS.gameLength,
    reason: "004 is the Kill Team rules and says 10 turns; Random Game Length is written for 000's own missions.",
    sources: `${citeText(cite004('Step 5 - Ending the Game'))}; ${citeText(cite000('Random Game Length'))}`,
  },
  ...RESULT_READINGS,
];

/** 000's Reserves table (turn 1 none, turn 2 4+, turn 3 3+, turn 4+ 2+): Herald's default. */
export const DEFAULT_RESERVES_ARRIVES_ON: readonly (number | null)[] = READING_DEFAULTS.reservesArrivesOn;
export const RESERVES_READING = {
  name: 'Reserves table',
  question: '004 names Reserves as in effect in every mission but prints no table; only 000 does.',
  reason: '000 is the only seed that prints a Reserves table.',
  sources: `${citeText(cite004('Kill Team Special Rules'))}; ${citeText(cite000('Reserves / Reserves Table'))}`,
} as const;

/**
 * The club's choice for a reading, or Herald's default.
 *
 * @example
 * readingOf(battleHonoursPreset(), 'nightFighting'); // → 'every-shot'
 */
export function readingOf(ruleset: Pick<Ruleset, 'readings'>, key: ReadingKey): string {
  const set = ruleset.readings?.[key];
  return set ?? READINGS.find((r) => r.key === key)!.default;
}

/** The Reserves table the club plays (D6 score needed per turn; null = cannot arrive). */
export function reservesOf(ruleset: Pick<Ruleset, 'readings'>): readonly (number | null)[] {
  return ruleset.readings?.reservesArrivesOn ?? DEFAULT_RESERVES_ARRIVES_ON;
}

/**
 * The Reserves table in words.
 *
 * @example
 * reservesText([null, 4, 3, 2]); // → 'turn 1 none, turn 2 on 4+, turn 3 on 3+, turn 4 and later on 2+'
 */
export function reservesText(arrivesOn: readonly (number | null)[]): string {
  return arrivesOn
    .map((n, i) => {
      const turn = i === arrivesOn.length - 1 ? `turn ${i + 1} and later` : `turn ${i + 1}`;
      return n === null ? `${turn} none` : `${turn} on ${n}+`;
    })
    .join(', ');
}

/**
 * Set a reading (an editor's draft, in place): the default removes the field, so a ruleset holds only what the club
 * changed and one left at the defaults has no `readings` at all (same content, same hash as before).
 */
export function setReading(ruleset: Ruleset, key: ReadingKey | 'reservesArrivesOn', value: string | (number | null)[] | undefined): void {
  const next: Record<string, unknown> = { ...(ruleset.readings ?? {}) };
  const def = key === 'reservesArrivesOn' ? DEFAULT_RESERVES_ARRIVES_ON : READINGS.find((r) => r.key === key)!.default;
  if (value === undefined || JSON.stringify(value) === JSON.stringify(def)) delete next[key];
  else next[key] = value;
  if (Object.keys(next).length === 0) delete ruleset.readings;
  else ruleset.readings = next as Readings;
}

/** One reading as a game plan lists it: what the club plays, in words. */
export interface PlannedReading {
  id: string;
  name: string;
  text: string;
}

/** The readings a plan lists (Deep Strike, Infiltrate, Reserves, game length), each as the club plays it. */
export function plannedReadings(ruleset: Pick<Ruleset, 'readings'>): PlannedReading[] {
  const out: PlannedReading[] = [];
  for (const r of READINGS) {
    if (r.key === 'nightFighting') continue; // shown as a special rule in effect (or not) instead
    if (r.decides === 'result') continue; // named on the game page where it decided something (readingNote)
    const value = readingOf(ruleset, r.key);
    const c = r.choices.find((x) => x.value === value) ?? r.choices[0]!;
    out.push({ id: `reading-${r.key.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}`, name: r.name, text: `${c.label}: ${c.effect}` });
  }
  out.push({ id: 'reading-reserves', name: 'Reserves table', text: `Roll for each reserve at the start of your turn: ${reservesText(reservesOf(ruleset))}.` });
  return out;
}
