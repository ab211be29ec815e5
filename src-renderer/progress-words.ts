/**
 * What a long action is doing, in words (issue 31): an import's steps as main reports them
 * (`campaigns.importProgress`), a backup's, a restore's and restoring one campaign's (`backups.progress`), and a
 * whole-file restore's end, said on the page that starts again after it.
 */
import type { EventPayload } from '../shared/ipc/contract';
import { formatNumber } from '../shared/format';
import { backupSize } from './backup-words';

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
  // Its ledger entries first (issue 29: ninety thousand take seconds at ten years), then its games.
  if (p.step === 'checking' && p.entriesChecked !== undefined && p.entries !== undefined)
    return `Importing ${p.fileName}: checking ledger entry ${formatNumber(Math.min(p.entriesChecked + 1, p.entries))} of ${formatNumber(p.entries)} as the screens would…`;
  if (p.step === 'checking' && p.gamesChecked !== undefined && p.games !== undefined)
    return `Importing ${p.fileName}: checking game ${formatNumber(Math.min(p.gamesChecked + 1, p.games))} of ${formatNumber(p.games)} as the screens would…`;
  if (p.step === 'checking') return `Importing ${p.fileName}: checking ${holds} as the screens would…`;
  // The writing's last part (issue 29): seconds at ten years, after the replay's last game.
  if (p.finishing) return `Importing ${p.fileName}: history replayed; checking every roster against it and working out the standings…`;
  // The writing's own count (issue 31): its games stored, then the whole history replayed through the rules.
  if (p.gamesJudged !== undefined && p.gamesToJudge)
    return `Importing ${p.fileName}: replaying the history, game ${formatNumber(Math.min(p.gamesJudged + 1, p.gamesToJudge))} of ${formatNumber(p.gamesToJudge)}…`;
  // Its ledger entries stored, after the games (issue 29: ninety thousand at ten years, seconds without a count).
  if (p.entriesWritten !== undefined && p.entries)
    return `Importing ${p.fileName}: writing the ledger, entry ${formatNumber(p.entriesWritten)} of ${formatNumber(p.entries)}, then replaying the whole history…`;
  if (p.gamesWritten !== undefined && p.games)
    return `Importing ${p.fileName}: writing game ${formatNumber(p.gamesWritten)} of ${formatNumber(p.games)}, then replaying the whole history…`;
  return `Importing ${p.fileName}: backing up this laptop first, then writing ${holds} and replaying the whole history…`;
}

/** 1, 2 or 3 of IMPORT_STEPS. */
export const importStep = (p: ImportProgress) => IMPORT_STEPS.indexOf(p.step) + 1;

export type BackupProgress = EventPayload<'backups.progress'>;

/**
 * A backup's or a restore's step as main reports it (`backups.progress`, issue 31): "Backing up: compressing
 * 68 MB…", "Restoring Vraks: checking game 12 of 40…". The step number and the count are the caller's ("Step 2 of 4.").
 */
export function backupProgressWords(p: BackupProgress): string {
  const of = p.bytes !== undefined ? ` ${backupSize(p.bytes)}` : '';
  const sized = p.bytes !== undefined ? ` (${backupSize(p.bytes)})` : '';
  const who = p.campaign ?? 'the campaign';
  switch (p.step) {
    case 'copying':
      return `Backing up: copying the campaign file as it is now${sized}…`;
    case 'compressing':
      return `Backing up: compressing${of}…`;
    case 'writing':
      return `Backing up: writing the${of} backup to disk…`;
    case 'checking':
      return 'Backing up: reading the backup back and checking it before it is kept…';
    case 'checking-backup':
      return `Restoring: checking the chosen backup${sized} against its checksum…`;
    case 'unpacking':
      return `Restoring: unpacking the campaign file inside the chosen backup${sized} and checking it is the one the backup was made from…`;
    case 'backing-up':
      return p.action === 'restore-one'
        ? `Restoring ${who}: backing up this laptop first, so this can be undone…`
        : `Restoring: backing up the campaign file as it is now${sized} first, so this restore can be undone…`;
    case 'replacing':
      return 'Restoring: putting the backup in place of the campaign file. Herald starts again from it when it is done…';
    case 'reading-backup':
      return `Restoring ${who}: reading it out of the backup…`;
    case 'checking-games':
      return p.gamesChecked !== undefined && p.games !== undefined && p.games > 0
        ? `Restoring ${who}: checking game ${formatNumber(Math.min(p.gamesChecked + 1, p.games))} of ${formatNumber(p.games)} as the screens would…`
        : `Restoring ${who}: checking ${p.games !== undefined ? `its ${count(p.games, 'game')}` : 'it'} as the screens would…`;
    case 'putting-back':
      return `Restoring ${who}: putting it in place of the campaign as it is now, and replaying its history…`;
  }
}

export type PrintProgress = EventPayload<'print.progress'>;

/**
 * Save as PDF's step as main reports it (`print.progress`, issue 31): "Laying out team 7 of 40…" while the campaign
 * pack's teams are gathered, then "Making the PDF…" (one call to Chromium: nothing to count), then the save dialog.
 */
export function printProgressWords(p: PrintProgress): string {
  switch (p.step) {
    case 'gathering':
      return p.done !== undefined && p.total !== undefined && p.total > 0
        ? `Laying out team ${formatNumber(Math.min(p.done + 1, p.total))} of ${formatNumber(p.total)}…`
        : 'Gathering what goes on the page…';
    case 'laying-out':
      return 'Laying out the pages…';
    case 'making-pdf':
      return 'Making the PDF…';
    case 'saving':
      return 'Choose where to save the PDF…';
  }
}

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
