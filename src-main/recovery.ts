/**
 * A start-up recovery outlives closing Herald (issue 8): while the organiser has not chosen (restore a backup, or keep
 * the empty file), `recovery-pending.json` in the data folder says what was set aside, so the next start shows the
 * recovery screen again and still takes no automatic backup of the empty file. The note applies only while the file in
 * place is that empty file (same file id, still no campaign) and the set-aside file is still there: if someone puts
 * another file in its place (the original moved back, say), it is dropped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Recovery } from '../shared/ipc/schemas/app';

export const RECOVERY_NOTE = 'recovery-pending.json';

const Note = z.object({ app: z.literal('Herald'), fileId: z.string(), recovery: Recovery });

function fileId(file: string): string | null {
  try {
    const st = fs.statSync(file, { bigint: true });
    return `${st.dev}:${st.ino}:${st.birthtimeNs}`;
  } catch {
    return null;
  }
}

/** Remember a pending recovery for the campaign file Herald just started empty. Best effort: a failure is logged. */
export function saveRecoveryNote(dataDir: string, dbFile: string, recovery: Recovery, log: (m: string) => void) {
  const id = fileId(dbFile);
  if (!id) return;
  const target = path.join(dataDir, RECOVERY_NOTE);
  const tmp = `${target}.tmp`;
  try {
    fs.writeFileSync(tmp, JSON.stringify({ app: 'Herald', fileId: id, recovery }, null, 2));
    fs.renameSync(tmp, target);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    log(`Could not note the pending recovery (${String(e)}): it will not be offered again after a restart.`);
  }
}

/** The pending recovery noted for this very campaign file, or null (no note, an unreadable one, or another file). */
export function loadRecoveryNote(dataDir: string, dbFile: string, stillEmpty: () => boolean): Recovery | null {
  const target = path.join(dataDir, RECOVERY_NOTE);
  if (!fs.existsSync(target)) return null;
  try {
    const note = Note.parse(JSON.parse(fs.readFileSync(target, 'utf8')));
    const setAside = path.join(note.recovery.folder, note.recovery.setAsideFile);
    if (note.fileId === fileId(dbFile) && fs.existsSync(setAside) && stillEmpty()) return note.recovery;
  } catch {
    // An unreadable note is Herald's own and says nothing reliable: drop it below.
  }
  clearRecoveryNote(dataDir);
  return null;
}

export function clearRecoveryNote(dataDir: string) {
  fs.rmSync(path.join(dataDir, RECOVERY_NOTE), { force: true });
}
