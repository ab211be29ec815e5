/**
 * The Electron edge, on every machine (issue 15): the real built main bundle (dist/main/index.cjs) and preload run
 * under Node with a recording stand-in for Electron (./test-support), driven the way Electron drives them. It proves
 * Herald's wiring — window options, the sender check, the app:// handler, the navigation and permission guards, the
 * preload's surface, the print path, a second launch, quit — not Electron itself (the Electron e2e project does that
 * where Electron's binary is installed). npm test builds first; run `npm run build` before running this file alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/bridge';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import { listVerifiedBackups } from '../db/backup';
import { CONTENT_SECURITY_POLICY } from '../security';
import { APP_INDEX_URL, APP_ORIGIN } from './app-url';
import { BUILT_PRELOAD, loadPreload, startHerald, TOP, type Herald, type HeraldRecord } from './test-support';
import { STAND_IN_PDF } from './test-support/electron-standin';
import { callEveryChannel } from './test-support/every-channel';

const running: Herald[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((h) => h.kill()));
});
const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
async function start(options: Parameters<typeof startHerald>[0] = {}) {
  const herald = await startHerald({ dataDir: tempDir('herald-edge-data-'), ...options });
  running.push(herald);
  return herald;
}
const kinds = (records: HeraldRecord[] | null, kind: string) => (records ?? []).filter((r) => r.kind === kind);
const isRefusal = (r: Result<unknown>) => !r.ok && r.error.code === 'INVALID_INPUT' && /^Refused/.test(r.error.message);

describe('the Electron edge: Herald’s real main bundle, Electron played by a stand-in', () => {
  it('opens one window with context isolation, the sandbox, no Node, web security and the built preload', async () => {
    const herald = await start();
    const windows = await herald.windows();
    expect(windows).toHaveLength(1);
    const [win] = windows;
    expect(win?.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(win?.options.webPreferences?.preload).toBe(BUILT_PRELOAD);
    expect(fs.existsSync(String(win?.options.webPreferences?.preload))).toBe(true);
    // The page came through the app:// handler, and the window was shown once ready.
    expect(win?.loads).toEqual([{ url: APP_INDEX_URL, status: 200 }]);
    expect(win?.visible).toBe(true);
    const records = await herald.records();
    const schemes = kinds(records, 'protocol.registerSchemesAsPrivileged')[0]?.detail as { schemes: unknown; afterReady: boolean };
    expect(schemes.afterReady).toBe(false);
    expect(schemes.schemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(kinds(records, 'unhandledRejection')).toEqual([]);
  });

  it('answers every channel of the contract from its own top frame, never refusing and never failing inside', async () => {
    const herald = await start();
    const folder = tempDir('herald-edge-files-');
    const answers = await callEveryChannel(
      (channel, input) => herald.invoke(TOP, channel, input),
      (kind, answer) => herald.answer(kind, answer),
      folder,
    );
    expect(
      CHANNEL_NAMES.filter((c) => !answers.has(c)),
      'channels the edge test does not call yet (add them to test-support/every-channel.ts)',
    ).toEqual([]);
    const bad = [...answers].flatMap(([channel, results]) =>
      results.filter((r) => !r.ok && ['INVALID_INPUT', 'UNKNOWN_CHANNEL', 'INTERNAL'].includes(r.error.code)).map((r) => `${channel}: ${JSON.stringify(r)}`),
    );
    expect(bad, herald.output()).toEqual([]);
    // The club's evening went through: a game committed and voided, files written where the dialogs said.
    const ok = (channel: string) => answers.get(channel)?.every((r) => r.ok);
    for (const channel of [
      'campaigns.create',
      'teams.found',
      'games.commit',
      'games.void',
      'print.pdf',
      'campaigns.exportFile',
      'campaigns.importFile',
      'backups.restore',
    ]) {
      expect(ok(channel), `${channel}: ${JSON.stringify(answers.get(channel))}`).toBe(true);
    }
    for (const file of ['marines.json', 'ruleset.json', 'bulletin.pdf', 'campaign.herald-campaign'])
      expect(fs.existsSync(path.join(folder, file)), file).toBe(true);
    // The campaign file went through main's save dialog as bytes: packed (zstd's magic), as Herald writes them (issue 29).
    expect(fs.readFileSync(path.join(folder, 'campaign.herald-campaign')).subarray(0, 4)).toEqual(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
    // Events reach the window.
    const sent = kinds(await herald.records(), 'webContents.send').map((r) => (r.detail as { channel: string; args: unknown[] }).args[0]);
    expect(sent).toEqual(expect.arrayContaining(['campaigns.changed', 'games.changed', 'backups.changed', 'app.restored']));
    expect(kinds(await herald.records(), 'webContents.send').every((r) => (r.detail as { channel: string }).channel === IPC_EVENT)).toBe(true);
  });

  it('refuses every channel from a foreign page, a subframe (even of its own page) or a frame that is gone, and changes nothing', async () => {
    const herald = await start();
    const strangers = [
      { url: 'https://example.org/' },
      { url: 'file:///etc/passwd' },
      { url: 'about:blank' },
      { url: 'data:text/html,<script>herald.invoke()</script>' },
      { url: 'http://127.0.0.1:5173/' },
      { url: 'app://evil/index.html' },
      { subframe: true },
      { url: 'https://example.org/', subframe: true },
      { gone: true },
    ];
    for (const frame of strangers) {
      for (const channel of CHANNEL_NAMES) {
        const answer = await herald.invoke(frame, channel, channel === 'campaigns.create' ? { name: 'Foreign' } : {});
        expect(isRefusal(answer), `${channel} from ${JSON.stringify(frame)}: ${JSON.stringify(answer)}`).toBe(true);
      }
    }
    expect(await herald.invoke(TOP, 'campaigns.list', { includeArchived: true })).toEqual({ ok: true, value: [] });
    const backups = (await herald.invoke(TOP, 'backups.list', {})) as { ok: true; value: { reason: string }[] };
    // (The daily backup may have come due meanwhile on a slow machine; none was made by a refused call.)
    expect(backups.value.filter((b) => b.reason !== 'daily')).toEqual([]);
  });

  it('serves index.html and every built asset with the CSP, and refuses traversal and other hosts', async () => {
    const herald = await start();
    const root = path.resolve('dist/renderer');
    const assets = fs.readdirSync(path.join(root, 'assets'));
    expect(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')) && assets.some((a) => a.endsWith('.woff2'))).toBe(true);
    // Fonts once (issue 29): woff2 only, no woff copies.
    expect(assets.filter((a) => a.endsWith('.woff'))).toEqual([]);
    for (const [url, file] of [
      [APP_INDEX_URL, 'index.html'],
      [`${APP_ORIGIN}/`, 'index.html'],
      ...assets.map((a) => [`${APP_ORIGIN}/assets/${a}`, `assets/${a}`]),
    ] as const) {
      const response = await herald.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(Buffer.from(response.body).equals(fs.readFileSync(path.join(root, file))), url).toBe(true);
    }
    expect((await herald.request(APP_INDEX_URL)).headers['content-type']).toMatch(/^text\/html/);
    const secret = fs.readFileSync('package.json');
    for (const url of [
      `${APP_ORIGIN}/../package.json`,
      `${APP_ORIGIN}/../../package.json`,
      `${APP_ORIGIN}/%2e%2e/package.json`,
      `${APP_ORIGIN}/%2e%2e/%2e%2e/package.json`,
      `${APP_ORIGIN}/..%2fpackage.json`,
      `${APP_ORIGIN}/..%2f..%2fpackage.json`,
      `${APP_ORIGIN}/assets%2f..%2f..%2fpackage.json`,
      `${APP_ORIGIN}/..%5c..%5cpackage.json`,
      `${APP_ORIGIN}/${encodeURIComponent(path.resolve('package.json'))}`,
      `${APP_ORIGIN}/${path.resolve('package.json')}`,
      `${APP_ORIGIN}//etc/passwd`,
      `${APP_ORIGIN}/index.html%00`,
      `${APP_ORIGIN}/index.html%00.png`,
      `${APP_ORIGIN}/C:/Windows/win.ini`,
      `${APP_ORIGIN}/assets/`,
      `${APP_ORIGIN}/no-such-file.js`,
      'app://evil/index.html',
      'app://herald:8080/index.html',
    ]) {
      const response = await herald.request(url);
      expect(response.status, url).toBe(404);
      expect(Buffer.from(response.body).includes(secret.subarray(0, 40)), url).toBe(false);
    }
  });

  it('lets the window navigate to its own page only, and denies window.open, webviews and every permission', async () => {
    const herald = await start();
    for (const url of [APP_INDEX_URL, `${APP_INDEX_URL}#/campaigns`, `${APP_ORIGIN}/index.html?after-restore=1`, `${APP_ORIGIN}/`]) {
      expect((await herald.navigate(url)).prevented, url).toBe(false);
    }
    for (const url of [
      'https://example.org/',
      'http://127.0.0.1:5173/',
      'file:///etc/passwd',
      'about:blank',
      'data:text/html,hi',
      'app://evil/index.html',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect((await herald.navigate(url)).prevented, url).toBe(true);
      expect((await herald.navigate(url, undefined, 'will-redirect')).prevented, url).toBe(true);
    }
    for (const url of [APP_INDEX_URL, 'https://example.org/']) expect((await herald.windowOpen(url)).action, url).toBe('deny');
    expect((await herald.webContentsEvent('will-attach-webview', [{}, {}])).prevented).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'fullscreen', 'openExternal', 'midi']) {
      expect(await herald.permission(permission), permission).toEqual({ granted: false, checked: false });
    }
  });

  it('the preload exposes exactly invoke and on, and nothing else reaches the page', async () => {
    const herald = await start();
    const page = loadPreload(BUILT_PRELOAD, async (channel, ...args) => (await herald.ipcInvoke(TOP, channel, ...args)).value);
    expect(page.required).toEqual(['electron']);
    expect(page.globalsAdded).toEqual([]);
    // It carries the contract's names, not its schemas (a few KB, not zod: every window parses it before its page).
    expect(fs.statSync(BUILT_PRELOAD).size).toBeLessThan(10_000);
    expect([...page.exposed.keys()]).toEqual(['herald']);
    const api = page.exposed.get('herald') as { invoke: (c: unknown, i: unknown) => Promise<Result<unknown>>; on: (e: unknown, cb: unknown) => () => void };
    expect(Object.keys(api)).toEqual(['invoke', 'on']);
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);

    // Through the preload to main and back, from the window's top frame.
    expect(await api.invoke('campaigns.create', { name: 'Through the preload' })).toMatchObject({ ok: true, value: { name: 'Through the preload' } });
    expect(page.calls.filter((c) => c.method === 'invoke').map((c) => c.args[0])).toEqual([IPC_INVOKE]);
    // A channel not in the contract never reaches main.
    expect(await api.invoke('fs.readFile', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(page.calls.filter((c) => c.method === 'invoke')).toHaveLength(1);
    expect(page.calls.some((c) => c.method === 'send' || c.method === 'sendSync')).toBe(false);
    // Every channel and event of the contract gets through (the build gives the preload the contract's own names).
    for (const channel of CHANNEL_NAMES) await api.invoke(channel, null);
    expect(page.calls.filter((c) => c.method === 'invoke').map((c) => c.args[1])).toEqual(['campaigns.create', ...CHANNEL_NAMES]);
    for (const event of EVENT_NAMES) api.on(event, () => {})();

    // Events: only names in the contract; the page gets the payload, never Electron's event (its `sender`).
    expect(() => api.on('no.such.event', () => {})).toThrow(/no event named/);
    expect(() => api.on('campaigns.changed', 'not a function')).toThrow();
    const seen: unknown[][] = [];
    const off = api.on('campaigns.changed', (...args: unknown[]) => seen.push(args));
    page.emit(IPC_EVENT, 'campaigns.changed', { id: 'c1' });
    page.emit(IPC_EVENT, 'teams.changed', { campaignId: 'c1', id: 't1' });
    off();
    page.emit(IPC_EVENT, 'campaigns.changed', { id: 'c2' });
    expect(seen).toEqual([[{ id: 'c1' }]]);
    expect(page.calls.filter((c) => c.method === 'removeListener')).toHaveLength(EVENT_NAMES.length + 1);
  });

  it('print.pdf renders the print route in a hidden sandboxed window through printToPDF and saves where the dialog says', async () => {
    const herald = await start();
    const campaign = (await herald.invoke(TOP, 'campaigns.create', { name: 'Vraks' })) as { ok: true; value: { id: string } };
    const target = path.join(tempDir('herald-edge-pdf-'), 'Vraks bulletin.pdf');
    await herald.answer('showSaveDialog', { canceled: false, filePath: target });
    const printed = await herald.invoke(TOP, 'print.pdf', { kind: 'bulletin', id: campaign.value.id, paper: 'a4', fileName: 'Vraks bulletin' });
    expect(printed).toEqual({ ok: true, value: { outcome: 'saved', path: target, pages: 1 } });
    expect(fs.readFileSync(target, 'latin1')).toBe(STAND_IN_PDF);
    expect(fs.readdirSync(path.dirname(target))).toEqual(['Vraks bulletin.pdf']);

    const records = await herald.records();
    const windows = kinds(records, 'BrowserWindow').map(
      (r) => r.detail as { id: number; options: { show?: boolean; webPreferences: Record<string, unknown> } },
    );
    const hidden = windows.find((w) => w.options.show === false && w.id !== 1);
    expect(hidden?.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: BUILT_PRELOAD });
    const route = `${APP_INDEX_URL}#/print/bulletin/${campaign.value.id}?paper=a4`;
    expect(kinds(records, 'loadURL').map((r) => r.detail)).toContainEqual({ window: hidden?.id, url: route, status: 200 });
    // The print view in the hidden window asks main for its data: it must be answered, or the PDF is blank.
    expect(kinds(records, 'print.page').map((r) => r.detail)).toEqual([{ window: hidden?.id, url: route, answered: true }]);
    expect(kinds(records, 'webContents.printToPDF').map((r) => r.detail)).toEqual([
      { window: hidden?.id, url: route, options: expect.objectContaining({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true }) },
    ]);
    expect(kinds(records, 'window.closed').map((r) => r.detail)).toContainEqual({ id: hidden?.id });
    const dialog = kinds(records, 'dialog.showSaveDialog')[0]?.detail as { parent: number | null; options: { defaultPath: string } };
    expect(dialog.options.defaultPath).toBe('Vraks bulletin.pdf');
    expect(dialog.parent).toBe(1);

    // Cancelled: nothing written.
    const cancelled = await herald.invoke(TOP, 'print.pdf', { kind: 'bulletin', id: campaign.value.id, paper: 'letter', fileName: 'Other' });
    expect(cancelled).toEqual({ ok: true, value: { outcome: 'cancelled' } });
    expect(fs.readdirSync(path.dirname(target))).toEqual(['Vraks bulletin.pdf']);
  });

  it('a second launch leaves at once without opening the campaign file; the first brings its window forward', async () => {
    const first = await start();
    const second = await startHerald({ dataDir: tempDir('herald-edge-second-'), singleInstanceLock: false });
    running.push(second);
    const { code, records } = await second.exited;
    expect(code).toBe(0);
    expect(kinds(records, 'BrowserWindow')).toEqual([]);
    expect(kinds(records, 'ipcMain.handle')).toEqual([]);
    expect(fs.readdirSync(String(second.dataDir))).toEqual([]);

    await first.secondInstance(['herald', '--data-dir', String(first.dataDir)]);
    const after = await first.records();
    const tail = after.slice(after.findLastIndex((r) => r.kind === 'window.show') - 1);
    expect(tail.map((r) => r.kind)).toEqual(expect.arrayContaining(['window.show', 'window.focus']));
  });

  it('quitting while a backup runs waits for it, then closes the campaign file, and leaves no temporary file', async () => {
    const herald = await start({ holdBackups: true });
    const dataDir = String(herald.dataDir);
    await herald.invoke(TOP, 'campaigns.create', { name: 'Quit during a backup' });
    // "Back up now", and quit while its worker is still at it.
    const backingUp = herald.invoke(TOP, 'backups.create', {});
    backingUp.catch(() => {}); // awaited below; a failure before that is reported once, by the failing expect
    await herald.waitFor('backup.held');
    expect(kinds(await herald.records(), 'backup.held')).toHaveLength(1);
    const quit = await herald.requestQuit();
    expect(quit.exited, 'Herald quit with a backup still running').toBe(false);
    const campaignFile = path.join(dataDir, 'herald.sqlite');
    expect(kinds(await herald.records(), 'database.closed').map((r) => r.detail)).not.toContain(campaignFile);

    expect(await herald.releaseBackups()).toBeGreaterThan(0);
    expect(await backingUp).toMatchObject({ ok: true, value: { reason: 'by-hand' } });
    const { code, records } = await herald.exited;
    expect(code).toBe(0);
    const order = (records ?? []).map((r) => (r.kind === 'database.closed' && r.detail === campaignFile ? 'campaign file closed' : r.kind));
    expect(order.indexOf('campaign file closed')).toBeGreaterThan(order.lastIndexOf('quit prevented'));
    expect(order.indexOf('campaign file closed')).toBeLessThan(order.indexOf('app.exited'));
    expect(order.filter((k) => k === 'app.exited')).toHaveLength(1);

    const leftovers = fs
      .readdirSync(dataDir, { recursive: true })
      .map(String)
      .filter((f) => /\.tmp$|-tmp$/.test(f));
    expect(leftovers).toEqual([]);
    // The backup asked for is kept, verified (a daily one may be there too, on a machine slow enough to reach it).
    expect(listVerifiedBackups(path.join(dataDir, 'backups')).map((b) => b.reason)).toContain('by-hand');
    // And the next start finds the campaign.
    const again = await start({ dataDir });
    expect(await again.invoke(TOP, 'campaigns.list', {})).toMatchObject({ ok: true, value: [{ name: 'Quit during a backup' }] });
    expect((await again.quit()).code).toBe(0);
  });

  it('quitting with nothing under way closes the campaign file and exits once', async () => {
    const herald = await start();
    const { code, signal, records } = await herald.quit();
    expect({ code, signal }, herald.output()).toEqual({ code: 0, signal: null });
    const order = (records ?? []).map((r) => r.kind);
    expect(order).toContain('database.closed');
    expect(order.indexOf('database.closed')).toBeLessThan(order.indexOf('app.exited'));
    expect(order.filter((k) => k === 'app.exited')).toHaveLength(1);
  });
});
