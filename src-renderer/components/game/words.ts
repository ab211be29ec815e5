/**
 * Plain words for the game screens: dice modes, optional rules, steps, endings and ledger entries. Dice faces are in
 * dice-words.ts, which needs the rules package's dice parser: set-up (NewGameView) needs only these words, so its chunk
 * does not load the rules package (docs/renderer-startup.md).
 */
import type { DiceMode, GameStep } from '../../../shared/ipc/schemas/games';
import type { PlanOptionalRules, ProgressionEntry } from '../../../shared/rules';

export const DICE_MODE_TEXT: Record<DiceMode, string> = {
  app: 'Herald rolls the dice',
  physical: 'The players roll real dice and type them in',
};

export const OPTIONAL_RULE_NAMES: Record<keyof PlanOptionalRules, string> = {
  weather: 'Weather',
  duskAndDawn: 'Dusk & Dawn',
  twist: 'Twist',
  mysteriousObjectives: 'Mysterious Objectives',
};

export const STEP_NAMES: Record<GameStep, string> = {
  result: 'Result',
  injuries: 'Injuries',
  experience: 'Experience',
  requisition: 'Requisition',
  review: 'Review',
};

export const STATUS_TEXT = {
  draft: 'Being recorded',
  committed: 'Recorded',
  voided: 'Voided',
} as const;

export const HOW_TEXT = { rolled: 'rolled', chosen: 'chosen', mission: 'set by the mission' } as const;

export const MODEL_TYPE_TEXT = { 'team-leader': 'Team Leader', special: 'Special', core: 'Core' } as const;

/** Today in the computer's time zone, as YYYY-MM-DD. */
export function todayIso(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A ledger entry in words (a recorded game; the Req it moves is shown next to it). */
export function entryText(e: ProgressionEntry, modelName: (id: string) => string, honourName: (id: string) => string = (id) => id): string {
  switch (e.kind) {
    case 'exp.gained':
      return `${modelName(e.model)}: +${e.amount} EXP (${e.reason})`;
    case 'level.reached':
      return `${modelName(e.model)} reached level ${e.level}`;
    case 'advance.rolled':
      return `${modelName(e.model)}: advance for level ${e.level}: ${e.text}${e.followUps.length > 0 ? ` (${e.followUps.map((f) => f.text).join('; ')})` : ''}`;
    case 'injury.rolled':
      return `${modelName(e.model)}: injury roll ${e.roll}: ${e.result.text}`;
    case 'model.died':
      return `${modelName(e.model)} died (${e.reason})`;
    case 'req.awarded':
    case 'req.underdog':
      return e.reason;
    case 'req.chart':
      return e.text;
    case 'relic.cashed':
      return `${e.relics} relic${e.relics === 1 ? '' : 's'} cashed in`;
    case 'honour.bought':
      return `${e.model ? modelName(e.model) : 'Kill Team'}: bought ${honourName(e.honour)}`;
  }
}
