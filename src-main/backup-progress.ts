/**
 * A backup's or a restore's steps, told to the windows as each begins (issue 31, `backups.progress`): "step 2 of 4:
 * compressing 68 MB". The steps are few and countable, so each is told once and never a step back: at most four
 * events a backup, three a restore, however large the file. Telling is best effort: whatever goes wrong while telling
 * (a window gone, a bad payload) is swallowed, never a failed backup or restore.
 */
import type { EventPayload } from '../shared/ipc/contract';
import type { Emit } from './context';
import type { ThreadStep } from './db/backup-worker';
import { zstdAvailable } from './db/zstd';

export type BackupProgress = EventPayload<'backups.progress'>;

/** A backup's steps as the backup thread does them; without zstd the snapshot is written as it is, uncompressed. */
export const backupSteps = (compressed = zstdAvailable()): ThreadStep['step'][] =>
  compressed ? ['copying', 'compressing', 'writing', 'checking'] : ['copying', 'writing', 'checking'];
export const RESTORE_STEPS = ['backing-up', 'checking-backup', 'replacing'] as const;
export type RestoreStep = (typeof RESTORE_STEPS)[number];

/** Emits each of `steps` once, in order (a step already told, or an earlier one, is dropped); never throws. */
function teller<S extends BackupProgress['step']>(emit: Emit, action: BackupProgress['action'], steps: readonly S[]) {
  let told = 0;
  return (step: S, bytes?: number) => {
    try {
      const stepNumber = steps.indexOf(step) + 1;
      if (stepNumber <= told) return;
      told = stepNumber;
      emit('backups.progress', { action, step, stepNumber, steps: steps.length, ...(bytes !== undefined ? { bytes } : {}) });
    } catch {
      // a progress message is never worth a failed backup
    }
  };
}

/** The backup thread's steps (db/backup-worker.ts `onStep`), told to the windows. */
export function tellBackupSteps(emit: Emit, compressed?: boolean): (s: ThreadStep) => void {
  const tell = teller(emit, 'backup', backupSteps(compressed));
  return ({ step, bytes }) => tell(step, bytes);
}

/** A whole-file restore's steps, told to the windows. */
export const tellRestoreSteps = (emit: Emit) => teller<RestoreStep>(emit, 'restore', RESTORE_STEPS);
