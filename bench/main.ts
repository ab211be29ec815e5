/**
 * Over 400 lines: the benchmark's one run: scenario, every measurement and the report, in the order they run.
 * `npm run bench` (issue 9): a ten-year club campaign, generated from a fixed seed through the real handlers and cached
 * by seed, then the timings a club would feel, with budgets (p95 on our 2-core machines). Speed is measured here,
 * never in tests. Writes reports/bench.json and prints a table; exits 1 when a budget is missed.
 *
 *   npm run bench                       the ten-year scenario (generated once, then read from .bench-cache/)
 *   npm run bench -- --quick            a small scenario, to check the benchmark itself runs
 *   npm run bench -- --seed other-seed  another campaign of the same size
 *   npm run bench -- --only=handover    just the hand-over round trip and its memory (reports/bench-handover.json)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import type { GameDetail, GameSummary } from '../shared/ipc/schemas/games';
import type { TeamDetail } from '../shared/ipc/schemas/teams';
import { createCore, type Core } from '../src-main/core';
import { rebuild, staleTeams } from '../src-main/ledger';
import { replayCampaign } from '../src-main/history/replay';
import { CHROMIUM_ARGS, systemChromium } from '../e2e/support/chromium';
import { startBrowserServer } from '../e2e/support/browser-server';
import { call, dayOf, generate, result, seededIds, TEN_YEARS, type ScenarioInfo, type ScenarioSize } from './scenario';
import { backupsAfterTenYears, growthCheckpoints, measureGrowth, whereTheBytesAre, type GrowthPoint } from './sizes';
import { rawTeamRoster } from './raw-roster';
import { bridgeUnderPhoneFlood, lanRosterUnderLoad } from './lan-load';
import { IPC_CALLS_PER_COMMIT_BUDGET, ipcCallsPerCommit } from './ipc-count';
import { Sfc32 } from '../shared/rules';
import { campaignPageCalls, type PageCall } from './page-calls';
import { unpackJson } from '../src-main/db/packed-json';
import { tableTaps, tapsToRecordCasualty } from './table-tap';
import { handOverOnce, rssAfterSettling, rssPeakSampler, type ImportSteps } from './hand-over';
import { draftSaveStatements } from './draft-save';
import { amendGame, gameToAmend } from './amend';
import { OPEN_CAMPAIGN_CHILD, rssAfterOpenCampaignInChild, runOpenCampaignChild } from './open-campaign-rss';

/** Bump when the generator changes what it makes: cached scenarios of another version are made again. */
const GENERATOR_VERSION = 5; // 2: backup sizes measured as the campaign grows (issue 21); 3: the lean campaign file (issue 21); 4: backups at zstd level 1; 5: backups serialized, not vacuumed
const MIGRATIONS = path.resolve('migrations');

const BUDGETS_MS: Record<string, number> = {
  openCampaign: 50,
  teamRoster: 10,
  commitGame: 20,
  tableTap: 50,
  voidGame: 20,
  // Issue 29: one amendment of a committed game (games.amend), at 20,000 games too.
  amendGame: 200,
  rebuildProjections: 2000,
  replayCampaign: 2000,
  handOverRoundTrip: 10_000,
  rosterPdf: 1500,
  startupToFirstPaint: 1500,
  lanRosterUnderLoad: 100,
  bridgeUnderPhoneFlood: 50,
  backup: 600,
};
/** Issue 21: disk budgets, in bytes (MB = 1,000,000 bytes). */
const MB = 1_000_000;
const SIZE_BUDGETS: Record<string, number> = {
  dbBytes: 80 * MB,
  backupBytes: 15 * MB,
  backupsAfterTenYears: 1000 * MB,
  // Issue 29: the memory an import of the ten-year campaign file takes above the process before it.
  peakImportRssBytes: 400 * MB,
  // Issue 29: what the main process holds once the campaign page has opened (garbage collected).
  rssAfterOpenCampaign: 300 * MB,
};
const RATIO_BUDGET = 3;
/**
 * The result form's save (issue 32): one transaction holding one read of the game row and one write of its draft;
 * with BEGIN, COMMIT and dispatch's hand-over check, 5 statements.
 */
const DRAFT_SAVE_STATEMENTS_BUDGET = 5;

interface Metric {
  median_ms: number;
  p95_ms: number;
  runs: number;
  /**
   * CPU time per operation, median, all threads of this process (issue 29: meaningful on a busy machine, where wall
   * time is not). Null where the work runs in another process (browser mode, the phones' client).
   */
  cpu_ms: number | null;
}

