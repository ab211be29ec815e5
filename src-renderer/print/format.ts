/** Helpers for the printable pages (issue 7): the current profile of a model, tick boxes, file names, dates. */
import type { Profile } from '../../shared/rules';
import { PROFILE_KEYS, parseDice } from '../../shared/rules';

export type PrintKind = 'roster' | 'kit' | 'bulletin';
export type Paper = 'a4' | 'letter';

export const PAPER_NAMES: Record<Paper, string> = { a4: 'A4', letter: 'US Letter' };

/**
 * The tick box printed for a one-use grenade or a fact to tick: a real character, so it survives black-and-white
 * printing and can be found in the PDF's text. Noto Sans has no ballot box: print.css gives it a symbol font stack.
 */
export const BOX = '☐';

export interface StatChange {
  stat: string;
  delta: number;
  why: string;
}

export interface StatCell {
  key: string;
  /** What the model has now (injuries and advances applied). */
  value: string | number;
  /** The list's value. */
  base: string | number;
  /** Sum of the changes to this characteristic (0 when unchanged). */
  delta: number;
  /** Why it changed, for the notes. */
  why: string[];
}

/**
 * The model's current profile: the list's profile with the permanent injuries and advances applied. Changes to a
 * characteristic the profile does not print (Move) come back in `other`.
 *
 * @example
 * currentProfile({ WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7, Sv: '6+' }, [{ stat: 'WS', delta: -1, why: 'Permanent injury: -1 WS' }])
 *   .cells.find((c) => c.key === 'WS'); // → { key: 'WS', value: 3, base: 4, delta: -1, why: ['Permanent injury: -1 WS'] }
 */
export function currentProfile(profile: Profile | Record<string, string | number> | undefined, changes: readonly StatChange[] = []): { cells: StatCell[]; other: StatChange[] } {
  const keys: string[] = [...PROFILE_KEYS, ...(profile?.Inv ? ['Inv'] : [])];
  const cells: StatCell[] = keys.map((key) => {
    const base = (profile as Record<string, string | number | undefined> | undefined)?.[key] ?? '–';
    const own = changes.filter((c) => c.stat === key);
    const delta = own.reduce((n, c) => n + c.delta, 0);
    const value = typeof base === 'number' && delta !== 0 ? Math.min(10, Math.max(1, base + delta)) : base;
    return { key, value, base, delta, why: own.map((c) => c.why) };
  });
  return { cells, other: changes.filter((c) => !keys.includes(c.stat)) };
}

/** Why a characteristic changed, short: "permanent injury", "Level 2 advance: +1 BS". */
export const whyText = (why: string) => (/^Permanent injury:/i.test(why) ? 'permanent injury' : why);

/** "−1", "+2": a signed change as printed (a real minus sign). */
export const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

/** "Frag/Assault Grenade" → "Frag/Assault"; "Melta Bomb" stays. */
export const grenadeLabel = (name: string) => name.replace(/ Grenade$/, '');

/** How many dice a table's expression asks for (D66 is two dice: tens, then units). */
export function diceOf(expression: string | undefined): number {
  if (!expression) return 1;
  try {
    return Math.max(1, Math.min(3, parseDice(expression).count));
  } catch {
    return 1;
  }
}

/** A file name the save dialog accepts: no / \ : * ? " < > |, at most 120 characters. */
export function fileNameOf(...parts: string[]): string {
  const name = parts
    .filter(Boolean)
    .join(' - ')
    .replace(/[/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return (name || 'Herald').slice(0, 120);
}

/** Today as the club writes it on a sheet: "12 April 2026". */
export function printedOn(date = new Date()): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "2026-04-12" → "Sun 12 April 2026" (as given when it cannot be read). */
export function longDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  if (!y || !m || !d) return ymd;
  return new Date(y, m - 1, d).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
}

/** "2026-04-12" → "12 Apr". */
export function shortDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  if (!y || !m || !d) return ymd;
  return new Date(y, m - 1, d).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}
