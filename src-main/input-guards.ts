/**
 * Checks every text a user or a file hands main runs before JSON.parse and zod walk it (team lists, rulesets,
 * campaign files): a guard, not a handler, so any module can use it without leaning on a handler.
 */

/** Deepest nesting a team list or ruleset may have; campaign files allow a few levels more for their envelope. */
export const MAX_JSON_DEPTH = 32;

/** Deepest nesting of [ and { outside strings: refuse absurd depth before JSON.parse and zod walk it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return max;
}
