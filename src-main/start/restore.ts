/**
 * Restoring a verified backup in place of the campaign file in use (the Backups and recovery screens). A restore can
 * itself be undone: the current state is backed up first, and the file itself is set aside. A campaign handed over now
 * stays handed over in the restored file (hand-over-marks.ts).
 *
 * Issue 31: the long parts run in the backup thread, while the event loop is free to tell the windows each step: the
 * chosen backup is checked against its manifest and unpacked first (a damaged one is refused before anything else
 * happens, no backup taken), then the file as it is now is backed up. Only the short part runs without a pause: the
 * backup just taken is confirmed to hold the file as it is (else one is taken there and then), the file is closed,
 * the unpacked backup put in its place and opened. Nothing can be written between that backup and the swap.
 */
import fs from 'node:fs';
import { AppError } from '../../shared/ipc/result';
import { RestoreUnderWay, type Backups } from '../backups';
import { putInPlace, restoreBackup, sha256File } from '../db/backup';
import { letOut, type TellRestore } from '../backup-progress';
import { DbOpenError } from '../db/errors';
import type { BackupInfo } from '../db/backup';
import { openFile, type Start } from './open-file';
import { rebuildStaleProjections } from './prepare-file';
import { useFile, type Live } from './live';
import { carryHandOverMarks, handOverMarks } from './hand-over-marks';

const cannot = (e: unknown) => new AppError('VALIDATION', `That backup cannot be restored: ${e instanceof Error ? e.message : String(e)}`);

export async function restoreChosen(
  s: Start,
  live: Live,
  backups: Backups,
  endRecovery: () => void,
  file: string,
  /** Told as each step begins (issue 31: backups.progress); never throws (backup-progress.ts). */
  tell: TellRestore = () => {},
): Promise<{ restored: BackupInfo; undo: BackupInfo | null }> {
  const chosen = backups.list().find((b) => b.file === file);
  if (!chosen) throw new AppError('NOT_FOUND', 'That backup is no longer there (or no longer matches its checksum).');
  let end: () => void;
  try {
    end = backups.beginRestore();
  } catch (e) {
    if (e instanceof RestoreUnderWay) throw new AppError('VALIDATION', e.message);
    throw e;
  }
  const unpacked = `${s.paths.databaseFile}.restore.tmp`;
  try {
    tell('checking-backup', { bytes: chosen.bytes });
    await letOut();
    try {
      await backups.unpackForRestore(chosen, unpacked, ({ step, bytes }) => tell(step, { bytes }));
    } catch (e) {
      // Refused before anything changed (a backup that no longer matches its manifest, or unpacks past its limit).
      throw cannot(e);
    }
    // While a recovery is pending the current file is the empty one Herald started: it is set aside as usual but not
    // backed up, so an empty file never becomes the newest verified backup.
    const recovering = live.info.recovery !== null;
    if (!recovering) tell('backing-up', { bytes: fileBytes(live) });
    const undoing = recovering ? null : await backups.takeForSwap('before-restore');
    tell('replacing');
    await letOut();
    // A backup asked for meanwhile (Back up now in another window) reads the file being replaced: it ends first.
    while (backups.busy) await backups.idle();
    // From here to the reopened file, without a pause: nothing can be written in between.
    const undo = undoing ? undoing.confirm() : null;
    swapInPlace(s, live, chosen, unpacked);
    endRecovery();
    return { restored: chosen, undo };
  } finally {
    fs.rmSync(unpacked, { force: true });
    end();
  }
}

/** The no-pause part, after the backup: the file in use closed, the unpacked backup put in its place and opened. */
function swapInPlace(s: Start, live: Live, chosen: BackupInfo, unpacked: string): void {
  // Which campaigns are handed over is today's fact, not the backup's: it is carried into the restored file below
  // (none while a recovery is pending: the file in use is then the empty one).
  const marks = live.info.recovery ? [] : handOverMarks(live.ctx.db);
  live.opened.sqlite.close();
  let setAside: string | undefined;
  try {
    ({ setAside } = putInPlace(unpacked, s.paths.databaseFile, s.now()));
  } catch (e) {
    useFile(live, openFile(s));
    throw cannot(e);
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
}

/** The campaign file's size as SQLite counts it (pages × page size): what the backup before the swap copies. */
function fileBytes(live: Live): number | undefined {
  try {
    const sqlite = live.opened.sqlite;
    return Number(sqlite.pragma('page_count', { simple: true })) * Number(sqlite.pragma('page_size', { simple: true }));
  } catch {
    return undefined;
  }
}
