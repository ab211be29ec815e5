/**
 * Restoring a verified backup in place of the campaign file in use (the Backups and recovery screens). A restore can
 * itself be undone: the current state is backed up first, and the file itself is set aside. A campaign handed over now
 * stays handed over in the restored file (hand-over-marks.ts).
 */
import { AppError } from '../../shared/ipc/result';
import type { Backups } from '../backups';
import { restoreBackup, sha256File } from '../db/backup';
import type { RestoreStep } from '../backup-progress';
import { DbOpenError } from '../db/errors';
import type { BackupInfo } from '../db/backup';
import { openFile, type Start } from './open-file';
import { rebuildStaleProjections } from './prepare-file';
import { useFile, type Live } from './live';
import { carryHandOverMarks, handOverMarks } from './hand-over-marks';

export function restoreChosen(
  s: Start,
  live: Live,
  backups: Backups,
  endRecovery: () => void,
  file: string,
  /** Told as each step begins (issue 31: backups.progress); never throws (backup-progress.ts). */
  tell: (step: RestoreStep) => void = () => {},
): { restored: BackupInfo; undo: BackupInfo | null } {
  const chosen = backups.list().find((b) => b.file === file);
  if (!chosen) throw new AppError('NOT_FOUND', 'That backup is no longer there (or no longer matches its checksum).');
  // While a recovery is pending the current file is the empty one Herald started: it is set aside as usual but not
  // backed up, so an empty file never becomes the newest verified backup.
  tell('backing-up');
  const undo = live.info.recovery ? null : backups.take('before-restore');
  // Which campaigns are handed over is today's fact, not the backup's: it is carried into the restored file below
  // (none while a recovery is pending: the file in use is then the empty one).
  const marks = live.info.recovery ? [] : handOverMarks(live.ctx.db);
  live.opened.sqlite.close();
  let setAside: string | undefined;
  try {
    tell('checking-backup');
    ({ setAside } = restoreBackup(chosen, s.paths.databaseFile, s.now(), () => tell('replacing')));
  } catch (e) {
    // Refused before the file in use was touched (a compressed backup that no longer decompresses to what its
    // manifest names: issue 21): open it again and say why.
    useFile(live, openFile(s));
    throw new AppError('VALIDATION', `That backup cannot be restored: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    useFile(live, openFile(s));
  } catch (e) {
    if (setAside) restoreBackup({ ...chosen, path: setAside, sha256: sha256File(setAside) }, s.paths.databaseFile, s.now());
    useFile(live, openFile(s));
    // e.g. a backup made by a newer Herald: say why, in words (the file in use is back as it was).
    if (e instanceof DbOpenError) throw new AppError('VALIDATION', `That backup cannot be restored: ${e.message}`);
    throw e;
  }
  // A backup from before issue 9 (or another projection version) gets its teams' projections now.
  rebuildStaleProjections(live.ctx.db, s.now);
  carryHandOverMarks(live.ctx.db, marks);
  endRecovery();
  return { restored: chosen, undo };
}
