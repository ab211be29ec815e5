/**
 * The backup's check thread (db/backup-worker.ts): for each backup, a read transaction begun on request, then
 * integrity_check and every stored document checked in it once the backup thread says go.
 */
import type Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { loadSqlite, unreadableDocuments, type JsonColumn } from './json-check';

const { columns, sqliteModule } = workerData as { columns: JsonColumn[]; sqliteModule: string };
let Sqlite: typeof Database | undefined;
let unavailable: string | undefined;
try {
  Sqlite = loadSqlite(sqliteModule);
} catch (e) {
  unavailable = String((e as Error)?.message ?? e);
}

function check(db: Database.Database) {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  if (!(rows.length === 1 && rows[0]!.integrity_check === 'ok')) throw new Error('The backup failed its integrity check.');
  const bad = unreadableDocuments(db, columns)[0];
  if (bad) throw new Error(`The backup failed its integrity check: a stored document cannot be read (${bad.table}.${bad.column}).`);
}

let db: Database.Database | null = null; // its read transaction is the snapshot being checked
function end() {
  try {
    if (db?.open) {
      if (db.inTransaction) db.exec('COMMIT');
      db.close();
    }
  } catch {
    // closing a connection that is already failing: nothing more to do
  }
  db = null;
}

parentPort!.on('message', ({ id, step, dbFile }: { id: number; step: 'begin' | 'go' | 'again'; dbFile: string }) => {
  if (unavailable || !Sqlite) return parentPort!.postMessage({ id, ok: false, unavailable: true, message: unavailable });
  if (step === 'again') return end();
  try {
    if (step === 'begin') {
      end();
      db = new Sqlite(dbFile, { readonly: true, fileMustExist: true });
      db.pragma('busy_timeout = 5000');
      db.exec('BEGIN');
      db.pragma('user_version', { simple: true }); // the read transaction starts here
      return parentPort!.postMessage({ id, begun: true });
    }
    check(db!); // step 'go'
    parentPort!.postMessage({ id, ok: true });
  } catch (e) {
    end();
    parentPort!.postMessage({ id, ok: false, message: String((e as Error)?.message ?? e), code: (e as { code?: string })?.code });
  } finally {
    if (step === 'go') end();
  }
});
