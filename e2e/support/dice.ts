/**
 * Real dice typed in (the campaign's dice mode "Players roll real dice"): every "Dice to roll" form a screen shows is
 * answered from a chooser, and what was typed is kept, so a second game can be given the same dice for the same asks
 * (issue 33: the game played at the table and the same game typed into the wizard alone roll the same post-game dice).
 */
import { expect, type Locator } from '@playwright/test';

export interface TypedRoll {
  /** What the form asked: "Roll D6 for Mission". */
  ask: string;
  faces: number[];
}

/** Faces for an ask: `count` dice of `sides`, the `occurrence`-th time this ask comes up (0 first). */
export type Chooser = (ask: string, count: number, sides: number, occurrence: number) => number[];

/**
 * Faces from a few fixed answers (the first pattern matching the ask wins), else a fixed, varied sequence (never the
 * same face twice running, so a roll-off cannot tie for ever).
 */
export function scripted(fixed: [RegExp, number[]][]): Chooser {
  const sequence = [4, 2, 5, 3, 6, 1, 3, 5];
  let next = 0;
  return (ask, count, sides) => {
    const hit = fixed.find(([pattern]) => pattern.test(ask));
    if (hit) return hit[1];
    return Array.from({ length: count }, () => ((sequence[next++ % sequence.length]! - 1) % sides) + 1);
  };
}

/** The same faces another game was given for the same ask (its n-th time); an ask that game never had fails the test. */
export function replay(typed: readonly TypedRoll[]): Chooser {
  return (ask, _count, _sides, occurrence) => {
    const same = typed.filter((t) => t.ask === ask);
    const hit = same[occurrence];
    if (!hit) throw new Error(`"${ask}" was asked here (time ${occurrence + 1}) but not in the game it replays: ${typed.map((t) => t.ask).join(' | ')}`);
    return hit.faces;
  };
}

export class TypedDice {
  readonly typed: TypedRoll[] = [];
  constructor(private readonly choose: Chooser) {}

  /** Types the roll one "Dice to roll" form asks for, and waits until Herald has taken it. */
  async type(form: Locator): Promise<TypedRoll> {
    const ask = (
      (await form
        .getByText(/^Roll .+ for /)
        .first()
        .textContent()) ?? ''
    ).trim();
    const inputs = form.getByRole('spinbutton');
    const count = await inputs.count();
    const sides = Number(await inputs.first().getAttribute('max'));
    const occurrence = this.typed.filter((t) => t.ask === ask).length;
    const faces = this.choose(ask, count, sides, occurrence);
    for (let i = 0; i < count; i++) await inputs.nth(i).fill(String(faces[i]));
    await form.getByRole('button', { name: 'Enter the roll' }).click();
    // Taken: the form is gone, or it asks the next roll with empty boxes.
    await expect(async () => {
      if ((await form.count()) === 0) return;
      // A short wait: the form may go between the count and the read (then the next try finds it gone).
      expect(await form.getByRole('spinbutton').first().inputValue({ timeout: 1_000 })).toBe('');
    }).toPass({ timeout: 20_000 });
    const roll = { ask, faces };
    this.typed.push(roll);
    return roll;
  }

  /** Types every roll `scope` asks for, one after another, until it asks none. */
  async typeAll(scope: Locator): Promise<TypedRoll[]> {
    const forms = scope.getByRole('form', { name: 'Dice to roll' });
    const done: TypedRoll[] = [];
    while ((await forms.count()) > 0) done.push(await this.type(forms.first()));
    return done;
  }
}
