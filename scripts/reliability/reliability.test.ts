/**
 * Over 400 lines: every fault test with its counts, writing one reports/reliability.json.
 * The fault tests of docs/reliability.md against the production database module and handlers (issue 8), with
 * numbers: SIGKILLs of a child committing games, damaged files, IPC fuzz, hostile imports; disk-full and read-only
 * where the machine allows mounting. Writes reports/reliability.json. `npm run test:reliability` runs the full counts
 * (300 kills, 161 damaged or newer-Herald files, 1,000 fuzz runs per channel, 60+ hostile imports); `npm test` runs a shorter
 * pass.
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../shared/ipc/contract';
import { ERROR_CODES } from '../../shared/ipc/result';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import { foldRoster } from '../../shared/rules';
import type { Core } from '../../src-main/core';
import { listVerifiedBackups, sha256File } from '../../src-main/db/backup';
import { DbOpenError } from '../../src-main/db/errors';
import { listTeams, storedRoster } from '../../src-main/repos/teams';
import { ledgerItems, teamLedger } from '../../src-main/ledger';
import { MIGRATIONS, call, tempDir, testCore } from '../../src-main/test-support';
import { mergeReliabilityReport } from './report-file';
import { jsonText } from '../../src-main/test-support/campaign-file-text';

// `npm run test:reliability` runs the full counts; inside `npm test` the same tests run shorter. The IPC fuzz below runs
// only in the full pass: inside `npm test`, src-main/ipc-fuzz.test.ts sends every channel 1,000 payloads (arbitrary
// JSON, as here, and objects with the contract's own keys) with the same checks and one more (a rejection says why),
// so a shorter repeat of it here proved nothing more.
const FULL = process.env.RELIABILITY_FULL === '1' || process.env.npm_lifecycle_event === 'test:reliability';
const KILLS = FULL ? 300 : 30;
const FUZZ_RUNS = 1000;
const inFullPass = FULL ? it : it.skip;
const report: Record<string, unknown> = { full: FULL };
const failures: string[] = [];

/** A campaign file with two founded teams (Orks with many boys, so casualties never run out quickly). */
async function seeded(dir: string) {
  const core = testCore(dir);
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Reliability' });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const orks = lists.find((l) => l.listKey === 'orks-sample')!.id;
  const mk = async (player: string, name: string) => {
    const p = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: player });
    const t = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: p.id, teamListId: orks, name });
    const models = [{ entryId: 'boss-nob', name: `${name} Boss` }, ...Array.from({ length: 19 }, (_, i) => ({ entryId: 'boy', name: `${name} Boy ${i + 1}` }))];
    await call(core, 'teams.saveDraft', {
      id: t.team.id,
      roster: { models: models.map((m, i) => ({ id: `${name}-${i}`, ...m, options: {}, armoury: [], grenades: {} })) },
    });
    await call(core, 'teams.found', { id: t.team.id });
    return t.team.id;
  };
  const teamA = await mk('Alice', 'Snaggas');
  const teamB = await mk('Bob', 'Krumpas');
  return { core, campaignId: campaign.id, teamA, teamB };
}

/** What the file must satisfy after any crash: integrity, every acknowledged game, no half-applied game, rosters = ledger. */
function audit(dir: string, acked: Set<string>) {
  const file = path.join(dir, 'herald.sqlite');
  const db = new Database(file, { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) === 'ok';
    const committed = new Set(db.prepare(`SELECT id FROM games WHERE status = 'committed'`).pluck().all() as string[]);
    const lost = [...acked].filter((id) => !committed.has(id)).length;
    // Half-applied: a committed game without its entries or rolls, or entries/rolls of a game that is not committed.
    const withoutEntries = db
      .prepare(`SELECT count(*) FROM games g WHERE g.status = 'committed' AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.game_id = g.id)`)
      .pluck()
      .get() as number;
    const withoutRolls = db
      .prepare(`SELECT count(*) FROM games g WHERE g.status = 'committed' AND NOT EXISTS (SELECT 1 FROM game_rolls r WHERE r.game_id = g.id)`)
      .pluck()
      .get() as number;
    const orphanEntries = db
      .prepare(
        `SELECT count(*) FROM ledger_entries e WHERE e.game_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM games g WHERE g.id = e.game_id AND g.status <> 'draft')`,
      )
      .pluck()
      .get() as number;
    const orphanRolls = db.prepare(`SELECT count(*) FROM game_rolls r JOIN games g ON g.id = r.game_id WHERE g.status = 'draft'`).pluck().get() as number;
    return { integrity, lost, halfApplied: withoutEntries + withoutRolls + orphanEntries + orphanRolls, committed: committed.size };
  } finally {
    db.close();
  }
}

