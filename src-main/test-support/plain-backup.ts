/** Tests of issue 21: a backup as Herald wrote them before backups were compressed. */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { sha256File } from '../db/backup';

/** What a backup from before issue 21 looked like: a plain VACUUM INTO copy and a manifest without `compression`. */
export function plainBackup(dbFile: string, backupsDir: string, createdAt: string, reason = 'by-hand'): string {
  fs.mkdirSync(backupsDir, { recursive: true });
  const file = `herald-${createdAt
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')
    .replace('T', '-')}-${reason}.sqlite`;
  const target = path.join(backupsDir, file);
  const db = new Database(dbFile, { readonly: true });
  const schemaVersion = Number(db.pragma('user_version', { simple: true }));
  db.prepare('VACUUM INTO ?').run(target);
  db.close();
  const manifest = { app: 'Herald', file, sha256: sha256File(target), bytes: fs.statSync(target).size, createdAt, reason, schemaVersion };
  fs.writeFileSync(`${target}.manifest.json`, JSON.stringify(manifest, null, 2));
  return file;
}
