/** The full check of a campaign file (integrity_check and every stored document), off the main thread (db/integrity-check.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { loadSqlite, unreadableDocuments, type JsonColumn } from './json-check';

const { file, columns, sqliteModule } = workerData as { file: string; columns: JsonColumn[]; sqliteModule: string };
const problems: string[] = [];
try {
  const Database = loadSqlite(sqliteModule);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check(20)', { simple: false }) as Record<string, unknown>[];
    for (const r of rows) {
      const text = String(Object.values(r)[0]);
      if (text !== 'ok') problems.push(`SQLite integrity_check: ${text}`);
    }
    if (problems.length === 0)
      for (const bad of unreadableDocuments(db, columns))
        problems.push(`A stored document cannot be read: ${bad.table}.${bad.column} (row ${String(bad.rowid)}).`);
  } finally {
    db.close();
  }
} catch (e) {
  problems.push(`The file could not be read to the end: ${String((e as Error)?.message ?? e)}`);
}
parentPort!.postMessage({ problems: problems.slice(0, 20) });
