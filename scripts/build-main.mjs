// Bundles the Node side with esbuild: the Electron main process (its launcher and the app), the sandboxed preload (a single CommonJS file, as
// sandboxed preloads must be) and the browser-mode server (its launcher and the app). better-sqlite3 (native) and
// electron stay external.
import { build } from 'esbuild';
import { createRequire } from 'node:module';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: true,
  external: ['electron', 'better-sqlite3'],
  logLevel: 'warning',
};

// The sandboxed preload checks names only (src-main/preload/index.ts). Bundled as written it would carry zod and every
// schema of the contract — about 550 KB that each window parses before its page runs — so its import of the contract
// is replaced by the contract's two name lists, read from the contract itself here at build time.
async function contractNames() {
  const [out] = (await build({ ...common, entryPoints: ['shared/ipc/contract.ts'], write: false, sourcemap: false })).outputFiles;
  const loaded = { exports: {} };
  new Function('module', 'exports', 'require', out.text)(loaded, loaded.exports, createRequire(import.meta.url));
  return { channels: Object.keys(loaded.exports.channels), events: Object.keys(loaded.exports.events) };
}
const names = await contractNames();
const contractNamesOnly = {
  name: 'contract-names-only',
  setup(b) {
    b.onResolve({ filter: /[/\\]shared[/\\]ipc[/\\]contract$/ }, () => ({ path: 'contract-names', namespace: 'herald' }));
    b.onLoad({ filter: /.*/, namespace: 'herald' }, () => ({
      loader: 'js',
      contents: `const channels = new Set(${JSON.stringify(names.channels)});
const events = new Set(${JSON.stringify(names.events)});
export const isChannelName = (name) => typeof name === 'string' && channels.has(name);
export const isEventName = (name) => typeof name === 'string' && events.has(name);`,
    }));
  },
};

await Promise.all([
  // The desktop app: the same kind of launcher (package.json's "main"), then the app bundle.
  build({ ...common, entryPoints: ['src-main/electron/launch.ts'], outfile: 'dist/main/index.cjs', external: [...common.external, './electron-app.cjs'] }),
  build({ ...common, entryPoints: ['src-main/index.ts'], outfile: 'dist/main/electron-app.cjs' }),
  build({ ...common, entryPoints: ['src-main/preload/index.ts'], outfile: 'dist/main/preload.cjs', minify: true, plugins: [contractNamesOnly] }),
  // Browser mode: a small launcher (compile cache, the file's quick_check in a worker) that then loads the app bundle.
  build({ ...common, entryPoints: ['src-main/bridge/launch.ts'], outfile: 'dist/main/browser.cjs', external: [...common.external, './browser-app.cjs'] }),
  build({ ...common, entryPoints: ['src-main/bridge/cli.ts'], outfile: 'dist/main/browser-app.cjs' }),
]);
