/**
 * Start-up step 1: open the campaign file. A read-only disk opens a private copy read-only; a damaged, non-SQLite,
 * foreign or newer-Herald file is set aside unchanged and a fresh empty file started, with the recovery to offer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RecoveryKind, type Recovery } from '../../shared/ipc/schemas/app';
import { listVerifiedBackups, setAsideFile, setAsideLabel } from '../db/backup';
import { DbOpenError, isSetAsideKind } from '../db/errors';
import { isWritableDir, openCampaignFile, openReadOnlySnapshot, type OpenedDatabase } from '../db/open';
import type { QuickCheck } from '../db/quick-check';
import type { DataPaths } from '../paths';
import { loadRecoveryNote, saveRecoveryNote } from '../recovery';

/** What the start-up steps share: the data folder, the clock, the log, and how to open the campaign file. */
export interface Start {
  paths: DataPaths;
  migrationsFolder: string;
  now: () => Date;
  log: (message: string) => void;
  /** Set a damaged file aside and start fresh (default); false makes such a file throw. */
  recoverDamagedFile: boolean;
  quickCheck?: QuickCheck | null | undefined;
}

/** Open the campaign file in the data folder (migrating it, with a backup first, when it is older). */
export const openFile = (s: Start): OpenedDatabase =>
  openCampaignFile({ file: s.paths.databaseFile, migrationsFolder: s.migrationsFolder, backupsDir: s.paths.backupsDir, now: s.now, quickCheck: s.quickCheck });

export interface OpenedAtStart {
  opened: OpenedDatabase;
  readOnly: boolean;
  notice: string | null;
  recovery: Recovery | null;
}

/** Open the file at start-up; `damaged` makes it treat the file as damaged without opening it (see createCore). */
export function openAtStart(s: Start, damaged?: DbOpenError, onOpened?: (opened: OpenedDatabase) => void): OpenedAtStart {
  fs.mkdirSync(s.paths.dataDir, { recursive: true });
  const readOnly = fs.existsSync(s.paths.dataDir) && !isWritableDir(s.paths.dataDir);
  let out: OpenedAtStart;
  try {
    if (damaged && !readOnly) throw damaged;
    const opened = readOnly ? openReadOnlySnapshot(s.paths.databaseFile, s.migrationsFolder, os.tmpdir()) : openFile(s);
    // A recovery the organiser had not answered before Herald was closed is still pending (src-main/recovery.ts).
    const noted = readOnly
      ? null
      : loadRecoveryNote(s.paths.dataDir, s.paths.databaseFile, () => !opened.sqlite.prepare('SELECT 1 FROM campaigns LIMIT 1').get());
    const recovery = noted ? { ...noted, newestBackup: newestRestorable(s.paths.backupsDir, opened.schemaVersion) } : null;
    let notice: string | null = null;
    if (readOnly) {
      notice = `The campaign file is on a read-only disk, so Herald opened it read-only: you can look at everything, but nothing can be saved until the file is on a writable disk.`;
      s.log(notice);
    }
    out = { opened, readOnly, notice, recovery };
  } catch (e) {
    if (readOnly) throw e;
    // docs/reliability.md rule 4 and issue 8: a damaged, non-SQLite or foreign file, or one from a newer Herald, is never
    // modified or deleted: it is moved aside unchanged, under a name that says what it is, and Herald starts on a fresh
    // empty campaign file. Nothing is restored by itself: `info.recovery` offers the newest verified backup and the
    // organiser chooses (the renderer's recovery screen). Until then no automatic backup runs.
    if (!(e instanceof DbOpenError) || !isSetAsideKind(e.kind) || !s.recoverDamagedFile) throw e;
    out = { ...setAsideAndStartFresh(s, e), readOnly, notice: null };
  }
  onOpened?.(out.opened);
  if (out.opened.backup) s.log(`Backed up the campaign file before updating it: ${out.opened.backup.path}`);
  return out;
}

/** Move the file aside (with its -wal/-shm) and open a fresh one; the recovery to offer, saved for the next start. */
export function setAsideAndStartFresh(s: Start, e: DbOpenError): { opened: OpenedDatabase; recovery: Recovery } {
  const setAside = setAsideFile(s.paths.databaseFile, e.kind, s.now());
  const opened = openFile(s);
  const newest = newestRestorable(s.paths.backupsDir, opened.schemaVersion);
  const recovery: Recovery = {
    kind: RecoveryKind.parse(setAsideLabel(e.kind)),
    setAsideFile: path.basename(setAside),
    folder: path.dirname(setAside),
    versionNeeded: e.newer?.fileSchemaVersion ?? null,
    newestBackup: newest,
    detail: e.message,
  };
  saveRecoveryNote(s.paths.dataDir, s.paths.databaseFile, recovery, s.log);
  s.log(
    `${e.message} Herald moved it aside, unchanged, to ${setAside} and started an empty campaign file; ` +
      (newest ? `it offers the verified backup ${newest.file} (nothing is restored until the organiser chooses).` : 'there is no verified backup to offer.'),
  );
  return { opened, recovery };
}

/** The newest verified backup this Herald can open (one made by a newer Herald cannot be restored here), to offer. */
function newestRestorable(backupsDir: string, schemaVersion: number): Recovery['newestBackup'] {
  const b = listVerifiedBackups(backupsDir).find((x) => x.schemaVersion <= schemaVersion);
  return b ? { file: b.file, createdAt: b.createdAt, reason: b.reason, bytes: b.bytes, schemaVersion: b.schemaVersion } : null;
}
