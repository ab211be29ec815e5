/** Small formatting helpers shared by the campaign and team screens. */

/** "2025-04-12" → the organiser's short date ("12 Apr 2025" in en-GB); anything else is shown as given (shared/format). */
export { formatDay } from '../../../shared/format';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** An injury's result without the first table's instruction; "Permanent injury: -1 WS" however main words it. */
export { injuryResultText, permanentInjuryText } from '../../../shared/format';
