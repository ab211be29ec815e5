/**
 * The installers' contents, checked on every machine: electron-builder packs `--linux dir`, `--win dir` and
 * `--mac dir` from electron-builder.yml against stand-in Electron distributions (./stand-in-electron.ts; the real
 * binaries cannot be downloaded everywhere) with nothing downloadable (./packaging-support.ts). Then the unpacked apps
 * are read back: what
 * app.asar holds and what it must not, the native SQLite binding unpacked beside it and loadable, the migrations in
 * resources/, the fuses flipped in the executable, the asar hash, icon and name in Herald.exe and Info.plist. Last,
 * the packaged tree starts as a packaged app under the edge test's Electron stand-in (./packaged-herald.ts). Runs
 * after `npm run build` (npm test does that).
 *
 * What it proves: Herald's packaging configuration (files, asarUnpack, extraResources, fuses, icons, no rebuild, no
 * download). What only a real `npm run dist` proves: that Electron starts from the package, code signing on macOS, and
 * the AppImage, deb, NSIS and dmg wrappers (they need tools electron-builder downloads).
 */
import { extractAll, extractFile, getRawHeader, statFile } from '@electron/asar';
import type BetterSqlite3 from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as ResEdit from 'resedit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_INVOKE } from '../shared/ipc/bridge';
import { startPackagedHerald, type PackagedHerald } from './packaged-herald';
import { electronVersion, packSteady, root, sqliteFiles, walk, type Packed } from './packaging-support';
import { makeStandInElectron, makeStandInElectronMac, makeStandInElectronWin, readFuses } from './stand-in-electron';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const prebuild = `node_modules/better-sqlite3/prebuilds/linux-${arch}.node`;
/** Budget for resources/ (app.asar, app.asar.unpacked, migrations): 6.2 MB today, 52 MB before issue 15. */
const RESOURCES_BUDGET_MB = 10;
/** What packaging sets, in wire order; the two left at Electron's defaults are off by default. */
const FUSES_AS_SET = {
  RunAsNode: 'off',
  EnableCookieEncryption: 'off', // Electron's default, left alone: Herald keeps no cookies
  EnableNodeOptionsEnvironmentVariable: 'off',
  EnableNodeCliInspectArguments: 'off',
  EnableEmbeddedAsarIntegrityValidation: 'on',
  OnlyLoadAppFromAsar: 'on',
  LoadBrowserProcessSpecificV8Snapshot: 'off', // Electron's default, left alone
  GrantFileProtocolExtraPrivileges: 'off',
};

let work: string;
let linux: Packed & { built: string[] };
let appDir: string;
let asar: string;
let files: string[];
/** dist/ as it was packed, without source maps. */
let built: string[];

