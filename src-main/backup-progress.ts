/**
 * A backup's or a restore's steps, told to the windows as each begins (issue 31, `backups.progress`): "step 2 of 4:
 * compressing 68 MB". The steps are few and countable, so each is told once and never a step back: at most four
 * events a backup or a whole-file restore, however large the file; restoring one campaign also counts its games as it
 * checks them (at most a hundred events, as an import does). Telling is best effort: whatever goes wrong while telling
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
/**
 * A whole-file restore (issue 31): the chosen backup is checked against its manifest and unpacked in the backup thread,
 * then the file as it is now is backed up (in the thread too), and only then the short part that runs without a pause
 * puts the backup in place. Every step but the last runs while the event loop is free, so each reaches the windows.
 */
export const RESTORE_STEPS = ['checking-backup', 'unpacking', 'backing-up', 'replacing'] as const;
export type RestoreStep = (typeof RESTORE_STEPS)[number];
/** Restoring one campaign: reading it out of the backup, checking it game by game, the backup first, writing it. */
export const RESTORE_ONE_STEPS = ['reading-backup', 'checking-games', 'backing-up', 'putting-back'] as const;
export type RestoreOneStep = (typeof RESTORE_ONE_STEPS)[number];

type Extra = Pick<BackupProgress, 'bytes' | 'campaign' | 'games' | 'gamesChecked'>;

/**
 * Emits each of `steps` once, in order (a step already told, or an earlier one, is dropped; the step being told again
 * only with more games checked); never throws.
 */
function teller<S extends BackupProgress['step']>(emit: Emit, action: BackupProgress['action'], steps: readonly S[]) {
  let told = 0;
  let checked = -1;
  return (step: S, extra: Extra = {}) => {
    try {
      const stepNumber = steps.indexOf(step) + 1;
      const more = stepNumber === told && extra.gamesChecked !== undefined && extra.gamesChecked > checked;
      if (stepNumber < told || (stepNumber === told && !more)) return;
      told = stepNumber;
      checked = extra.gamesChecked ?? -1;
      const fields = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
      emit('backups.progress', { action, step, stepNumber, steps: steps.length, ...fields });
    } catch {
      // a progress message is never worth a failed backup
    }
  };
}

/** The backup thread's steps (db/backup-worker.ts `onStep`), told to the windows. */
export function tellBackupSteps(emit: Emit, compressed?: boolean): (s: ThreadStep) => void {
  const tell = teller(emit, 'backup', backupSteps(compressed));
  return ({ step, bytes }) => tell(step, { bytes });
}

export type TellRestore = (step: RestoreStep, extra?: { bytes?: number | undefined }) => void;
/** A whole-file restore's steps, told to the windows. */
export const tellRestoreSteps = (emit: Emit): TellRestore => teller<RestoreStep>(emit, 'restore', RESTORE_STEPS);

export type TellRestoreOne = (step: RestoreOneStep, extra?: Extra) => void;
/** Restoring one campaign's steps, told to the windows (with the campaign's name once it is read out of the backup). */
export const tellRestoreOneSteps = (emit: Emit): TellRestoreOne => teller<RestoreOneStep>(emit, 'restore-one', RESTORE_ONE_STEPS);

/**
 * Lets a step just told leave for the windows before work that runs without a pause: browser mode's stream writes
 * only when the event loop turns (Node's HTTP response holds a write until the next tick), and Electron's IPC is not
 * counted on to do better. Two turns, so a reader in this same process (a test's) has read it too.
 */
export async function letOut(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
