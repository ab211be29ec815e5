// Bundles the Node side with esbuild: the Electron main process (its launcher and the app), the sandboxed preload (a single CommonJS file, as
// sandboxed preloads must be) and the browser-mode server (its launcher and the app). better-sqlite3 (native) and
// electron stay external.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: true,
  external: ['electron', 'better-sqlite3'],
  logLevel: 'warning',
};

await Promise.all([
  // The desktop app: the same kind of launcher (package.json's "main"), then the app bundle.
  build({ ...common, entryPoints: ['src-main/electron/launch.ts'], outfile: 'dist/main/index.cjs', external: [...common.external, './electron-app.cjs'] }),
  build({ ...common, entryPoints: ['src-main/index.ts'], outfile: 'dist/main/electron-app.cjs' }),
  build({ ...common, entryPoints: ['src-main/preload/index.ts'], outfile: 'dist/main/preload.cjs', minify: true }),
  // Browser mode: a small launcher (compile cache, the file's quick_check in a worker) that then loads the app bundle.
  build({ ...common, entryPoints: ['src-main/bridge/launch.ts'], outfile: 'dist/main/browser.cjs', external: [...common.external, './browser-app.cjs'] }),
  build({ ...common, entryPoints: ['src-main/bridge/cli.ts'], outfile: 'dist/main/browser-app.cjs' }),
]);
