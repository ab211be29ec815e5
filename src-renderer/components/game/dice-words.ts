/** Dice in words for the game screens (faces rolled, dice to type in); they read the expression with the rules package. */
import type { RollRecord } from '../../../shared/rules';
import { parseDice } from '../../../shared/rules';

/** "4", "3 + 5 → 8", "1 then 4 → 14" (D66). */
export function facesText(r: Pick<RollRecord, 'faces' | 'total' | 'expression'>): string {
  if (r.faces.length === 0) return String(r.total);
  let d66 = false;
  try {
    d66 = parseDice(r.expression).kind === 'd66';
  } catch {
    // Shown as a sum below.
  }
  if (d66) return `${r.faces.join(' then ')} → ${r.total}`;
  if (r.faces.length === 1 && r.faces[0] === r.total) return String(r.total);
  return `${r.faces.join(' + ')} → ${r.total}`;
}

/** How many dice an expression needs typed in (D66 is two), or 1 when it cannot be read. */
export function diceCount(expression: string): number {
  try {
    return parseDice(expression).count;
  } catch {
    return 1;
  }
}

/** The largest face a die of this expression shows (3 for D3, otherwise 6). */
export function diceSides(expression: string): number {
  try {
    return parseDice(expression).sides;
  } catch {
    return 6;
  }
}

/** Whether the expression is a D66 roll (tens die, then units die). */
export function isD66(expression: string): boolean {
  try {
    return parseDice(expression).kind === 'd66';
  } catch {
    return false;
  }
}
