/**
 * What a long action is doing, in words (issue 31): an import's steps as main reports them
 * (`campaigns.importProgress`), and a restore's end, said on the page that starts again after it.
 */
import type { EventPayload } from '../shared/ipc/contract';
import { formatNumber } from '../shared/format';

export type ImportProgress = EventPayload<'campaigns.importProgress'>;
export const IMPORT_STEPS: readonly ImportProgress['step'][] = ['reading', 'checking', 'writing'];

const count = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * "Importing Vraks.herald-campaign: checking its 5,000 games and 93,366 ledger entries…", then "…: checking game
 * 1,205 of 5,000…" as the check goes.
 */
export function importProgressWords(p: ImportProgress): string {
  const holds =
    p.games !== undefined && p.entries !== undefined ? `its ${count(p.games, 'game')} and ${count(p.entries, 'ledger entry', 'ledger entries')}` : 'it';
  if (p.step === 'reading') return `Importing ${p.fileName}: reading the file…`;
  // Game by game while a large file is checked (issue 31): the game being checked now, one after those done.
  if (p.step === 'checking' && p.gamesChecked !== undefined && p.games !== undefined)
    return `Importing ${p.fileName}: checking game ${formatNumber(Math.min(p.gamesChecked + 1, p.games))} of ${formatNumber(p.games)} as the screens would…`;
  if (p.step === 'checking') return `Importing ${p.fileName}: checking ${holds} as the screens would…`;
  return `Importing ${p.fileName}: backing up this laptop first, then writing ${holds} and replaying the whole history…`;
}

/** 1, 2 or 3 of IMPORT_STEPS. */
export const importStep = (p: ImportProgress) => IMPORT_STEPS.indexOf(p.step) + 1;

/**
 * A whole-file restore ends with the page starting again from the restored file, so its end message is kept for the
 * page that comes back (this tab only), said once there.
 */
const RESTORED_KEY = 'herald.restored';

export function restoreStarting(when: string): void {
  sessionStorage.setItem(RESTORED_KEY, when);
}
export function restoreFailed(): void {
  sessionStorage.removeItem(RESTORED_KEY);
}
/** The end message of a restore that just finished here, once; null otherwise. */
export function restoreEnded(): string | null {
  const when = sessionStorage.getItem(RESTORED_KEY);
  sessionStorage.removeItem(RESTORED_KEY);
  return when
    ? `Restored the backup of ${when}. Everything on screen is from it now; to undo, restore the backup “Before a restore (restore this to undo it)”.`
    : null;
}
