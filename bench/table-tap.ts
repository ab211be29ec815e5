/**
 * Issue 33's figures: `tableTap`, one tap at the table recorded (its row appended in its own transaction) and the
 * screen's state answered (the log folded, the turn's prompts worked out), through dispatch on the ten-year campaign;
 * and `tapsToRecordCasualty`, the taps the real screen needs to record a casualty and who caused it, counted in
 * Chromium by tapping until the log holds it.
 */
import type { Browser } from '@playwright/test';
import type { GameDetail } from '../shared/ipc/schemas/games';
import type { TableView } from '../shared/ipc/schemas/table';
import type { Core } from '../src-main/core';
import { call } from './scenario';

const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

/**
 * `runs` taps on a game set up between the two bench teams (after `warmUp` untimed ones): casualties, models put back
 * in play and a turn now and then, as a game goes. The game is discarded afterwards (its log goes with it).
 */
export async function tableTaps(core: Core, campaignId: string, teamA: string, teamB: string, runs: number, warmUp = 10) {
  const game = await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'seize-ground' });
  const gameId = game.game.id;
  let view = await call<TableView>(core, 'table.get', { gameId });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let n = 0; n < warmUp + runs; n++) {
    const m = view.models[n % view.models.length]!;
    const enemy = view.models.find((x) => x.side !== m.side && x.state !== 'out');
    const event =
      n % 10 === 0 && view.turn < view.turns
        ? { kind: 'turn', turn: view.turn + 1 }
        : m.state === 'out'
          ? { kind: 'state', model: m.id, state: 'in-play' }
          : { kind: 'casualty', model: m.id, by: enemy?.id ?? null };
    const used = process.cpuUsage();
    const t = performance.now();
    view = await call<TableView>(core, 'table.tap', { gameId, event, afterSeq: view.seq });
    if (n >= warmUp) {
      wall.push(performance.now() - t);
      cpu.push(cpuMs(process.cpuUsage(used)));
    }
  }
  await call(core, 'games.discard', { id: gameId });
  return Object.assign(wall, { cpu });
}

/**
 * The taps the table screen needs to record one casualty and who caused it: open a game's table in Chromium, tap a
 * model, then (if the log does not hold the casualty yet) the enemy model that took it out, counting each tap.
 */
export async function tapsToRecordCasualty(browser: Browser, url: string, gameId: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  try {
    // The launch URL carries browser mode's token: open it first, then the game's table.
    await page.goto(url);
    await page.getByRole('list', { name: 'Active campaigns' }).waitFor();
    await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${gameId}/table`)}`);
    await page.getByRole('button', { name: /^Begin turn/ }).waitFor();
    const sides = page.locator('.table-side');
    const logged = async () => {
      const view = (await page.evaluate(async (id) => {
        const res = await fetch('/api/invoke', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-herald-token': sessionStorage.getItem('herald.token') ?? '' },
          body: JSON.stringify({ channel: 'table.get', input: { gameId: id } }),
        });
        return res.json();
      }, gameId)) as { ok: boolean; value: TableView };
      return view.value.models.some((m) => m.state === 'out' && m.by !== null);
    };
    let taps = 0;
    // The first model of side A, then the first model of side B (who took it out).
    for (const target of [sides.nth(0).locator('.model-button').first(), sides.nth(1).locator('.model-button').first()]) {
      await target.click();
      taps++;
      // The screen answers each tap from main before the next can be made.
      await page.waitForFunction(() => !document.querySelector('.table-side .model-button[disabled]:not(.state-out)'));
      if (await logged()) return taps;
    }
    return -1;
  } finally {
    await page.close();
  }
}
