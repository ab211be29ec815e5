/**
 * Start-up step 3 (issue 16): start-up trusts quick_check so the first screen is quick; the full check
 * (integrity_check, which also finds damaged indexes, and every stored JSON document) follows in a worker. A file
 * that fails it is damaged like any other: set aside (kept as it is now, with what was saved since start) and the
 * recovery screen offered.
 */
import type { Backups } from '../backups';
import { DbOpenError } from '../db/errors';
import { integrityCheckInWorker, type IntegrityResult } from '../db/integrity-check';
import { setAsideAndStartFresh, type Start } from './open-file';
import { useFile, type Live } from './live';

export interface FullCheckOptions {
  /** Off when read-only, or switched off by the caller (CoreOptions.fullCheck). */
  enabled: boolean;
  backups: Backups;
  /** What a fresh file gets (prepare-file.ts). */
  prepare: () => void;
}

/** A function that runs the full check once; null when none ran (off, recovery pending, or no worker could run). */
export function fullChecker(s: Start, live: Live, o: FullCheckOptions): () => Promise<IntegrityResult | null> {
  return () => {
    if (!o.enabled || live.info.recovery) return Promise.resolve(null);
    const checked = live.opened;
    return integrityCheckInWorker(s.paths.databaseFile)
      .then((result) => {
        if (live.closed || !result || result.ok || live.opened !== checked || live.info.recovery) return result;
        if (!s.recoverDamagedFile) {
          s.log(`The full check found the campaign file damaged: ${result.problems.join(' ')}`);
          return result;
        }
        const damage = new DbOpenError(
          'CORRUPT',
          s.paths.databaseFile,
          `The campaign file ${s.paths.databaseFile} is damaged: Herald's full check found ${result.problems.slice(0, 2).join(' ')}`,
        );
        o.backups.stopDaily();
        live.opened.sqlite.close();
        const fresh = setAsideAndStartFresh(s, damage);
        live.info.recovery = fresh.recovery;
        useFile(live, fresh.opened);
        o.prepare();
        // Every screen is stale: the renderer starts again from app.info, which now holds the recovery.
        live.ctx.emit('app.restored', { file: fresh.recovery.setAsideFile });
        return result;
      })
      .catch((e: unknown) => {
        // Setting the file aside failed (a locked folder, say): say so; the next start checks the file again.
        s.log(`The full check of the campaign file could not finish: ${e instanceof Error ? e.message : String(e)}`);
        return null;
      });
  };
}
