/** A child process's entry, bundled by esbuild for the fault tests (better-sqlite3 stays external, found in node_modules). */
import path from 'node:path';
import { build } from 'esbuild';
import { tempDir } from '../../src-main/test-support';

/** Bundles `entry` (a path from the repository's root) to a fresh temporary folder; returns the bundle's path. */
export async function bundleChild(entry: string, prefix: string): Promise<string> {
  const outfile = path.join(tempDir(prefix), `${path.basename(entry, '.ts')}.cjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['better-sqlite3'],
    logLevel: 'silent',
    nodePaths: [path.resolve('node_modules')],
  });
  return outfile;
}
