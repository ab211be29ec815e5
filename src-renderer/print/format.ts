/** Helpers for the printable pages (issue 7): profile notes, tick boxes, file names, dates. */
import type { StatCell } from '../../shared/rules';
import { parseDice } from '../../shared/rules';
import { formatDayMonth, formatWeekday, printedOn as printedOnDay } from '../../shared/format';

/** Today as the club writes it on a sheet, in the organiser's locale (issue 31: shared/format): "12 April 2026" in en-GB. */
export const printedOn = (date = new Date()) => printedOnDay(date);

export type PrintKind = 'roster' | 'kit' | 'bulletin' | 'pack' | 'evening';
export type Paper = 'a4' | 'letter';

export const PAPER_NAMES: Record<Paper, string> = { a4: 'A4', letter: 'US Letter' };

/**
 * The tick box printed for a one-use grenade or a fact to tick: a real character, so it survives black-and-white
 * printing and can be found in the PDF's text. Noto Sans has no ballot box: print.css gives it a symbol font stack.
 */
export const BOX = '☐';

/**
 * A changed cell as the notes print it: "WS −1" for a characteristic, "Sv 4+" for a save given by armour.
 *
 * @example
 * changeText({ key: 'Sv', value: '4+', base: '5+', delta: 0, changed: true, why: ['Carapace armour'] }); // → 'Sv 4+'
 */
export const changeText = (c: StatCell) => (c.delta !== 0 ? `${c.key} ${signed(c.delta)}` : `${c.key} ${c.value}`);

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

/** "2026-04-12" → "Sun, 12 April 2026" in en-GB (as given when it cannot be read). */
export const longDay = (ymd: string) => formatWeekday(ymd);

/** "2026-04-12" → "12 Apr" in en-GB. */
export const shortDay = (ymd: string) => formatDayMonth(ymd);