beforeAll(() => {
  for (const built of [pkg.main, 'dist/main/preload.cjs', 'dist/renderer/index.html']) {
    if (!fs.existsSync(path.join(root, built))) throw new Error(`${built} is missing: npm test builds first; alone, run npm run build.`);
  }
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-packaging-'));
  linux = packSteady('linux', arch, makeStandInElectron(path.join(work, 'electron-linux'), electronVersion()), work);
  ({ appDir, asar, files, built } = linux);
}, 120_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run dist, as electron-builder --linux dir against a stand-in Electron', () => {
  it('builds without rebuilding native modules and without downloading anything', () => {
    expect(linux.log).toMatch(/skipped dependencies rebuild\s+reason=npmRebuild is set to false/);
    expect(linux.log).not.toMatch(/download/i);
    expect(fs.existsSync(path.join(work, 'cache-linux'))).toBe(false);
    // No auto-updater: no update feed is written into the app.
    expect(fs.existsSync(path.join(appDir, 'resources', 'app-update.yml'))).toBe(false);
  });

  it('flips the fuses: no run-as-node, NODE_OPTIONS or --inspect; the app only from an integrity-checked asar', () => {
    expect(readFuses(path.join(appDir, 'herald'))).toEqual(FUSES_AS_SET);
  });

  it('ships every bundle of the desktop app and every file of the renderer build, fonts included', () => {
    const asarPkg = JSON.parse(extractFile(asar, 'package.json').toString()) as Record<string, unknown>;
    expect(files).toContain(asarPkg.main);
    expect(asarPkg.main).toBe(pkg.main);
    expect(asarPkg.desktopName).toBe('herald.desktop');
    expect(files).toContain('dist/main/preload.cjs');
    // All of dist/ but browser mode's launcher and server (and the source maps).
    expect(
      files
        .filter((f) => f.startsWith('dist/'))
        .map((f) => f.slice('dist/'.length))
        .sort(),
    ).toEqual(built.filter((f) => !/^main\/browser(-app)?\.cjs$/.test(f)));
    for (const font of [
      /noto-sans-latin-400-normal-.*\.woff2$/,
      /noto-sans-latin-700-normal-.*\.woff2$/,
      /noto-sans-symbols-2-symbols-400-normal-.*\.woff2$/,
    ]) {
      expect(
        files.some((f) => font.test(f)),
        String(font),
      ).toBe(true);
    }
  });

  it('leaves out sources, tests, source maps, dev dependencies and what the bundles already hold', () => {
    const forbidden = files.filter(
      (f) =>
        /^(src-main|src-renderer|shared|e2e|bench|scripts|docs|migrations|reports|build|\.ci|\.git)\//.test(f) ||
        /\.(test|spec)\.[cm]?[jt]s$/.test(f) ||
        f.endsWith('.map') ||
        /^dist\/main\/browser/.test(f) ||
        /(^|\/)(tsconfig[^/]*\.json|vite\.config\.ts|vitest\.config\.ts|playwright\.config\.ts|electron-builder\.yml|package-lock\.json)$/.test(f),
    );
    expect(forbidden).toEqual([]);
    const modules = [...new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/')[1]))];
    expect(modules).toEqual(['better-sqlite3']);
    for (const name of [...Object.keys(pkg.devDependencies), 'zod', 'drizzle-orm', '@fontsource', 'node-addon-api']) {
      expect(
        files.some((f) => f.startsWith(`node_modules/${name}/`)),
        name,
      ).toBe(false);
    }
    // Of better-sqlite3, only its JavaScript, licence and this platform's prebuild: no C sources, SQLite, build scraps.
    expect(sqliteFiles(files).filter((f) => !/^(lib\/.*\.js|LICENSE|package\.json)$/.test(f))).toEqual([`prebuilds/linux-${arch}.node`]);
  });

  it("unpacks this platform's better-sqlite3 prebuild from the asar, byte for byte the package's", () => {
    expect((statFile(asar, prebuild) as { unpacked?: boolean }).unpacked).toBe(true);
    const onDisk = path.join(appDir, 'resources', 'app.asar.unpacked', prebuild);
    expect(fs.readFileSync(onDisk).equals(fs.readFileSync(path.join(root, prebuild)))).toBe(true);
  });

  it('resolves every module the bundles require from inside the app, and opens a database with the shipped SQLite', (ctx) => {
    const extracted = path.join(work, 'extracted');
    extractAll(asar, extracted); // copies the unpacked files too, so this is the tree Electron sees
    for (const bundle of fs.readdirSync(path.join(extracted, 'dist/main')).filter((f) => f.endsWith('.cjs'))) {
      const source = fs.readFileSync(path.join(extracted, 'dist/main', bundle), 'utf8');
      const external = [...source.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).filter((m) => !isBuiltin(m) && m !== 'electron');
      const appRequire = createRequire(path.join(extracted, 'dist/main', bundle));
      for (const name of new Set(external)) {
        expect(path.relative(extracted, appRequire.resolve(name)).startsWith('..'), `${bundle} → ${name}`).toBe(false);
      }
    }
    // Loading it needs this very platform (Node-API: the machine's Node loads what Electron would).
    const musl = process.platform === 'linux' && !(process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime;
    if (process.platform !== 'linux' || musl) {
      console.log(`Skipped loading linux-${arch}.node: this machine is ${process.platform}${musl ? ' (musl)' : ''}, not glibc Linux.`);
      ctx.skip();
    }
    const Database = createRequire(path.join(extracted, pkg.main))('better-sqlite3') as typeof BetterSqlite3;
    const db = new Database(':memory:');
    try {
      expect((db.prepare('select sqlite_version() as v').get() as { v: string }).v).toMatch(/^3\.\d+\.\d+$/);
    } finally {
      db.close();
    }
  });

  it('puts the migrations beside the app, all of them', () => {
    expect(walk(path.join(appDir, 'resources', 'migrations'))).toEqual(walk(path.join(root, 'migrations')));
  });

  it(`keeps the app under ${RESOURCES_BUDGET_MB} MB`, () => {
    const bytes = walk(path.join(appDir, 'resources')).reduce((n, f) => n + fs.statSync(path.join(appDir, 'resources', f)).size, 0);
    console.log(`Herald's app (resources/: app.asar, app.asar.unpacked, migrations): ${(bytes / 1e6).toFixed(1)} MB`);
    expect(bytes / 1e6).toBeLessThan(RESOURCES_BUDGET_MB);
  });
});

describe('the packaged app starts: its main bundle under the Electron stand-in, as a packaged app', () => {
  interface WindowInfo {
    url: string;
    loads: { url: string; status: number }[];
    options: { webPreferences?: Record<string, unknown> };
  }
  let tree: string;
  let herald: PackagedHerald | undefined;
  const invoke = async (channel: string, input: unknown) =>
    (await herald!.op<{ value?: unknown; threw?: string }>('ipcInvoke', {}, IPC_INVOKE, [channel, input])).value;
  beforeAll(async () => {
    tree = path.join(work, 'packaged-tree');
    extractAll(asar, tree); // with the unpacked files: the tree Electron reads through app.asar
    herald = await startPackagedHerald({ appTree: tree, resourcesPath: path.join(appDir, 'resources'), work });
  }, 60_000);
  afterAll(async () => {
    expect(await herald?.quit()).toBe(0);
  });

  it("opens its window on Herald's page, with the app's preload and without DevTools", async () => {
    const [win] = await herald!.op<WindowInfo[]>('ready');
    expect(win?.loads).toEqual([{ url: 'app://herald/index.html', status: 200 }]);
    const prefs = win!.options.webPreferences!;
    expect(prefs).toMatchObject({ devTools: false, contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(path.relative(tree, String(prefs.preload))).toBe(path.join('dist', 'main', 'preload.cjs'));
  });

  it('opens a campaign file with the migrations from resources/, and answers the page', async () => {
    expect(await invoke('app.info', {})).toMatchObject({ ok: true, value: { mode: 'electron', readOnly: false, notice: null, recovery: null } });
    expect(await invoke('campaigns.create', { name: 'Packaged League' })).toMatchObject({ ok: true, value: { name: 'Packaged League' } });
    expect(await invoke('campaigns.list', {})).toMatchObject({ ok: true });
  });

  it('serves the renderer from inside the app', async () => {
    const index = await herald!.op<{ status: number; body: Uint8Array }>('request', 'app://herald/index.html');
    expect(index.status).toBe(200);
    const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(Buffer.from(index.body).toString())?.[1];
    expect(script).toBeDefined();
    expect((await herald!.op<{ status: number }>('request', `app://herald/${script}`)).status).toBe(200);
  });

  it('has no DevTools toggle in its menus', async () => {
    expect(JSON.stringify(await herald!.op('menu'))).not.toMatch(/toggleDevTools|"viewMenu"/);
  });
});

// Any Windows program with a version resource will do as electron.exe; electron-builder brings a few (for Squirrel).
const pe = (() => {
  try {
    const exe = path.join(path.dirname(require.resolve('electron-winstaller/package.json')), 'vendor', 'rcedit.exe');
    return fs.existsSync(exe) ? exe : undefined;
  } catch {
    return undefined;
  }
})();
if (!pe) console.log('Skipping the Windows packaging pass: no Windows program to stand in for electron.exe (electron-winstaller is not installed).');

describe.skipIf(!pe)('npm run dist for Windows, as electron-builder --win dir against a stand-in Electron', () => {
  let win: Packed | undefined;
  beforeAll(() => {
    win = packSteady('win', 'x64', makeStandInElectronWin(path.join(work, 'electron-win'), electronVersion(), pe!), work);
  }, 120_000);
  const resources = () => {
    const exe = ResEdit.NtExecutable.from(fs.readFileSync(path.join(win!.appDir, 'Herald.exe')));
    return ResEdit.NtExecutableResource.from(exe).entries;
  };

  it('keeps only the Windows x64 better-sqlite3 binary, unpacked, and nothing but the app', () => {
    expect(sqliteFiles(win!.files).filter((f) => !/^(lib\/.*\.js|LICENSE|package\.json)$/.test(f))).toEqual(['prebuilds/win32-x64.node']);
    expect(fs.existsSync(path.join(win!.appDir, 'resources', 'app.asar.unpacked', 'node_modules/better-sqlite3/prebuilds/win32-x64.node'))).toBe(true);
    expect(win!.files.filter((f) => !/^(package\.json|dist\/(main\/[^/]+\.cjs|renderer\/.*)|node_modules\/better-sqlite3\/.*)$/.test(f))).toEqual([]);
  });

  it('flips the same fuses in Herald.exe', () => {
    expect(readFuses(path.join(win!.appDir, 'Herald.exe'))).toEqual(FUSES_AS_SET);
  });

  it("writes app.asar's header hash into Herald.exe, as Electron's integrity check on Windows needs", () => {
    const integrity = resources().find((e) => e.type === 'INTEGRITY' && e.id === 'ELECTRONASAR');
    expect(integrity, 'an INTEGRITY resource').toBeDefined();
    const hash = createHash('sha256').update(getRawHeader(win!.asar).headerString).digest('hex');
    expect(JSON.parse(Buffer.from(integrity!.bin).toString())).toEqual([{ file: 'resources\\app.asar', alg: 'SHA256', value: hash }]);
  });

  it("gives Herald.exe Herald's icon (every size of build/icon.ico) and name", () => {
    const entries = resources();
    const [group] = ResEdit.Resource.IconGroupEntry.fromEntries(entries);
    expect(group?.icons.map((i) => i.width || 256)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    const [version] = ResEdit.Resource.VersionInfo.fromEntries(entries);
    const strings = version!.getStringValues(version!.getAllLanguagesForStringValues()[0]!);
    expect(strings).toMatchObject({ ProductName: 'Herald', FileDescription: 'Herald' });
  });
});

describe('npm run dist for macOS, as electron-builder --mac dir against a stand-in Electron.app', () => {
  let mac: Packed | undefined;
  let info: Record<string, unknown>;
  beforeAll(() => {
    mac = packSteady('mac', 'arm64', makeStandInElectronMac(path.join(work, 'electron-mac'), electronVersion()), work);
    info = (require('plist') as { parse(s: string): unknown }).parse(fs.readFileSync(path.join(mac.appDir, 'Contents', 'Info.plist'), 'utf8')) as Record<
      string,
      unknown
    >;
  }, 120_000);

  it('keeps both macOS better-sqlite3 binaries (for a universal build), unpacked, and nothing but the app', () => {
    expect(
      sqliteFiles(mac!.files)
        .filter((f) => !/^(lib\/.*\.js|LICENSE|package\.json)$/.test(f))
        .sort(),
    ).toEqual(['prebuilds/darwin-arm64.node', 'prebuilds/darwin-x64.node']);
    expect(fs.existsSync(path.join(mac!.resourcesDir, 'app.asar.unpacked', 'node_modules/better-sqlite3/prebuilds/darwin-arm64.node'))).toBe(true);
    expect(mac!.files.filter((f) => !/^(package\.json|dist\/(main\/[^/]+\.cjs|renderer\/.*)|node_modules\/better-sqlite3\/.*)$/.test(f))).toEqual([]);
    expect(walk(path.join(mac!.resourcesDir, 'migrations'))).toEqual(walk(path.join(root, 'migrations')));
  });

  it('flips the same fuses, in Electron Framework', () => {
    expect(readFuses(path.join(mac!.appDir, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework'))).toEqual(FUSES_AS_SET);
  });

  it("writes app.asar's header hash into Info.plist, as Electron's integrity check on macOS needs", () => {
    const hash = createHash('sha256').update(getRawHeader(mac!.asar).headerString).digest('hex');
    expect(info.ElectronAsarIntegrity).toEqual({ 'Resources/app.asar': { algorithm: 'SHA256', hash } });
  });

  it("is Herald, with Herald's icon", () => {
    expect(info).toMatchObject({
      CFBundleName: 'Herald',
      CFBundleExecutable: 'Herald',
      CFBundleIdentifier: 'org.heraldsofruin.herald',
      CFBundleIconFile: 'icon.icns',
      LSApplicationCategoryType: 'public.app-category.games',
    });
    expect(fs.readFileSync(path.join(mac!.resourcesDir, 'icon.icns')).equals(fs.readFileSync(path.join(root, 'build/icon.icns')))).toBe(true);
  });
});

describe('the app icon (build/, made by npm run icons from build/icon.svg)', () => {
  const pngSize = (png: Buffer) => {
    expect(png.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  };

  it('has a 1024×1024 PNG and the Linux set up to 512×512', () => {
    expect(pngSize(fs.readFileSync(path.join(root, 'build/icon.png')))).toEqual({ width: 1024, height: 1024 });
    for (const s of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(fs.readFileSync(path.join(root, `build/icons/${s}x${s}.png`)))).toEqual({ width: s, height: s });
    }
  });

  it('is taken by electron-builder as it is, for each system (no conversion, so no icon tool to download)', async () => {
    const { convertIcon } = require('app-builder-lib/out/util/iconConverter') as {
      convertIcon(o: {
        sources: string[];
        fallbackSources: string[];
        roots: string[];
        format: string;
        outDir: string;
      }): Promise<{ icons: { file: string; size: number }[]; isFallback: boolean }>;
    };
    const config = (require('js-yaml') as { load(s: string): unknown }).load(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<
      'linux' | 'win' | 'mac',
      { icon: string }
    >;
    const found = async (format: string, source: string) => {
      const outDir = path.join(work, `icons-${format}`);
      const { icons, isFallback } = await convertIcon({ sources: [source], fallbackSources: [], roots: [path.join(root, 'build'), root], format, outDir });
      expect(isFallback).toBe(false);
      return icons.map((i) => `${path.relative(root, i.file).replace(/\\/g, '/')} ${i.size}`);
    };
    expect(await found('set', config.linux.icon)).toEqual([16, 24, 32, 48, 64, 128, 256, 512].map((s) => `build/icons/${s}x${s}.png ${s}`));
    expect(await found('ico', config.win.icon)).toEqual(['build/icon.ico 256']);
    expect(await found('icns', config.mac.icon)).toEqual(['build/icon.icns 0']);
  });

  it('has a Windows .ico from 16 to 256 pixels', () => {
    const ico = fs.readFileSync(path.join(root, 'build/icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const e = 6 + 16 * i;
      const size = ico[e] || 256;
      const data = ico.subarray(ico.readUInt32LE(e + 12), ico.readUInt32LE(e + 12) + ico.readUInt32LE(e + 8));
      // Each image is a PNG or a 32-bit bitmap of the size the directory says.
      if (data.readUInt32BE(0) === 0x89504e47) expect(pngSize(data).width).toBe(size);
      else expect([data.readUInt32LE(0), data.readInt32LE(4), data.readUInt16LE(14)]).toEqual([40, size, 32]);
      return size;
    });
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]));
  });

  it('has a macOS .icns up to 1024 pixels', () => {
    const icns = fs.readFileSync(path.join(root, 'build/icon.icns'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types = new Map<string, number>();
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      types.set(icns.subarray(at, at + 4).toString('latin1'), pngSize(icns.subarray(at + 8, at + icns.readUInt32BE(at + 4))).width);
    }
    expect(Object.fromEntries(types)).toMatchObject({ ic07: 128, ic08: 256, ic09: 512, ic10: 1024, icp4: 16, icp5: 32 });
  });
});
