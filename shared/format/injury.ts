/**
 * An injury as the ledger words it may carry the first table's instruction before the follow-up's result
 * ("Permanent injury: roll a D6 on the permanent injury table. -1 WS", battle-honours.ts's 14–16 row and its follow-up
 * table): screens, sheets and profiles show the result only. Words, not a rule: here so the rules' profile reasons,
 * the screens and the prints say it the same way.
 */

/**
 * @example
 * injuryResultText('Permanent injury: roll a D6 on the permanent injury table. -1 WS'); // → '-1 WS'
 * injuryResultText('Full recovery.'); // → 'Full recovery.'
 */
export function injuryResultText(text: string): string {
  const rest = text.replace(/^[^:.]*:\s*roll an? [^.]*table\.\s*/i, '').trim();
  return rest || text;
}

/**
 * @example
 * permanentInjuryText('Permanent injury: roll a D6 on the permanent injury table. -1 WS'); // → 'Permanent injury: -1 WS'
 * permanentInjuryText('Permanent injury: -1 WS'); // → 'Permanent injury: -1 WS'
 */
export function permanentInjuryText(text: string): string {
  const result = injuryResultText(text);
  return /^permanent injury/i.test(result) ? result : `Permanent injury: ${result}`;
}