let child: string;
let operator: string;
beforeAll(async () => {
  const out = tempDir('herald-reliability-build-');
  child = path.join(out, 'committer.cjs');
  operator = path.join(out, 'operator.cjs');
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'cjs' as const,
    target: 'node22',
    external: ['better-sqlite3'],
    logLevel: 'silent' as const,
    nodePaths: [path.resolve('node_modules')],
  };
  await build({ ...common, entryPoints: ['scripts/reliability/committer.ts'], outfile: child });
  await build({ ...common, entryPoints: ['scripts/reliability/operator.ts'], outfile: operator });
});

/** Every user table's rows, as text: two files with the same text hold the same campaign data. */
function contentOf(file: string): string {
  const db = new Database(file);
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

function integrityOk(file: string): boolean {
  const db = new Database(file);
  try {
    return db.pragma('integrity_check', { simple: true }) === 'ok';
  } finally {
    db.close();
  }
}

/** Every file under a final backup name has its manifest and matches it (temporary names may be left by a kill). */
function unverifiedBackups(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  const finals = fs.readdirSync(dir).filter((f) => /\.sqlite(\.zst)?$/.test(f)); // compressed since issue 21
  return finals.length - listVerifiedBackups(dir).length;
}

/**
 * Run `op` in a child and SIGKILL it a random time (up to `maxMs`) after it printed a line starting with `after`
 * (issue 28: the moment is found by an event, so a busy machine's slow start does not take every kill), or after its
 * start when there is no such line (opening the file is the operation: a migration). Returns the lines it printed.
 */
async function killDuring(op: string, args: string[], maxMs: number, after?: string): Promise<string[]> {
  const proc = spawn(process.execPath, [operator, op, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_PATH: path.resolve('node_modules') },
  });
  // Listen for the exit now: a short operation (opening a file to migrate it) may end before the kill.
  const exited = new Promise((r) => proc.once('exit', r));
  let out = '';
  let seen: () => void = () => {};
  const started = after === undefined ? Promise.resolve() : new Promise<void>((r) => (seen = r));
  proc.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (after !== undefined && out.split('\n').some((l) => l.startsWith(after))) seen();
  });
  await Promise.race([exited, started]);
  await Promise.race([exited, new Promise((r) => setTimeout(r, (after === undefined ? 150 : 0) + Math.floor(Math.random() * maxMs)))]);
  proc.kill('SIGKILL');
  await exited;
  return out.split('\n').filter(Boolean);
}

afterAll(() => {
  report.failures = failures;
  // Other files of this folder add their own counts (report-file.ts): merge, never overwrite.
  mergeReliabilityReport(report);
});