/** Wall times of runs, with the CPU time of each run when measured in this process. */
type Samples = number[] & { cpu?: number[] };

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const seedArg = args.find((a) => a.startsWith('--seed='))?.slice('--seed='.length) ?? (args.includes('--seed') ? args[args.indexOf('--seed') + 1] : undefined);
const seed = seedArg ?? 'herald-ten-years';
const gamesArg =
  args.find((a) => a.startsWith('--games='))?.slice('--games='.length) ?? (args.includes('--games') ? args[args.indexOf('--games') + 1] : undefined);
// `--games 20000` (issue 29): the ten-year club at another size; its budgets are the ten-year scenario's.
const games = gamesArg === undefined ? undefined : Number(gamesArg);
if (games !== undefined && !(Number.isInteger(games) && games >= 100 && games <= 50_000))
  throw new Error(`--games takes a whole number from 100 to 50000; got "${gamesArg}".`);
const size: ScenarioSize = quick ? { ...TEN_YEARS, teams: 8, games: 150 } : games !== undefined ? { ...TEN_YEARS, games } : TEN_YEARS;
const tenYearScenario = !quick && games === undefined;

/** `--only=table` (issue 33): just the table's two figures, printed and written to reports/bench-table.json. */
const onlyTable = args.includes('--only=table');
async function onlyTableRun(work: string, gameId: string, tableTap: Metric) {
  const executablePath = systemChromium();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  let taps = -1;
  try {
    const server = await startBrowserServer(work, 60_000, { productionTimings: true });
    try {
      taps = await tapsToRecordCasualty(browser, server.url, gameId);
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
  }
  const out = { seed, quick, metrics: { tableTap }, counts: { tapsToRecordCasualty: taps }, budgets: { tableTap: BUDGETS_MS.tableTap } };
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync('reports/bench-table.json', JSON.stringify(out, null, 2) + '\n');
  console.log(JSON.stringify(out, null, 2));
  fs.rmSync(work, { recursive: true, force: true });
}

/**
 * `--only=handover` (issue 29): the hand-over round trip three times, the import's peak memory over the settled idle
 * process, and what the process holds a few seconds after the imports and after a backup (garbage collected);
 * printed and written to reports/bench-handover.json, with the machine's load (wall times stretch on a busy machine).
 */
const onlyHandOver = args.includes('--only=handover');
async function onlyHandOverRun(core: Core, campaignId: string, work: string, scenario: Record<string, number>) {
  const load = [os.loadavg()];
  const idleRssBytes = await rssAfterSettling();
  const peak = rssPeakSampler();
  const steps: ImportSteps[] = [];
  let campaignFileBytes = 0;
  const handOverRoundTrip = stats(
    await time(3, async () => {
      const once = await handOverOnce(core, campaignId, coreOn);
      campaignFileBytes = once.fileBytes;
      steps.push(once.steps);
    }),
  );
  const peakImportRssBytes = Math.max(0, (await peak.stop()) - idleRssBytes);
  const rssAfterImportBytes = await rssAfterSettling();
  const backup = stats(await time(1, () => call(core, 'backups.create', {})));
  const rssAfterBackupBytes = await rssAfterSettling();
  load.push(os.loadavg());
  core.close();
  fs.rmSync(work, { recursive: true, force: true });
  const out = {
    seed,
    scenario,
    metrics: { handOverRoundTrip, backup },
    steps,
    sizes: { campaignFileBytes, idleRssBytes, peakImportRssBytes, rssAfterImportBytes, rssAfterBackupBytes },
    loadAverage: { before: load[0], after: load[1], cores: os.cpus().length },
    budgets: { handOverRoundTrip: BUDGETS_MS.handOverRoundTrip, peakImportRssBytes: SIZE_BUDGETS.peakImportRssBytes },
  };
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync('reports/bench-handover.json', JSON.stringify(out, null, 2) + '\n');
  console.log(JSON.stringify(out, null, 2));
}

function coreOn(dataDir: string): Core {
  // The production core: the same pragmas, migrations and handlers the app runs (automatic backups on, as in the app).
  return createCore({ dataDir, migrationsFolder: MIGRATIONS, mode: 'browser', version: 'bench', log: () => {} });
}

function stats(samples: Samples, cpuElsewhere = false): Metric {
  const at = (xs: number[], q: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  };
  const round = (x: number) => Math.round(x * 100) / 100;
  const cpu = !cpuElsewhere && samples.cpu && samples.cpu.length > 0 ? round(at(samples.cpu, 0.5)) : null;
  return { median_ms: round(at(samples, 0.5)), p95_ms: round(at(samples, 0.95)), runs: samples.length, cpu_ms: cpu };
}

/** `runs` runs of `fn`, each timed on the wall and in CPU (user and system, every thread of this process). */
async function time(runs: number, fn: (i: number) => Promise<unknown> | unknown, before?: (i: number) => Promise<unknown> | unknown): Promise<Samples> {
  const out: Samples = [];
  out.cpu = [];
  for (let i = 0; i < runs; i++) {
    if (before) await before(i);
    const cpu = process.cpuUsage();
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
    out.cpu.push(cpuMs(process.cpuUsage(cpu)));
  }
  return out;
}

const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

/** The cached scenario for this seed and size, generated first when missing. */
type CachedScenario = ScenarioInfo & { growth: GrowthPoint[] };

async function scenario(): Promise<{ dir: string; info: CachedScenario }> {
  const key = `${seed}-t${size.teams}-g${size.games}-m${size.modelsPerTeam}-v${GENERATOR_VERSION}`;
  const dir = path.resolve('.bench-cache', key);
  const infoFile = path.join(dir, 'scenario.json');
  if (fs.existsSync(infoFile)) {
    // Bring the cached file up to this build once (new migrations, a new projection version), not in every copy.
    const core = createCore({ dataDir: dir, migrationsFolder: MIGRATIONS, mode: 'browser', version: 'bench', log: () => {}, automaticBackups: false });
    core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    core.close();
    fs.rmSync(path.join(dir, 'backups'), { recursive: true, force: true });
    return { dir, info: JSON.parse(fs.readFileSync(infoFile, 'utf8')) as CachedScenario };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  console.log(
    `Generating the scenario "${key}" through the real handlers (cached in ${path.relative(process.cwd(), dir)}; this takes a while the first time)…`,
  );
  const core = createCore({
    dataDir: dir,
    migrationsFolder: MIGRATIONS,
    mode: 'browser',
    version: 'bench',
    log: () => {},
    automaticBackups: false,
    newId: seededIds(seed),
  });
  const started = performance.now();
  // Issue 21: a real verified backup at every tenth of the games, for the ten-year backup figure (bench/sizes.ts).
  const checkpoints = growthCheckpoints(size.games);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-growth-'));
  const growth: GrowthPoint[] = [];
  const generated = await generate(core, seed, size, (done, total) => {
    if (checkpoints.has(done)) growth.push(measureGrowth(core.opened.sqlite, done, scratch));
    if (done % 250 === 0 || done === total) {
      const s = (performance.now() - started) / 1000;
      console.log(`  ${done} / ${total} games (${s.toFixed(0)} s)`);
    }
  });
  core.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  core.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.rmSync(path.join(dir, 'backups'), { recursive: true, force: true });
  const info: CachedScenario = { ...generated, growth };
  fs.writeFileSync(infoFile, JSON.stringify(info, null, 2));
  return { dir, info };
}

/** A private copy of the cached scenario to measure on (commits and voids change it). */
function workCopy(from: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-'));
  for (const f of fs.readdirSync(from)) if (/\.sqlite(-wal|-shm)?$/.test(f)) fs.copyFileSync(path.join(from, f), path.join(dir, f));
  return dir;
}

/** The campaign page's calls (bench/page-calls.ts), through browser mode on the work copy, in a Chromium of its own. */
async function recordCampaignPage(work: string, campaignId: string): Promise<PageCall[]> {
  const executablePath = systemChromium();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    const server = await startBrowserServer(work, 60_000, { productionTimings: true });
    try {
      return await campaignPageCalls(browser, server.url, campaignId);
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const { dir: cached, info } = await scenario();
  const work = workCopy(cached);
  // What the campaign page asks for when it opens, recorded from the real renderer before anything changes the file.
  const pageCalls = onlyTable || onlyHandOver ? [] : await recordCampaignPage(work, info.campaignId);
  console.log(`The campaign page's calls: ${pageCalls.map((c) => c.channel).join(', ')}`);
  const core = coreOn(work);
  const db = core.opened.db;
  const sqlite = core.opened.sqlite;
  const count = (sql: string) => (sqlite.prepare(sql).pluck().get() as number) ?? 0;
  const scenarioFigures = {
    teams: count('SELECT count(*) FROM teams'),
    // Founding rosters are packed JSON (issue 21): counted unpacked, not with SQL's json_each.
    models:
      (sqlite.prepare(`SELECT data FROM ledger_entries WHERE kind = 'team.founded'`).pluck().all() as string[]).reduce(
        (n, d) => n + (unpackJson(d) as { roster: { models: unknown[] } }).roster.models.length,
        0,
      ) + count(`SELECT count(*) FROM ledger_entries WHERE kind = 'model.recruited'`),
    deadModels: count(`SELECT count(*) FROM ledger_entries WHERE kind = 'model.died' AND voided_at IS NULL`),
    games: count(`SELECT count(*) FROM games WHERE status = 'committed'`),
    ledgerEntries: count('SELECT count(*) FROM ledger_entries'),
    dbBytes: fs.statSync(core.paths.databaseFile).size,
  };
  console.log(`Scenario: ${JSON.stringify(scenarioFigures)}`);
  const metrics: Record<string, Metric> = {};
  const campaignId = info.campaignId;
  const [teamA, teamB] = info.benchTeams;
  if (onlyTable) {
    const tap = stats(await tableTaps(core, campaignId, teamA, teamB, quick ? 50 : 200));
    const gameId = (await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'skirmish' })).game.id;
    core.close();
    await onlyTableRun(work, gameId, tap);
    return;
  }
  if (onlyHandOver) return onlyHandOverRun(core, campaignId, work, scenarioFigures);
  const rng = (() => {
    const s = Sfc32.fromSeed(`${seed}|measure`);
    return () => s.nextUint32() / 0x1_0000_0000;
  })();

  // Verified backups first, as a club laptop has every day: what a backup of the ten-year file costs (compressed,
  // decompressed again and checked: issue 21), and with them the start-of-day backup does not fire in the middle of
  // the measurements.
  let backupBytes = 0;
  const backUp = async () => (backupBytes = (await call<{ bytes: number }>(core, 'backups.create', {})).bytes);
  // The first backup after start also starts the backup threads (in the app they start with the first daily check,
  // five seconds after start): reported on its own, as commitGameFirst is.
  metrics.backupFirst = stats(await time(1, backUp));
  metrics.backup = stats(await time(quick ? 5 : 10, backUp));
  const tenYears = backupsAfterTenYears(info.growth, size.games, dayOf);
  const sizes = {
    dbBytes: scenarioFigures.dbBytes,
    backupBytes,
    backupsAfterTenYears: tenYears.bytes,
    backupsKeptAfterTenYears: tenYears.kept,
    growth: info.growth,
    where: whereTheBytesAre(sqlite),
  };
  console.log(
    `Sizes: file ${(sizes.dbBytes / MB).toFixed(1)} MB, one backup ${(backupBytes / MB).toFixed(1)} MB, backups after ten years ${(tenYears.bytes / MB).toFixed(0)} MB in ${tenYears.kept} files`,
  );
  // The team page while a backup of the ten-year file is being taken (in a worker thread): the app keeps answering.
  {
    const taking = call(core, 'backups.create', {});
    const during: number[] = [];
    for (let i = 0; i < 20; i++) during.push(...(await time(1, () => call<TeamDetail>(core, 'teams.get', { id: teamA }))));
    await taking;
    metrics.teamRosterDuringBackup = stats(during);
  }

  // Warm up: the first call of each path parses the ruleset and team lists and prepares its statements.
  for (let i = 0; i < 3; i++) {
    await call(core, 'campaigns.standings', { id: campaignId });
    await call(core, 'teams.get', { id: teamA });
  }

  // openCampaign: every call the real campaign page made when it opened (recorded above in Chromium, issue 29), together.
  metrics.openCampaign = stats(await time(30, () => Promise.all(pageCalls.map((c) => call(core, c.channel, c.input)))));
  // Issue 29: what Herald's main process holds with the campaign page open, garbage collected a few seconds later, in a
  // process of its own on a fresh copy of the scenario (bench/open-campaign-rss.ts).
  {
    const copy = workCopy(cached);
    Object.assign(sizes, { rssAfterOpenCampaign: rssAfterOpenCampaignInChild(copy, MIGRATIONS, campaignId, pageCalls) });
    fs.rmSync(copy, { recursive: true, force: true });
  }

  // teamRoster: one 20-model team's page (roster with every model's derived state), through dispatch.
  const roster = await time(200, () => call<TeamDetail>(core, 'teams.get', { id: teamA }));
  metrics.teamRoster = stats(roster);
  // The same read as plain better-sqlite3 SQL (bench/raw-roster.ts): what the layers above SQL cost.
  const raw = await time(200, () => rawTeamRoster(sqlite, teamA));
  const rosterRatio = stats(roster).median_ms / Math.max(0.001, stats(raw).median_ms);

  // commitGame: a prepared result between the two 20-model teams, resolved and committed (the draft is made first,
  // untimed); voidGame: voiding that latest game once the after-commit backup is done (the organiser reads the result,
  // then says "that was wrong"). The backup runs in a worker thread, as in the app; the void reuses it. The first
  // rounds are warm-up (statements prepared, code compiled): the very first commit is reported apart, without budget.
  const WARM_UP = 10;
  const commits: Samples = Object.assign([], { cpu: [] });
  const voids: Samples = Object.assign([], { cpu: [] });
  for (let i = 0; i < WARM_UP + 30; i++) {
    const created = await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'seize-ground' });
    await call(core, 'games.saveDraft', { id: created.game.id, draft: result(created, rng, 0.1) });
    let cpu = process.cpuUsage();
    let t = performance.now();
    await call(core, 'games.commit', { id: created.game.id });
    const commitMs = performance.now() - t;
    const commitCpu = cpuMs(process.cpuUsage(cpu));
    if (i === 0) metrics.commitGameFirst = stats(Object.assign([commitMs], { cpu: [commitCpu] }));
    await new Promise((r) => setImmediate(r)); // the after-commit backup starts in its worker here, as in the app
    await core.backupsIdle();
    cpu = process.cpuUsage();
    t = performance.now();
    await call<GameSummary>(core, 'games.void', { id: created.game.id, reason: 'Entered by mistake', withDependents: false });
    const voidMs = performance.now() - t;
    if (i >= WARM_UP) {
      commits.push(commitMs);
      commits.cpu!.push(commitCpu);
      voids.push(voidMs);
      voids.cpu!.push(cpuMs(process.cpuUsage(cpu)));
    }
  }
  metrics.commitGame = stats(commits);
  metrics.voidGame = stats(voids);
  // amendGame (issue 29): a kill moved to another model in a game just committed (bench/amend.ts), applied as the
  // game page applies it; the game is made, committed and previewed untimed. The first three runs are warm-up.
  let toAmend: Awaited<ReturnType<typeof gameToAmend>> | undefined;
  metrics.amendGame = stats(
    await time(
      quick ? 8 : 23,
      () => amendGame(core, toAmend!),
      async () => {
        toAmend = await gameToAmend(core, campaignId, teamA, teamB, rng);
        // The after-commit backup (a worker thread, counted in cpu_ms) is done before the amendment is timed.
        await new Promise((r) => setImmediate(r));
        await core.backupsIdle();
      },
    ).then((s) => Object.assign(s.slice(3), { cpu: s.cpu!.slice(3) })),
  );
  // draftSaveStatements (issue 32): one debounced save of the result form, in SQL statements (bench/draft-save.ts).
  const draftSave = await draftSaveStatements(core, campaignId, teamA, teamB, rng);

  // tableTap (issue 33): one tap at the table recorded and the screen's state answered; a draft game is left at the
  // table for the Chromium count of tapsToRecordCasualty below.
  metrics.tableTap = stats(await tableTaps(core, campaignId, teamA, teamB, quick ? 50 : 200));
  const tableGameId = (await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'skirmish' })).game.id;

  // lanRosterUnderLoad (issue 22): the Club Wi-Fi view's roster page while 30 phones refresh and games are committed.
  const lan = await lanRosterUnderLoad(core, { campaignId, teamA, teamB, teamIds: info.teamIds, durationMs: quick ? 10_000 : 20_000, rng });
  metrics.lanRosterUnderLoad = stats(lan.samples);
  // bridgeUnderPhoneFlood (issue 28): the organiser's own page while 30 phones flood the view and 1,500 connections idle.
  const flood = await bridgeUnderPhoneFlood(core, { campaignId, teamId: teamA, teamIds: info.teamIds, durationMs: quick ? 8_000 : 15_000 });
  metrics.bridgeUnderPhoneFlood = stats(flood.samples);
  console.log(`Phone flood: ${JSON.stringify(flood.phones)}; ${flood.builds} answers built during it, ${Math.round(flood.warmUpMs)} ms to build them first`);

  // rebuildProjections: every team's projection and roster cache rebuilt from the ledger, in one transaction.
  metrics.rebuildProjections = stats(await time(3, () => db.transaction((tx) => rebuild(tx, { campaignId }, new Date().toISOString()))));
  const stale = staleTeams(db, info.teamIds);
  if (stale.length > 0) throw new Error(`Stored projections differ from a rebuild for ${stale.length} team(s): ${stale.join(', ')}`);

  // replayCampaign (issue 27): the one judge — the whole history replayed, every game resolved again — as an import runs it.
  metrics.replayCampaign = stats(
    await time(3, () => {
      const replay = replayCampaign(db, campaignId);
      if (!replay.ok) throw new Error(`The ten-year campaign does not replay: ${replay.problem}`);
    }),
  );
  // handOverRoundTrip (issue 29): the campaign exported as a hand-over writes it (packed), then imported on a new laptop
  // (a fresh data folder) as its upload arrives there: read, checked, written and judged by the replay.
  const peak = rssPeakSampler();
  const idleRss = process.memoryUsage.rss();
  const handOverSteps: ImportSteps[] = [];
  metrics.handOverRoundTrip = stats(
    await time(quick ? 2 : 3, async () => {
      const once = await handOverOnce(core, campaignId, coreOn);
      Object.assign(sizes, { campaignFileBytes: once.fileBytes });
      handOverSteps.push(once.steps);
    }),
  );
  console.log(`Hand-over steps (ms): ${handOverSteps.map((s) => JSON.stringify(s)).join(' ')}`);
  Object.assign(sizes, { peakImportRssBytes: Math.max(0, (await peak.stop()) - idleRss) });
  // Issue 29: memory returned after the imports (garbage collected, a few seconds later), over the process before them.
  Object.assign(sizes, { importRssKeptBytes: Math.max(0, (await rssAfterSettling()) - idleRss) });
  core.close();

  // In Chromium: the browser-mode server on the same file.
  const executablePath = systemChromium();
  let counted = { calls: -1, channels: [] as string[] };
  let tapsToRecordCasualtyCount = -1;
  const browser: Browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    const server = await startBrowserServer(work, 60_000, { productionTimings: true });
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.getByRole('list', { name: 'Active campaigns' }).waitFor();
      // rosterPdf: the 20-model roster sheet from its print route to PDF bytes (fonts embedded).
      metrics.rosterPdf = stats(
        await time(
          10,
          async () => {
            await page.evaluate(`location.hash = '#/print/roster/${teamA}?paper=a4'`);
            await page.locator('html[data-print-ready="1"]').waitFor({ state: 'attached' });
            const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
            if (pdf.length < 1000) throw new Error('The roster PDF is empty.');
          },
          async () => {
            await page.evaluate(`location.hash = '#/'`);
            await page.getByRole('list', { name: 'Active campaigns' }).waitFor();
          },
        ),
        true,
      );
      await page.close();
      counted = await ipcCallsPerCommit(browser, server.url, campaignId, [teamA, teamB], () => 0.5);
      tapsToRecordCasualtyCount = await tapsToRecordCasualty(browser, server.url, tableGameId);
    } finally {
      await server.stop();
    }

    // startupToFirstPaint: from starting the browser-mode process until the campaign list is on screen.
    const startups = await time(5, async () => {
      const s = await startBrowserServer(work, 60_000, { productionTimings: true });
      try {
        const page = await browser.newPage();
        await page.goto(s.url);
        await page.getByRole('list', { name: 'Active campaigns' }).getByRole('listitem').first().waitFor();
        await page.close();
      } finally {
        await s.stop();
      }
    });
    metrics.startupToFirstPaint = stats(startups, true);
  } finally {
    await browser.close();
  }
  fs.rmSync(work, { recursive: true, force: true });

  const counts = {
    ipcCallsPerCommit: counted.calls,
    ipcCallsPerCommitChannels: counted.channels,
    tapsToRecordCasualty: tapsToRecordCasualtyCount,
    ...draftSave,
    draftSaveHow:
      'SQL statements (BEGIN and COMMIT included) and transactions of one games.keepDraft, the result form’s save (the window previews the draft itself); saveDraftStatements: the same save through games.saveDraft, which answers with the recomputed game view',
    ipcCallsPerCommitHow:
      'requests to /api/invoke made by a Chromium page showing the campaign page (the real renderer in browser mode) while another page commits a game, until it is quiet for 1 s',
  };
  const report = {
    seed,
    generatorVersion: GENERATOR_VERSION,
    scenario: scenarioFigures,
    sizes,
    metrics,
    counts,
    ratios: { rosterReadVsRawSql: Math.round(rosterRatio * 100) / 100 },
    // CPU time of one replay (issue 27; every metric now has its cpu_ms, issue 29).
    cpu: { replayCampaignMs: metrics.replayCampaign.cpu_ms },
    openCampaignCalls: pageCalls.map((c) => c.channel),
    budgets: {
      ...BUDGETS_MS,
      rosterReadVsRawSql: RATIO_BUDGET,
      ...SIZE_BUDGETS,
      ipcCallsPerCommit: IPC_CALLS_PER_COMMIT_BUDGET,
      draftSaveStatements: DRAFT_SAVE_STATEMENTS_BUDGET,
    },
  };
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync('reports/bench.json', JSON.stringify(report, null, 2) + '\n');

  const rows = Object.entries(metrics).map(([name, m]) => {
    const budget = BUDGETS_MS[name];
    return {
      name,
      median: m.median_ms.toFixed(1),
      p95: m.p95_ms.toFixed(1),
      runs: String(m.runs),
      cpu: m.cpu_ms === null ? '—' : m.cpu_ms.toFixed(1),
      budget: budget === undefined ? '—' : `≤ ${budget}`,
      ok: budget === undefined || m.p95_ms <= budget,
    };
  });
  for (const [name, budget] of Object.entries(SIZE_BUDGETS)) {
    const bytes = (sizes as unknown as Record<string, number>)[name]!;
    rows.push({ name, median: `${(bytes / MB).toFixed(1)} MB`, p95: '', runs: '', cpu: '', budget: `≤ ${budget / MB} MB`, ok: bytes <= budget });
  }
  rows.push({
    name: 'rosterReadVsRawSql',
    median: report.ratios.rosterReadVsRawSql.toFixed(2),
    p95: '',
    runs: '200',
    cpu: '',
    budget: `≤ ${RATIO_BUDGET}`,
    ok: report.ratios.rosterReadVsRawSql <= RATIO_BUDGET,
  });
  rows.push({
    name: 'ipcCallsPerCommit',
    median: String(counts.ipcCallsPerCommit),
    p95: '',
    runs: '1',
    cpu: '',
    budget: `≤ ${IPC_CALLS_PER_COMMIT_BUDGET}`,
    ok: counts.ipcCallsPerCommit >= 0 && counts.ipcCallsPerCommit <= IPC_CALLS_PER_COMMIT_BUDGET,
  });
  rows.push({
    name: 'draftSaveStatements',
    median: String(counts.draftSaveStatements),
    p95: '',
    runs: '1',
    cpu: '',
    budget: `≤ ${DRAFT_SAVE_STATEMENTS_BUDGET}`,
    ok: counts.draftSaveStatements <= DRAFT_SAVE_STATEMENTS_BUDGET && counts.draftSaveTransactions === 1,
  });
  console.log('');
  console.log(`${'metric'.padEnd(22)}${'median ms'.padStart(11)}${'p95 ms'.padStart(10)}${'cpu ms'.padStart(9)}${'runs'.padStart(6)}${'budget'.padStart(10)}`);
  for (const r of rows)
    console.log(
      `${r.name.padEnd(22)}${r.median.padStart(11)}${r.p95.padStart(10)}${r.cpu.padStart(9)}${r.runs.padStart(6)}${r.budget.padStart(10)}  ${r.ok ? 'ok' : 'OVER BUDGET'}`,
    );
  const which = quick
    ? 'quick scenario: budgets are for the ten-year one'
    : tenYearScenario
      ? 'ten-year scenario'
      : `${size.games} games: budgets are for the ten-year scenario`;
  console.log(`\nWrote reports/bench.json (${which}).`);
  if (tenYearScenario && rows.some((r) => !r.ok)) process.exitCode = 1;
}

const childJob = args.includes(OPEN_CAMPAIGN_CHILD) ? args[args.indexOf(OPEN_CAMPAIGN_CHILD) + 1] : undefined;
(childJob ? runOpenCampaignChild(childJob) : main()).catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exitCode = 1;
});
