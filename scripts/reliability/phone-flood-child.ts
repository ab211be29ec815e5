/**
 * The child process of "phone flood" (issue 28): the real core, browser mode's real bridge and the Club Wi-Fi view
 * switched on through lan.start, as `npm run start:browser` runs them, in a process the parent starts with an open-file
 * limit of 1,024. A campaign with two founded teams is made first. Prints `LIMIT <soft open-file limit>`, then
 * `READY <bridge port> <phone port> <phone token> <campaign> <team a> <team b>`, then serves. Bundled by esbuild at
 * test time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LanStatus } from '../../shared/ipc/schemas/lan';
import { startBridgeServer } from '../../src-main/bridge/server';
import { createCore } from '../../src-main/core';
import { call } from '../../src-main/test-support';
import { foundedTeams } from '../../src-main/test-support/founded-teams';

const [dataDir, migrationsFolder, token] = process.argv.slice(2) as [string, string, string];

/** The soft open-file limit this process runs under (Linux), or "unknown". */
function openFileLimit(): string {
  try {
    return /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function main() {
  process.stdout.write(`LIMIT ${openFileLimit()}\n`);
  const staticDir = path.join(dataDir, 'static');
  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Herald</title>');
  fs.writeFileSync(path.join(staticDir, 'phone.html'), '<!doctype html><title>Herald on your phone</title>');
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const core = createCore({ dataDir, migrationsFolder, mode: 'browser', version: 'reliability', log, automaticBackups: false, lanStaticDir: staticDir });
  const { campaignId, a, b } = await foundedTeams(core, 'app', 'Flood');
  const server = await startBridgeServer({ core, staticDir, token, log });
  const lan = await call<LanStatus>(core, 'lan.start', { address: '127.0.0.1', port: 0 });
  const phoneToken = (lan.url ?? '').split('#')[1]!.replace(/-/g, '');
  process.stdout.write(`READY ${server.port} ${lan.port} ${phoneToken} ${campaignId} ${a} ${b}\n`);
}

void main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(3);
});
