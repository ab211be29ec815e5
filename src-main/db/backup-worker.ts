/**
 * The two threads behind automatic backups (issue 9; db/backup.ts createVerifiedBackupWith), started at the first
 * daily check or backup and ended two idle seconds after their last backup (issue 29: a thread that has backed up the
 * ten-year file keeps about 150 MB of the process resident until it ends — measured, a collection in the thread gave
 * back almost none of it; issue 21 kept them ten minutes to save the tenth of a second a start costs, which a backup
 * taken in the background can spare). Backups asked for while one runs, or within the two seconds, share them.
 *
 * For each backup both threads open the campaign file read-only and begin a read transaction on the same commit (a
 * third connection's data_version, read before and after, shows nothing was committed in between). Then, at the same
 * time: the check thread runs integrity_check and the JSON check (issue 16) in its transaction, while the backup
 * thread serializes its snapshot (`sqlite3_serialize`: SQLite's own copy of every page of one consistent snapshot, as
 * the online backup API would copy them; the live file is never copied from outside: docs/reliability.md rule 3),
 * hashes it, compresses it with zstd, writes and flushes the compressed file, reads it back from disk and decompresses
 * it, which must give the snapshot byte for byte. So the file kept holds exactly the commit the check passed, and on
 * two cores a backup takes the longer of the check and the rest, not their sum. Without zstd the snapshot is written
 * as it is, flushed. The backup thread answers with what it proved and writes nothing else: the manifest and the
 * final names are the main thread's. A restore's check of its chosen backup (threads/unpack.ts: hashed, unpacked within
 * its limit, issue 31) takes its turn in the backup thread like a backup, so the main thread tells each step meanwhile.
 *
 * The threads' code is written in db/threads/ (backup.thread.ts, backup-check.thread.ts: typed and linted) and bundled
 * into strings by scripts/worker-sources.mjs, run with `eval: true`, so it needs no file of its own in any build (the
 * esbuild bundles, vitest, the benchmark): only better-sqlite3, whose resolved path the main thread passes in. Where a thread
 * cannot start or load it (say a packaged build that cannot reach the module from a worker), a backup rejects with
 * WorkerUnavailable and the caller takes it on the main thread instead.
 */
import { Worker } from 'node:worker_threads';
import type { BackupJob, VerifiedCopy } from './backup';
import { jsonColumns } from './integrity-check';
import { zstdParams } from './zstd';
import { BACKUP_CHECK_SOURCE, BACKUP_SOURCE } from './threads/sources.generated';
import type { UnpackJob, UnpackStepName } from './threads/unpack';

export type { UnpackJob } from './threads/unpack';

/** The threads could not run here (no better-sqlite3 in a worker): take the backup on the main thread. */
export class WorkerUnavailable extends Error {}

/** A step of a backup as the backup thread begins it (issue 31): copying a snapshot, compressing, writing, checking. */
export interface ThreadStep {
  step: 'copying' | 'compressing' | 'writing' | 'checking';
  bytes?: number;
}
export type OnThreadStep = (step: ThreadStep) => void;
/** A step of a restore's check of its chosen backup (issue 31), as the backup thread begins it. */
export interface UnpackStep {
  step: UnpackStepName;
  bytes?: number;
}
/** What the backup thread proved of a backup it unpacked for a restore: the database's SHA-256 and size. */
export interface Unpacked {
  sha256: string;
  bytes: number;
}

type Answer = { id: number } & (
  | { ok: true; copy: VerifiedCopy | Unpacked }
  | { ok: false; message: string; code?: string; unavailable?: boolean; limit?: number }
  | { ok?: undefined; progress: ThreadStep | UnpackStep }
);
interface PendingJob {
  resolve: (copy: never) => void;
  reject: (e: Error) => void;
  onStep?: ((step: never) => void) | undefined;
}

/** The path of better-sqlite3 as this process resolves it (a worker started from a string resolves nothing itself). */
function sqliteModulePath(): string {
  return require.resolve('better-sqlite3');
}

/**
 * Threads idle this long are ended, giving back what SQLite, zstd and V8 hold in them (issue 29). Long enough for the
 * next job of a pair (a restore's check after its backup, a backup by hand after an automatic one), short enough that
 * the memory is back before the organiser looks at the next screen.
 */
