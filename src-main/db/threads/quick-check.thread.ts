/** The browser-mode launcher's quick_check of the campaign file, off the main thread (db/quick-check.ts starts it). */
import { parentPort, workerData } from 'node:worker_threads';
import { loadSqlite } from './json-check';

const { file, sqliteModule } = workerData as { file: string; sqliteModule: string };
try {
  const Database = loadSqlite(sqliteModule);
  const probe = new Database(file, { readonly: true, fileMustExist: true });
  let result: string;
  try {
    result = String(probe.pragma('quick_check', { simple: true }));
  } finally {
    probe.close();
  }
  // Answered once the file is closed again: whoever opens it next (to change its journal mode, say) finds it free.
  parentPort!.postMessage({ result });
} catch (e) {
  parentPort!.postMessage({ error: String((e as Error)?.message ?? e) });
}
