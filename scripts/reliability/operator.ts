/**
 * The child process of "kill mid-operation" (docs/reliability.md): repeats one operation — a verified backup, a restore,
 * a campaign import into a fresh data folder, or opening (and so migrating) an old campaign file — printing
 * `ACK <what>` after each one returned (`READY` once the file is open, `START` before each import). The parent
 * SIGKILLs it at random moments after those lines. Bundled by esbuild at test time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCore } from '../../src-main/core';

const [op, dataDir, migrationsFolder, extra] = process.argv.slice(2) as [string, string, string, string | undefined];
const options = { migrationsFolder, mode: 'browser' as const, version: 'reliability', log: () => {}, automaticBackups: false };

async function main() {
  if (op === 'migrate') {
    // The parent laid an old campaign file in dataDir: opening it runs the migrations (after a verified backup).
    const core = createCore({ ...options, dataDir });
    core.close();
    process.stdout.write('ACK migrated\n');
    return;
  }
  if (op === 'import') {
    const text = fs.readFileSync(extra!, 'utf8');
    for (let i = 0; ; i++) {
      const dir = path.join(dataDir, String(i));
      const core = createCore({ ...options, dataDir: dir });
      process.stdout.write(`START ${dir}\n`);
      const r = await core.invoke('campaigns.importFile', { source: 'upload', fileName: 'c.json', text });
      core.close();
      if (!r.ok) throw new Error(r.error.message);
      process.stdout.write(`ACK ${dir}\n`);
    }
  }
  const core = createCore({ ...options, dataDir });
  process.stdout.write('READY\n');
  for (;;) {
    if (op === 'backup') {
      const r = await core.invoke('backups.create', {});
      if (!r.ok) throw new Error(r.error.message);
      process.stdout.write('ACK backup\n');
    } else if (op === 'restore') {
      const list = await core.invoke('backups.list', {});
      const backups = list.ok ? (list.value as { file: string; reason: string }[]) : [];
      const target = backups.find((b) => b.reason === 'by-hand');
      if (!target) throw new Error('no backup to restore');
      const r = await core.invoke('backups.restore', { file: target.file });
      if (!r.ok) throw new Error(r.error.message);
      process.stdout.write('ACK restore\n');
    } else throw new Error(`unknown operation ${op}`);
  }
}

void main();
