/** Small formatting helpers shared by the campaign and team screens. */

/** "2025-04-12" → the organiser's short date ("12 Apr 2025" in en-GB); anything else is shown as given (shared/format). */
export { formatDay } from '../../../shared/format';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * An injury as main words it may carry the first table's instruction before the follow-up's result
 * ("Permanent injury: roll a D6 on the permanent injury table. -1 WS"): keep the result only ("-1 WS").
 */
export function injuryResultText(text: string): string {
  const rest = text.replace(/^[^:.]*:\s*roll an? [^.]*table\.\s*/i, '').trim();
  return rest || text;
}

/** "Permanent injury: -1 WS", however main words it. */
export function permanentInjuryText(text: string): string {
  const result = injuryResultText(text);
  return /^permanent injury/i.test(result) ? result : `Permanent injury: ${result}`;
}
