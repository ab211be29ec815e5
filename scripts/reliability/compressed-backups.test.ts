/**
 * Issue 21, compressed backups under faults (docs/reliability.md rule 3): a child taking compressed backups in a loop
 * (scripts/reliability/operator.ts `backup`) is SIGKILLed at random moments — no file under a final backup name may
 * be unverified, the campaign file stays intact, and the next start removes every temporary file the kill left. A
 * child restoring a compressed backup is killed the same way: the file is before or after, never a mix. Then restores
 * from both kinds — a compressed backup and a plain one from before (an old manifest) — each give back exactly what
 * was backed up. Issue 28: 24 KB files that unpack to 768 MB, dropped into the backups folder with matching manifests,
 * are never unpacked whole — not listed, or refused in words with nothing changed. Counts merged into
 * reports/reliability.json under `compressedBackups`. `npm run test:reliability` runs 30 kills of each; `npm test` 4.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupView } from '../../shared/ipc/schemas/backups';
import { listVerifiedBackups } from '../../src-main/db/backup';
import { MIGRATIONS, call, tempDir, testCore } from '../../src-main/test-support';
import { plainBackup } from '../../src-main/test-support/plain-backup';
import { plantBomb } from '../../src-main/test-support/zstd-bomb';
import { mergeReliabilityReport } from './report-file';
import { bundleChild } from './bundle-child';

const FULL = process.env.RELIABILITY_FULL === '1' || process.env.npm_lifecycle_event === 'test:reliability';
const KILLS = FULL ? 30 : 4;
const RESTORES = FULL ? 10 : 2;
const report: Record<string, unknown> = { full: FULL };

let operator: string;
beforeAll(async () => {
  operator = await bundleChild('scripts/reliability/operator.ts', 'herald-reliability-zstd-build-');
});

afterAll(() => mergeReliabilityReport({ compressedBackups: report }));

/** Every user table's rows, as text: two files with the same text hold the same campaign data. */
function contentOf(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`)
      .pluck()
      .all() as string[];
    return JSON.stringify(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()]));
  } finally {
    db.close();
  }
}

/**
 * The campaign file as Herald's next start would open it: a copy with its -wal, opened read-write. A process killed
 * with the file open leaves a WAL that only a writer can recover (read-only, SQLite says "attempt to write a readonly
 * database"); the original stays as the kill left it for the next round.
 */
function asNextStartSees(file: string): string {
  const copy = path.join(tempDir('herald-next-start-'), 'herald.sqlite');
  fs.copyFileSync(file, copy);
  if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
  new Database(copy).close(); // recovers the WAL (and checkpoints it) as Herald's open would
  return copy;
}

const integrityOk = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) === 'ok';
  } finally {
    db.close();
  }
};

/** Files under a final backup name (compressed or plain) that are not verified backups. */
function unverified(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).filter((f) => /\.sqlite(\.zst)?$/.test(f)).length - listVerifiedBackups(dir).length;
}

const temporary = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.tmp(-wal|-shm|-journal)?$/.test(f)) : []);

/**
 * Run the operator's `op` in a child and SIGKILL it mid-write: once a temporary file shows up in one of `watch`
 * (the child is writing), after a random further delay of up to `maxMs`. Returns its lines and whether a temporary
 * file was there when it was killed.
 */
async function killDuring(op: string, dataDir: string, watch: string[], maxMs: number): Promise<{ lines: string[]; midWrite: boolean }> {
  const proc = spawn(process.execPath, [operator, op, dataDir, MIGRATIONS], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_PATH: path.resolve('node_modules') },
  });
  let gone = false;
  const exited = new Promise((r) => proc.once('exit', () => r((gone = true))));
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const writing = () => watch.some((d) => temporary(d).length > 0);
  for (const start = Date.now(); !gone && !writing() && Date.now() - start < 60_000;) await new Promise((r) => setTimeout(r, 5));
  if (maxMs > 0) await new Promise((r) => setTimeout(r, Math.floor(Math.random() * maxMs)));
  const midWrite = writing();
  proc.kill('SIGKILL');
  await exited;
  return { lines: out.split('\n').filter(Boolean), midWrite };
}

/** A campaign file with enough rows that a backup takes a moment (players and campaigns). */
async function seeded(dir: string) {
  const core = testCore(dir);
  for (let c = 0; c < 4; c++) {
    const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: `Campaign ${c + 1}` });
    for (let p = 0; p < 60; p++) await call(core, 'players.create', { campaignId: campaign.id, name: `Player ${c + 1}-${p + 1} of the Vraks League` });
  }
  return core;
}

describe('compressed backups under faults (issue 21)', () => {
  it(`kill mid-backup: ${KILLS} SIGKILLs of a child taking compressed backups keep 0 unverified backups; the next start removes what they left`, async () => {
    const dir = tempDir('herald-kill-zstd-');
    const core = await seeded(dir);
    core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    core.close();
    const file = path.join(dir, 'herald.sqlite');
    const before = contentOf(file);
    const backupsDir = path.join(dir, 'backups');
    const t = {
      kills: 0,
      killedMidWrite: 0,
      acknowledged: 0,
      unverifiedBackups: 0,
      corrupt: 0,
      changed: 0,
      temporaryFilesAfterKills: 0,
      temporaryFilesAfterRestart: 0,
      verifiedKept: 0,
      plainKept: 0,
    };
    for (let i = 0; i < KILLS; i++) {
      // Every other kill the moment a temporary file appears: a backup's bytes are on disk under a temporary name for
      // only a few milliseconds (snapshot and check run in memory), so random moments alone can all miss the write.
      const { lines, midWrite } = await killDuring('backup', dir, [backupsDir], i % 2 === 0 ? 0 : 300);
      t.acknowledged += lines.filter((l) => l === 'ACK backup').length;
      t.kills++;
      if (midWrite) t.killedMidWrite++;
      t.unverifiedBackups += unverified(backupsDir);
      if (!integrityOk(file)) t.corrupt++;
      else if (contentOf(file) !== before) t.changed++;
    }
    t.temporaryFilesAfterKills = temporary(backupsDir).length;
    // The next start (as the organiser would start Herald) sweeps the temporary files.
    const next = testCore(dir);
    const listed = await call<BackupView[]>(next, 'backups.list', {});
    next.close();
    t.temporaryFilesAfterRestart = temporary(backupsDir).length;
    t.verifiedKept = listed.length;
    t.plainKept = listed.filter((b) => !b.file.endsWith('.sqlite.zst')).length;
    report.killMidBackup = t;
    expect(t).toMatchObject({ kills: KILLS, unverifiedBackups: 0, corrupt: 0, changed: 0, temporaryFilesAfterRestart: 0, plainKept: 0 });
    expect(t.killedMidWrite).toBeGreaterThan(0); // the kills did land while a backup was being written
    expect(t.verifiedKept).toBeGreaterThanOrEqual(t.acknowledged); // every acknowledged backup is there (one more may have been renamed just before a kill)
  }, 600_000);

  it(`kill mid-restore of a compressed backup (${KILLS} SIGKILLs): the file is before or after, never a mix`, async () => {
    const dir = tempDir('herald-kill-zstd-restore-');
    const core = await seeded(dir);
    await call(core, 'backups.create', {});
    core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const s0 = contentOf(path.join(dir, 'herald.sqlite'));
    await call(core, 'campaigns.create', { name: 'Added after the backup' });
    core.close();
    const file = path.join(dir, 'herald.sqlite');
    const s1 = contentOf(file);
    const t = { kills: 0, killedMidWrite: 0, mixed: 0, corrupt: 0, unverifiedBackups: 0, temporaryFilesAfterRestart: 0 };
    for (let i = 0; i < KILLS; i++) {
      // As above: every other kill the moment a temporary file appears (the replacement is written in milliseconds).
      const { midWrite } = await killDuring('restore', dir, [dir, path.join(dir, 'backups')], i % 2 === 0 ? 0 : 300);
      t.kills++;
      if (midWrite) t.killedMidWrite++;
      const seen = asNextStartSees(file);
      if (!integrityOk(seen)) t.corrupt++;
      else if (![s0, s1].includes(contentOf(seen))) t.mixed++;
      t.unverifiedBackups += unverified(path.join(dir, 'backups'));
    }
    // The next start removes a half-written replacement (herald.sqlite.restore.tmp) and any backup's temporary files.
    testCore(dir).close();
    t.temporaryFilesAfterRestart = temporary(dir).length + temporary(path.join(dir, 'backups')).length;
    report.killMidRestore = t;
    expect(t).toMatchObject({ kills: KILLS, mixed: 0, corrupt: 0, unverifiedBackups: 0, temporaryFilesAfterRestart: 0 });
    expect(t.killedMidWrite).toBeGreaterThan(0);
  }, 600_000);

  it(`restores from both kinds, ${RESTORES} rounds: a plain backup of before and a compressed one each give back exactly what was backed up`, async () => {
    const dir = tempDir('herald-zstd-both-');
    const core = await seeded(dir);
    core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const file = path.join(dir, 'herald.sqlite');
    const plainState = contentOf(file);
    const plain = plainBackup(file, path.join(dir, 'backups'), '2026-01-05T19:00:00.000Z');
    await call(core, 'campaigns.create', { name: 'Only in the compressed backup' });
    const compressed = await call<BackupView>(core, 'backups.create', {});
    core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const compressedState = contentOf(file);
    await call(core, 'campaigns.create', { name: 'In neither' });
    const t = { restores: 0, plainDiffer: 0, compressedDiffer: 0 };
    for (let i = 0; i < RESTORES; i++) {
      for (const [backup, state] of [
        [plain, plainState],
        [compressed.file, compressedState],
      ] as const) {
        await call(core, 'backups.restore', { file: backup });
        core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
        t.restores++;
        // The restore rebuilds stale projections on open; compare the campaign data the backup held.
        const now = JSON.parse(contentOf(file)) as [string, unknown[]][];
        const want = JSON.parse(state) as [string, unknown[]][];
        const same = want
          .filter(([name]) => name !== 'team_projections')
          .every(([name, rows]) => JSON.stringify(now.find(([n]) => n === name)?.[1]) === JSON.stringify(rows));
        if (!same) t[backup === plain ? 'plainDiffer' : 'compressedDiffer']++;
      }
    }
    core.close();
    report.restoreBothKinds = t;
    expect(t).toEqual({ restores: RESTORES * 2, plainDiffer: 0, compressedDiffer: 0 });
  }, 300_000);
  it('bombs in the backups folder (issue 28): a 24 KB file that unpacks to 768 MB is never unpacked whole, and nothing changes', async () => {
    const dir = tempDir('herald-zstd-bombs-');
    const core = await seeded(dir);
    const schemaVersion = Number(core.opened.sqlite.pragma('user_version', { simple: true }));
    core.close();
    const backupsDir = path.join(dir, 'backups');
    // What each manifest says the file holds: the bomb's real size, a believable one, nothing (an old manifest, under
    // both names a backup can have).
    const bombs = [
      { name: 'herald-20261127-060001Z-by-hand.sqlite.zst', claims: 768 * 1024 * 1024 },
      { name: 'herald-20261127-060002Z-by-hand.sqlite.zst', claims: 300_000 },
      { name: 'herald-20261127-060003Z-by-hand.sqlite.zst', claims: undefined },
      { name: 'herald-20261127-060004Z-by-hand.sqlite', claims: undefined },
    ];
    bombs.forEach((b, i) => plantBomb(backupsDir, b.name, `2026-11-27T06:00:0${i + 1}.000Z`, schemaVersion, b.claims));
    const next = testCore(dir); // after a restart, as the issue found it
    const before = contentOf(path.join(dir, 'herald.sqlite'));
    const mark = Math.max(process.resourceUsage().maxRSS * 1024, process.memoryUsage().rss);
    const listed = (await call<BackupView[]>(next, 'backups.list', {})).map((b) => b.file);
    const t = { planted: bombs.length, listed: 0, refusedInWords: 0, restored: 0, peakGrowthMB: 0, changed: 0 };
    for (const { name } of bombs) {
      if (!listed.includes(name)) continue;
      t.listed++;
      for (const channel of ['backups.restore', 'backups.campaigns']) {
        const r = await next.invoke(channel, { file: name });
        if (r.ok) t.restored++;
        else if (r.error.code === 'VALIDATION' && /is damaged: it would unpack to more than .*Nothing was changed\./.test(r.error.message)) t.refusedInWords++;
      }
    }
    t.peakGrowthMB = Math.round((process.resourceUsage().maxRSS * 1024 - mark) / (1024 * 1024));
    next.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    if (contentOf(path.join(dir, 'herald.sqlite')) !== before) t.changed++;
    next.close();
    report.bombs = t;
    expect(t).toMatchObject({ planted: 4, listed: 3, refusedInWords: 6, restored: 0, changed: 0 });
    expect(t.peakGrowthMB).toBeLessThan(256); // one unpacked whole would take 768 MB
  }, 120_000);
});
