/**
 * `sizes.rssAfterOpenCampaign` (issue 29: "the main process holds 512 MB after opening the ten-year campaign page"),
 * measured in a process of its own that is what Herald's main process is at that moment: the production core opened
 * on a copy of the scenario, the campaign page's recorded calls run as the page makes them (thirty openings, the
 * openCampaign metric's count), garbage collected twelve seconds later. The bench's own process also holds Playwright's
 * client, the scenario's generation and the earlier metrics' garbage, none of which the app's main process has.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../src-main/core';
import { rssAfterSettling } from './hand-over';
import type { PageCall } from './page-calls';
import { call } from './scenario';

export const OPEN_CAMPAIGN_CHILD = '--child=open-campaign';
const OPENINGS = 30;
const SETTLE_MS = 12_000;

interface ChildJob {
  dataDir: string;
  migrationsFolder: string;
  campaignId: string;
  pageCalls: PageCall[];
}

/** In the bench's process: run the child on a data folder of its own (a copy of the scenario) and read its figure. */
export function rssAfterOpenCampaignInChild(dataDir: string, migrationsFolder: string, campaignId: string, pageCalls: PageCall[]): number {
  const jobFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-rss-')), 'job.json');
  fs.writeFileSync(jobFile, JSON.stringify({ dataDir, migrationsFolder, campaignId, pageCalls } satisfies ChildJob));
  try {
    const run = spawnSync(process.execPath, ['--enable-source-maps', process.argv[1]!, OPEN_CAMPAIGN_CHILD, jobFile], { encoding: 'utf8' });
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    const rss = (JSON.parse(line.startsWith('{') ? line : '{}') as { rss?: number }).rss;
    if (run.status !== 0 || typeof rss !== 'number') throw new Error(`The open-campaign memory child failed (${run.status}): ${run.stderr.slice(-2000)}`);
    return rss;
  } finally {
    fs.rmSync(path.dirname(jobFile), { recursive: true, force: true });
  }
}

/** In the child: open the core, open the campaign page thirty times, print the settled resident memory as JSON. */
export async function runOpenCampaignChild(jobFile: string): Promise<void> {
  const job = JSON.parse(fs.readFileSync(jobFile, 'utf8')) as ChildJob;
  const core = createCore({ dataDir: job.dataDir, migrationsFolder: job.migrationsFolder, mode: 'browser', version: 'bench', log: () => {} });
  try {
    for (let i = 0; i < OPENINGS; i++) await Promise.all(job.pageCalls.map((c) => call(core, c.channel, c.input)));
    // As the laptop sits with the page open: after the start-of-day backup (five seconds after start) and its threads'
    // two idle seconds, so a backup in flight is not what is measured (its memory is the hand-over bench's figure).
    process.stdout.write(`${JSON.stringify({ rss: await rssAfterSettling(SETTLE_MS) })}\n`);
  } finally {
    core.close();
  }
}
