/**
 * The child process of "hostile requests" (issue 16): the real core and the real browser-mode server, on a data
 * folder and a port chosen by the parent, with Node's own handling of uncaught errors (an escaped throw ends the
 * process, as it would in `npm run start:browser`). Prints `READY <port>`, then serves. Bundled by esbuild at test time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCore } from '../../src-main/core';
import { startBridgeServer } from '../../src-main/bridge/server';

const [dataDir, migrationsFolder, token] = process.argv.slice(2) as [string, string, string];

async function main() {
  const staticDir = path.join(dataDir, 'static');
  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Herald</title>');
  const core = createCore({
    dataDir,
    migrationsFolder,
    mode: 'browser',
    version: 'reliability',
    log: (m) => process.stderr.write(`${m}\n`),
    automaticBackups: false,
  });
  const server = await startBridgeServer({ core, staticDir, token, log: (m) => process.stderr.write(`${m}\n`) });
  process.stdout.write(`READY ${server.port}\n`);
}

void main().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exit(3);
});