export const IDLE_MS = 2_000;

/**
 * The backup threads, started by the first daily check or the first backup and ended two idle seconds after their last
 * job (IDLE_MS): a club evening's backup after each game starts them again. They hold the process open only while a
 * backup is under way; `stop` ends them, and a backup under way then rejects (its caller removes its temporary file).
 */
export class BackupThreads {
  #worker: Worker | null = null;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #next = 1;
  readonly #jobs = new Map<number, PendingJob>();

  constructor(
    private readonly sqliteModule = sqliteModulePath(),
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Whether the threads are running (tests). */
  get running(): boolean {
    return this.#worker !== null;
  }

  /** `onStep` hears each step as the thread begins it; whatever it throws is swallowed (never a failed backup). */
  run(job: BackupJob, onStep?: OnThreadStep): Promise<VerifiedCopy> {
    return this.#post({ job }, onStep);
  }

  /**
   * A restore's check of its chosen backup (threads/unpack.ts), in turn with the backups: the main thread stays free
   * to tell the windows each step (issue 31). Rejects with WorkerUnavailable where the threads cannot run.
   */
  unpack(job: UnpackJob, onStep?: (step: UnpackStep) => void): Promise<Unpacked> {
    return this.#post({ unpack: job }, onStep);
  }

  #post<T, S>(message: { job: BackupJob } | { unpack: UnpackJob }, onStep?: (step: S) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let worker: Worker;
      try {
        worker = this.#start();
      } catch (e) {
        reject(new WorkerUnavailable(String(e)));
        return;
      }
      const id = this.#next++;
      clearTimeout(this.#idle);
      this.#jobs.set(id, { resolve, reject, onStep } as PendingJob);
      worker.ref();
      worker.postMessage({ id, ...message });
    });
  }

  /** Start the threads ahead of the first backup (they load SQLite meanwhile); false when they cannot start. */
  warm(): boolean {
    try {
      this.#start();
    } catch {
      return false;
    }
    if (this.#jobs.size === 0) this.#idleFromNow();
    return true;
  }

  /** End the threads (Herald is closing): a backup under way rejects. */
  stop(): Promise<number> | undefined {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = null;
    return worker?.terminate();
  }

  /** Count the idle minutes from now (one timer at a time: an older one must never end a backup under way). */
  #idleFromNow() {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (this.#jobs.size === 0) void this.stop();
    }, this.idleMs);
    this.#idle.unref();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(BACKUP_SOURCE, {
      eval: true,
      workerData: {
        role: 'herald-backup',
        sqliteModule: this.sqliteModule,
        columns: jsonColumns(),
        zstdParams: zstdParams(),
        checkSource: BACKUP_CHECK_SOURCE,
      },
    });
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const job = this.#jobs.get(answer.id);
      if (!job) return;
      if ('progress' in answer) {
        try {
          job.onStep?.(answer.progress as never);
        } catch {
          // a progress message is never worth a failed backup
        }
        return;
      }
      this.#jobs.delete(answer.id);
      if (this.#jobs.size === 0) {
        worker.unref();
        this.#idleFromNow();
      }
      if (answer.ok) job.resolve(answer.copy as never);
      else if (answer.unavailable) job.reject(new WorkerUnavailable(answer.message));
      else
        job.reject(
          Object.assign(new Error(answer.message), answer.code ? { code: answer.code } : {}, answer.limit !== undefined ? { limit: answer.limit } : {}),
        );
    });
    const failAll = (e: Error) => {
      for (const job of this.#jobs.values()) job.reject(e);
      this.#jobs.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#worker = null;
      failAll(new Error(`The backup worker stopped (exit code ${code}) before it answered.`));
    });
    this.#worker = worker;
    return worker;
  }
}

/** One backup on threads of its own, ended afterwards (tests, and callers that take a single backup). */
export async function runBackupWorker(job: BackupJob, sqliteModule?: string): Promise<VerifiedCopy> {
  const threads = new BackupThreads(sqliteModule);
  try {
    return await threads.run(job);
  } finally {
    await threads.stop();
  }
}
