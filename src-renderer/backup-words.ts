/** How a backup is named on screen (the Backups screen and the start-up recovery screen): when, why, how big. */
import { formatDateTime, formatSize } from '../shared/format';

const REASONS: Record<string, string> = {
  daily: 'Daily backup',
  'by-hand': 'Backed up by hand',
  'before-restore': 'Before a restore (restore this to undo it)',
  'before-import': 'Before importing a file',
};

/** Why a backup was taken, as a sentence: "After game 3 was committed". */
export const backupWhy = (reason: string) =>
  REASONS[reason] ??
  reason
    .replace(/^after-game-(\d+)$/, 'After game $1 was committed')
    .replace(/^after-amending-game-(\d+)$/, 'After game $1 was amended')
    .replace(/^before-void-game-(\d+)$/, 'Before game $1 was voided')
    .replace(/^before-delete-campaign:(.*)$/s, 'Before deleting campaign $1 (restore it, or just that campaign, to bring it back)')
    .replace(/^before-migration-from-v(\d+)$/, 'Before updating the file (version $1)');

/** The same, short and in lower case, to go in brackets: "(after game 3 was committed)". */
export const backupWhyShort = (reason: string) => {
  const text = backupWhy(reason).replace(/ \(.*\)$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
};

export const backupSize = (bytes: number) => formatSize(bytes, { binary: true });

export const backupWhen = (iso: string) => formatDateTime(iso);