describe('docs/reliability.md fault tests', () => {
  it(`kill mid-commit: ${KILLS} SIGKILLs of a child committing games lose nothing and half-apply nothing`, async () => {
    const dir = tempDir('herald-kill-');
    const { core, campaignId, teamA, teamB } = await seeded(dir);
    core.close();
    const acked = new Set<string>();
    let kills = 0;
    let corrupt = 0;
    let lost = 0;
    let half = 0;
    for (let i = 0; i < KILLS; i++) {
      const proc = spawn(process.execPath, [child, dir, MIGRATIONS, campaignId, teamA, teamB], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_PATH: path.resolve('node_modules') },
      });
      const exited = new Promise((r) => proc.once('exit', r));
      let buffer = '';
      let heard: (line: string) => void = () => {};
      proc.stdout.on('data', (d: Buffer) => {
        buffer += d.toString();
        for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line.startsWith('ACK ')) acked.add(line.slice(4));
          heard(line);
        }
      });
      /** Resolves when the child prints a line `wanted` accepts (or exits: the audit then says what it left). */
      const line = (wanted: (l: string) => boolean) => Promise.race([exited, new Promise<void>((r) => (heard = (l) => wanted(l) && r()))]);
      const randomMs = (max: number) => new Promise((r) => setTimeout(r, Math.floor(Math.random() * max)));
      // Random moments, found by events (issue 28), not by the clock: one kill in five while the child starts or
      // opens the file, the others in the commit loop, a random time after this run's first acknowledged commit.
      if (i % 5 === 0) await Promise.race([line((l) => l === 'READY'), randomMs(500)]);
      else {
        await line((l) => l.startsWith('ACK '));
        await randomMs(400);
      }
      proc.kill('SIGKILL');
      await exited;
      kills++;
      const a = audit(dir, acked);
      if (!a.integrity) corrupt++;
      lost = a.lost;
      half = a.halfApplied;
      if (!a.integrity || a.lost > 0 || a.halfApplied > 0) break;
    }
    // After all that, the production core opens the file and every roster still equals its ledger.
    const after = testCore(dir);
    const rebuildMismatches = listTeams(after.opened.db, campaignId).filter(
      (t) => JSON.stringify(foldRoster(ledgerItems(teamLedger(after.opened.db, t.id)))) !== JSON.stringify(storedRoster(t)),
    ).length;
    after.close();
    Object.assign(report, {
      kills,
      acknowledgedGames: acked.size,
      lostGames: lost,
      corruptDatabases: corrupt,
      halfAppliedGames: half,
      rosterRebuildMismatches: rebuildMismatches,
    });
    if (corrupt + lost + half + rebuildMismatches > 0) failures.push('kill mid-commit');
    expect({ corrupt, lost, half, rebuildMismatches }).toEqual({ corrupt: 0, lost: 0, half: 0, rebuildMismatches: 0 });
    expect(acked.size).toBeGreaterThan(0);
  }, 1_800_000);

  it('damaged files: at least 150 mutated copies (and files from a newer Herald) are set aside unchanged or opened at start-up, never crash, never restore by themselves', async () => {
    const dir = tempDir('herald-damage-src-');
    const { core } = await seeded(dir);
    // A verified backup beside every damaged copy: start-up must offer it, never restore it by itself.
    const offered = await call<{ file: string }>(core, 'backups.create', {});
    const good = path.join(dir, 'herald.sqlite');
    core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    core.close();
    const bytes = fs.readFileSync(good);
    const pageSize = 4096;
    const pages = Math.floor(bytes.length / pageSize);
    // A WAL from another campaign file, to lay beside a good one.
    const otherDir = tempDir('herald-damage-wal-');
    const other = testCore(otherDir);
    await call(other, 'campaigns.create', { name: 'Other' });
    other.opened.sqlite.pragma('wal_autocheckpoint = 0');
    await call(other, 'campaigns.create', { name: 'Other 2' });
    const foreignWal = fs.existsSync(path.join(otherDir, 'herald.sqlite-wal')) ? fs.readFileSync(path.join(otherDir, 'herald.sqlite-wal')) : Buffer.alloc(0);
    other.close();
    /** The good file as a later Herald would leave it: its migrations table names migrations this Herald does not know. */
    const newer = (extra: number, replaceLast: boolean) => {
      const caseDir = tempDir('herald-newer-src-');
      const f = path.join(caseDir, 'herald.sqlite');
      fs.writeFileSync(f, bytes);
      const db = new Database(f);
      if (replaceLast)
        db.prepare(`UPDATE __drizzle_migrations SET hash = 'changed-by-a-later-herald' WHERE id = (SELECT max(id) FROM __drizzle_migrations)`).run();
      for (let k = 0; k < extra; k++) db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run(`later-${k}`, 9_000_000_000_000 + k);
      db.pragma('journal_mode = DELETE');
      db.close();
      return fs.readFileSync(f);
    };

    const rng = fc.sample(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { numRuns: 200, seed: 20261122 });
    const cases: { name: string; make: () => { db: Buffer; wal?: Buffer } }[] = [];
    for (let i = 0; i < 40; i++) cases.push({ name: `truncated-${i}`, make: () => ({ db: bytes.subarray(0, Math.floor((bytes.length * (i + 1)) / 42)) }) });
    for (let i = 0; i < 40; i++) {
      cases.push({
        name: `zeroed-page-${i}`,
        make: () => {
          const b = Buffer.from(bytes);
          b.fill(0, (i % pages || 1) * pageSize, ((i % pages || 1) + 1) * pageSize);
          return { db: b };
        },
      });
    }
    for (let i = 0; i < 50; i++) {
      cases.push({
        name: `byte-flips-${i}`,
        make: () => {
          const b = Buffer.from(bytes);
          for (let k = 0; k < 1 + (i % 8); k++) {
            const at = 100 + ((rng[(i * 8 + k) % rng.length]! * 7919) % (b.length - 100));
            b[at] = b[at]! ^ 0xff;
          }
          return { db: b };
        },
      });
    }
    for (let i = 0; i < 15; i++)
      cases.push({ name: `not-sqlite-${i}`, make: () => ({ db: Buffer.from(i % 2 ? `{"campaign": ${i}}` : 'x'.repeat(200 * (i + 1))) }) });
    for (let i = 0; i < 10; i++)
      cases.push({
        name: `foreign-wal-${i}`,
        make: () => ({ db: Buffer.from(bytes), wal: i % 2 ? foreignWal : Buffer.from(foreignWal.subarray(0, Math.max(32, foreignWal.length >> 1))) }),
      });
    for (let i = 0; i < 6; i++) cases.push({ name: `newer-herald-${i}`, make: () => ({ db: newer(1 + (i % 3), i >= 3) }) });

    let tried = 0;
    let modified = 0;
    let crashes = 0;
    let refused = 0;
    let setAside = 0;
    let newerSetAside = 0;
    let autoRestores = 0;
    let backupsWhilePending = 0;
    let backupNotOffered = 0;
    const crashCases: string[] = [];
    for (const c of cases) {
      const caseDir = tempDir('herald-damaged-');
      const file = path.join(caseDir, 'herald.sqlite');
      const { db, wal } = c.make();
      fs.writeFileSync(file, db);
      if (wal) fs.writeFileSync(`${file}-wal`, wal);
      fs.cpSync(path.join(dir, 'backups'), path.join(caseDir, 'backups'), { recursive: true });
      const before = sha256File(file);
      tried++;
      let started: Core | undefined;
      try {
        // Start-up as the organiser meets it, automatic backups on.
        started = testCore(caseDir, { automaticBackups: true });
        await new Promise((r) => setImmediate(r));
        await new Promise((r) => setImmediate(r));
        const recovery = started.info.recovery;
        if (recovery) {
          refused++;
          setAside++;
          // (A byte flip in a migration's hash can also read as a newer Herald's file: only the made-newer cases count here.)
          if (recovery.kind === 'newer' && c.name.startsWith('newer-herald-')) newerSetAside++;
          // The file is kept, byte for byte, under its set-aside name.
          if (sha256File(path.join(caseDir, recovery.setAsideFile)) !== before) modified++;
          // Nothing is restored by itself: the normal path holds a fresh file with no campaign.
          if ((await call<unknown[]>(started, 'campaigns.list', { includeArchived: true })).length > 0) autoRestores++;
          if (recovery.newestBackup?.file !== offered.file) backupNotOffered++;
          if (listVerifiedBackups(path.join(caseDir, 'backups')).length !== 1) backupsWhilePending++;
        }
      } catch (e) {
        if (e instanceof DbOpenError) {
          // Refused and left where it was (a kind start-up does not set aside): never modified either.
          refused++;
          if (sha256File(file) !== before) modified++;
        } else {
          crashes++;
          crashCases.push(`${c.name}: ${String(e).slice(0, 200)}`);
        }
      } finally {
        started?.close();
      }
    }
    const newerTried = cases.filter((c) => c.name.startsWith('newer-herald-')).length;
    Object.assign(report, {
      damagedFilesTried: tried,
      damagedFilesRefused: refused,
      damagedFilesModified: modified,
      damagedFileCrashes: crashes,
      ...(crashCases.length > 0 ? { damagedFileCrashCases: crashCases } : {}),
      damagedFilesSetAside: setAside,
      newerFilesTried: newerTried,
      newerFilesSetAside: newerSetAside,
      automaticRestores: autoRestores,
      backupsTakenWhileRecoveryPending: backupsWhilePending,
      newestBackupNotOffered: backupNotOffered,
    });
    if (modified + crashes + autoRestores + backupsWhilePending + backupNotOffered > 0 || tried < 150 || newerSetAside !== newerTried)
      failures.push('damaged files');
    expect({ modified, crashes, autoRestores, backupsWhilePending, backupNotOffered, newerSetAside }).toEqual({
      modified: 0,
      crashes: 0,
      autoRestores: 0,
      backupsWhilePending: 0,
      backupNotOffered: 0,
      newerSetAside: newerTried,
    });
    expect(tried).toBeGreaterThanOrEqual(150);
  }, 600_000);

  inFullPass(
    `IPC fuzz: ${FUZZ_RUNS} arbitrary payloads per channel, every one answered with a typed result`,
    async () => {
      const core = testCore();
      await call(core, 'campaigns.create', { name: 'Fuzz' });
      const totalChanges = () => core.opened.sqlite.prepare('SELECT total_changes()').pluck().get() as number;
      let runs = 0;
      let uncaught = 0;
      let changedOnRejection = 0;
      for (const channel of CHANNEL_NAMES) {
        for (const input of fc.sample(fc.jsonValue({ maxDepth: 4 }), { numRuns: FUZZ_RUNS, seed: 7 })) {
          runs++;
          const before = totalChanges();
          try {
            const r = await core.invoke(channel, input);
            if (!r.ok && (!ERROR_CODES.includes(r.error.code) || r.error.code === 'INTERNAL')) uncaught++;
            if (!r.ok && totalChanges() !== before) changedOnRejection++;
          } catch {
            uncaught++;
          }
        }
      }
      core.close();
      Object.assign(report, {
        ipcChannels: CHANNEL_NAMES.length,
        ipcFuzzRuns: runs,
        ipcFuzzRunsPerChannel: FUZZ_RUNS,
        ipcUncaught: uncaught,
        ipcChangesOnRejection: changedOnRejection,
      });
      if (uncaught + changedOnRejection > 0) failures.push('IPC fuzz');
      expect({ uncaught, changedOnRejection }).toEqual({ uncaught: 0, changedOnRejection: 0 });
    },
    600_000,
  );

  it('hostile imports: at least 60 broken campaign, team-list and ruleset files are refused with a reason, never partly applied', async () => {
    const dir = tempDir('herald-imports-');
    const { core, campaignId } = await seeded(dir);
    const campaignText = await jsonText(await call<{ base64: string }>(core, 'campaigns.exportFile', { id: campaignId, destination: 'download' }));
    const rulesetText = (await call<{ text: string }>(core, 'rulesets.export', { campaignId, destination: 'download' })).text;
    const lists = await call<{ id: string }[]>(core, 'teamLists.list', {});
    const listText = (await call<{ text: string }>(core, 'teamLists.export', { id: lists[0]!.id, destination: 'download' })).text;
    const target = testCore(tempDir('herald-imports-target-'));
    const totalChanges = () => target.opened.sqlite.prepare('SELECT total_changes()').pluck().get() as number;

    const variants = (text: string): string[] => [
      ...[0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99].map((f) => text.slice(0, Math.floor(text.length * f))),
      '['.repeat(50_000) + ']'.repeat(50_000),
      text.replace('{', '{"__proto__":{"polluted":true},'),
      text.replace(/"name":\s*"[^"]*"/, '"name": 42'),
      text.replace(/"format":\s*"[^"]*"/, '"format":"something-else"'),
      JSON.stringify({ hello: 'world' }),
      'null',
      '"just a string"',
      ' '.repeat(1000),
      text.replace(/\d+/, '-99999999999'),
      `${text}${text}`,
      text.split('').reverse().join(''),
      text.replace(/\[/, '{'),
      text.replace(/"[a-zA-Z]+":/, '"constructor":'),
      text.replace(/true|false/, '"yes"'),
      text.replaceAll('"', "'"),
    ];
    const cases: [string, string][] = [
      ...variants(campaignText).map((t): [string, string] => ['campaigns.importFile', t]),
      ...variants(rulesetText).map((t): [string, string] => ['rulesets.import', t]),
      ...variants(listText.replace('"sample": true', '"sample": false').replace(/"listVersion":\s*"[^"]*"/, '"listVersion":"hostile-1"')).map(
        (t): [string, string] => ['teamLists.import', t],
      ),
      ['campaigns.importFile', 'x'.repeat(25 * 1024 * 1024)],
      ['teamLists.import', 'x'.repeat(600 * 1024)],
    ];
    const targetCampaign = await call<{ id: string }>(target, 'campaigns.create', { name: 'Target' });
    let tried = 0;
    let partial = 0;
    let unexplained = 0;
    let slow = 0;
    for (const [channel, text] of cases) {
      tried++;
      const before = totalChanges();
      const started = Date.now();
      const input =
        channel === 'rulesets.import'
          ? { campaignId: targetCampaign.id, source: 'upload', fileName: 'hostile.json', text }
          : { source: 'upload', fileName: 'hostile.json', text };
      const r = await target.invoke(channel, input);
      if (Date.now() - started > 5000) slow++;
      if (r.ok) {
        // Only a well-formed file may load (e.g. a doubled text is not JSON; a harmless number change may be fine).
        continue;
      }
      if (!r.error.message || r.error.code === 'INTERNAL') unexplained++;
      if (totalChanges() !== before) partial++;
    }
    core.close();
    target.close();
    Object.assign(report, { importCasesTried: tried, partialImports: partial, importsWithoutReason: unexplained, importsOver5s: slow });
    if (partial + unexplained > 0 || tried < 60) failures.push('hostile imports');
    expect({ partial, unexplained }).toEqual({ partial: 0, unexplained: 0 });
    expect(tried).toBeGreaterThanOrEqual(60);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);

  it('disk full: on a small tmpfs, commits until the disk is full get "disk full" (never "corrupt"), lose no committed game, and work again once space is freed', async () => {
    const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-tmpfs-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { encoding: 'utf8' });
    if (mounted.status !== 0) {
      report.diskFull = {
        skipped: `cannot mount a tmpfs here (${(mounted.stderr || mounted.error?.message || 'mount failed').trim().split('\n')[0]}); run as root on a machine that allows it`,
      };
      return;
    }
    try {
      const { core, campaignId, teamA, teamB } = await seeded(mountPoint);
      // Fill the disk, leaving a little room for a few games.
      const filler = path.join(mountPoint, 'filler.bin');
      const free = () => Number(spawnSync('df', ['-B1', '--output=avail', mountPoint], { encoding: 'utf8' }).stdout.trim().split('\n')[1]);
      fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 640 * 1024)));
      const committed: string[] = [];
      let error: { code: string; message: string } | null = null;
      for (let i = 0; i < 400 && !error; i++) {
        const g = await core.invoke('games.create', { campaignId, teamA, teamB, mission: 'skirmish' });
        if (!g.ok) {
          error = g.error;
          break;
        }
        const detail = g.value as { game: { id: string }; draft: { step: string } };
        const draft = { ...detail.draft, step: 'review' };
        const saved = await core.invoke('games.saveDraft', { id: detail.game.id, draft });
        if (!saved.ok) {
          error = saved.error;
          break;
        }
        const done = await core.invoke('games.commit', { id: detail.game.id });
        if (!done.ok) error = done.error;
        else committed.push(detail.game.id);
      }
      const reportedAs = error?.code ?? 'never full';
      fs.rmSync(filler);
      // The next write after freeing space succeeds, and every acknowledged game is there, whole.
      const again = await core.invoke('games.create', { campaignId, teamA, teamB, mission: 'skirmish' });
      core.close();
      const a = audit(mountPoint, new Set(committed));
      const ok = reportedAs === 'DISK_FULL' && again.ok && a.integrity && a.lost === 0 && a.halfApplied === 0;
      report.diskFull = {
        tmpfsBytes: 8 * 1024 * 1024,
        gamesCommittedBeforeFull: committed.length,
        reportedAs,
        message: error?.message ?? null,
        writeAfterFreeing: again.ok,
        lostGames: a.lost,
        corrupt: !a.integrity,
        halfAppliedGames: a.halfApplied,
      };
      if (!ok) failures.push('disk full');
      expect({ reportedAs, writeAfterFreeing: again.ok, integrity: a.integrity, lost: a.lost, half: a.halfApplied }).toEqual({
        reportedAs: 'DISK_FULL',
        writeAfterFreeing: true,
        integrity: true,
        lost: 0,
        half: 0,
      });
    } finally {
      spawnSync('umount', ['-l', mountPoint]);
    }
  }, 300_000);

  it('read-only disk: the campaign opens read-only with a notice, every write is refused as read-only, and the file is unchanged', async () => {
    const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-ro-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint], { encoding: 'utf8' });
    if (mounted.status !== 0) {
      report.readOnly = {
        skipped: `cannot mount a tmpfs here (${(mounted.stderr || mounted.error?.message || 'mount failed').trim().split('\n')[0]}); run as root on a machine that allows it`,
      };
      return;
    }
    try {
      const { core, campaignId } = await seeded(mountPoint);
      core.close();
      const file = path.join(mountPoint, 'herald.sqlite');
      const before = sha256File(file);
      const remount = spawnSync('mount', ['-o', 'remount,ro', mountPoint], { encoding: 'utf8' });
      if (remount.status !== 0) {
        report.readOnly = { skipped: `cannot remount read-only here (${remount.stderr.trim()})` };
        return;
      }
      const ro = testCore(mountPoint);
      const list = await ro.invoke('campaigns.list', {});
      const standings = await ro.invoke('campaigns.standings', { id: campaignId });
      const writes = await Promise.all([
        ro.invoke('campaigns.create', { name: 'Should not be saved' }),
        ro.invoke('campaigns.rename', { id: campaignId, name: 'Renamed' }),
        ro.invoke('backups.create', {}),
      ]);
      const refusedAs = writes.map((w) => (w.ok ? 'saved!' : w.error.code));
      const notice = ro.info.notice ?? '';
      ro.close();
      const unchanged = sha256File(file) === before;
      const ok =
        ro.info.readOnly && list.ok && standings.ok && refusedAs.every((c) => c !== 'saved!' && c !== 'INTERNAL') && unchanged && /read-only/.test(notice);
      report.readOnly = {
        opened: list.ok,
        readOnlyFlag: ro.info.readOnly,
        notice,
        writesTried: writes.length,
        writesSaved: refusedAs.filter((c) => c === 'saved!').length,
        refusedAs,
        fileUnchanged: unchanged,
      };
      if (!ok) failures.push('read-only');
      expect({ readOnly: ro.info.readOnly, opened: list.ok, refusedAs, unchanged }).toEqual({
        readOnly: true,
        opened: true,
        refusedAs: ['READ_ONLY', 'READ_ONLY', 'READ_ONLY'],
        unchanged: true,
      });
    } finally {
      spawnSync('umount', ['-l', mountPoint]);
    }
  }, 300_000);

  it(`kill mid-operation: backup, restore, import and migration, ${FULL ? 30 : 5} SIGKILLs each — the file is before or after, never a mix; no unverified backup under a final name`, async () => {
    const rounds = FULL ? 30 : 5;
    const results: Record<string, { kills: number; mixed: number; corrupt: number; unverifiedBackups: number }> = {};
    const tally = (op: string) => (results[op] ??= { kills: 0, mixed: 0, corrupt: 0, unverifiedBackups: 0 });

    // Backup and restore: state S0 is backed up by hand, then a campaign is added (S1).
    const dir = tempDir('herald-kill-ops-');
    const { core } = await seeded(dir);
    await call(core, 'backups.create', {});
    const file = path.join(dir, 'herald.sqlite');
    core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const s0 = contentOf(file);
    await call(core, 'campaigns.create', { name: 'Added after the backup' });
    core.close();
    const s1 = contentOf(file);
    for (const op of ['backup', 'restore']) {
      for (let i = 0; i < rounds; i++) {
        await killDuring(op, [dir, MIGRATIONS], 1200, 'READY');
        const t = tally(op);
        t.kills++;
        if (!integrityOk(file)) t.corrupt++;
        const now = contentOf(file);
        if (now !== s0 && now !== s1) t.mixed++;
        t.unverifiedBackups += unverifiedBackups(path.join(dir, 'backups'));
      }
    }

    // Import: a campaign file imported into fresh folders; each folder has the whole campaign or none of it.
    const exported = testCore(dir);
    const campaignId = (await call<{ id: string }[]>(exported, 'campaigns.list', {}))[0]!.id;
    const text = await jsonText(await call<{ base64: string }>(exported, 'campaigns.exportFile', { id: campaignId, destination: 'download' }));
    exported.close();
    const expectedTeams = (JSON.parse(text) as { teams: unknown[] }).teams.length;
    const fileWithCampaign = path.join(tempDir('herald-kill-import-file-'), 'campaign.json');
    fs.writeFileSync(fileWithCampaign, text);
    for (let i = 0; i < rounds; i++) {
      const base = tempDir('herald-kill-import-');
      await killDuring('import', [base, MIGRATIONS, fileWithCampaign], 1500, 'START');
      const t = tally('import');
      t.kills++;
      for (const sub of fs.readdirSync(base)) {
        const f = path.join(base, sub, 'herald.sqlite');
        if (!fs.existsSync(f)) continue;
        if (!integrityOk(f)) {
          t.corrupt++;
          continue;
        }
        const db = new Database(f);
        // Killed while the fresh folder's file was being created: no tables yet is "before" (nothing imported).
        const hasTables =
          (db.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('teams', 'campaigns')`).pluck().get() as number) === 2;
        const teams = hasTables ? (db.prepare('SELECT count(*) FROM teams WHERE campaign_id = ?').pluck().get(campaignId) as number) : 0;
        const campaigns = hasTables ? (db.prepare('SELECT count(*) FROM campaigns WHERE id = ?').pluck().get(campaignId) as number) : 0;
        db.close();
        if (!((campaigns === 0 && teams === 0) || (campaigns === 1 && teams === expectedTeams))) t.mixed++;
      }
    }

    // Migration: an old (0001) campaign file with rows, opened by this Herald and killed while it updates it.
    const oldMigrations = tempDir('herald-migrations-0001-');
    fs.cpSync(MIGRATIONS, oldMigrations, { recursive: true });
    const journalFile = path.join(oldMigrations, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, 2);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const oldDir = tempDir('herald-old-file-');
    const old = new Database(path.join(oldDir, 'herald.sqlite'));
    old.close();
    const { openCampaignFile: openOld } = await import('../../src-main/db/open');
    const o = openOld({ file: path.join(oldDir, 'herald.sqlite'), migrationsFolder: oldMigrations, backupsDir: path.join(oldDir, 'backups') });
    o.sqlite
      .prepare(`INSERT INTO campaigns (id, name, points_limit, created_at, updated_at) VALUES ('00000000-0000-4000-8000-000000000001', 'Old', 250, 'x', 'x')`)
      .run();
    o.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    o.sqlite.close();
    const oldBytes = fs.readFileSync(path.join(oldDir, 'herald.sqlite'));
    const allMigrations = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
    for (let i = 0; i < rounds; i++) {
      const d = tempDir('herald-kill-migrate-');
      const f = path.join(d, 'herald.sqlite');
      fs.writeFileSync(f, oldBytes);
      await killDuring('migrate', [d, MIGRATIONS], 1200);
      const t = tally('migration');
      t.kills++;
      if (!integrityOk(f)) {
        t.corrupt++;
        continue;
      }
      const db = new Database(f);
      const names = db.prepare('SELECT name FROM campaigns').pluck().all() as string[];
      const applied = db.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get() as number;
      db.close();
      // Before (2 migrations) or after (all of them), and the campaign row kept either way.
      if (names.join() !== 'Old' || (applied !== 2 && applied !== allMigrations)) t.mixed++;
      t.unverifiedBackups += unverifiedBackups(path.join(d, 'backups'));
    }

    report.killMidOperation = results;
    const bad = Object.values(results).reduce((n, r) => n + r.mixed + r.corrupt + r.unverifiedBackups, 0);
    if (bad > 0) failures.push('kill mid-operation');
    expect(results).toEqual(Object.fromEntries(Object.keys(results).map((k) => [k, { kills: rounds, mixed: 0, corrupt: 0, unverifiedBackups: 0 }])));
  }, 900_000);
});
