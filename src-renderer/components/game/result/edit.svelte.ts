/**
 * How the result form's parts change the draft: each edit is a pure reducer of the report
 * (shared/rules/game/report-edits.ts), so a part only says which one, with what.
 */
import type { Side } from '../../../../shared/ipc/schemas/games';
import type { GameReport } from '../../../../shared/rules';
import type { GameState } from '../../../state/game.svelte';

export const SIDES: Side[] = ['a', 'b'];
export const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

/** The report's next state from `reduce`, saved through the game's autosave. */
export function editReport(g: GameState, reduce: (r: GameReport) => GameReport): void {
  g.edit((d) => {
    d.report = reduce($state.snapshot(d.report) as GameReport);
  });
}

/** A model's edit: its row is made first when the draft has none yet (GameState.reportOf). */
export function editModel(g: GameState, id: string, reduce: (r: GameReport) => GameReport): void {
  g.edit((d) => {
    if (g.reportOf(d, id)) d.report = reduce($state.snapshot(d.report) as GameReport);
  });
}

/** Several models' rows made first (a Squad's members change together), then one edit. */
export function editModels(g: GameState, ids: readonly string[], reduce: (r: GameReport) => GameReport): void {
  g.edit((d) => {
    for (const id of ids) g.reportOf(d, id);
    d.report = reduce($state.snapshot(d.report) as GameReport);
  });
}

export const checked = (e: Event): boolean => (e.currentTarget as HTMLInputElement).checked;
export const val = (e: Event): string => (e.currentTarget as HTMLInputElement | HTMLSelectElement).value;
