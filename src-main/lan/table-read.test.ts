/**
 * Issue 33: a phone on the Club Wi-Fi view follows a game at the table — through the real listener, `table.get` on
 * the read allowlist answers the turn, each side's counters, every model's state and the latest prompt results; every
 * table write is refused with nothing written; and nothing the phone reads names the laptop's files or the link's token.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/ipc/result';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { LanStatus } from '../../shared/ipc/schemas/lan';
import type { TableView } from '../../shared/ipc/schemas/table';
import type { Core } from '../core';
import { call, snapshotTables, tempDir, testCore } from '../test-support';
import { foundedTeams } from '../test-support/founded-teams';

let core: Core;
let status: LanStatus;
let dataDir: string;
let gameId: string;
let laptop: TableView;

const token = () => (status.url ?? '').split('#')[1]!.replace(/-/g, '');
async function post(channel: string, input: unknown): Promise<{ status: number; result: Result<unknown> }> {
  const res = await fetch(`http://127.0.0.1:${status.port}/api/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-herald-token': token(), 'x-herald-device': 'phone-table-0001' },
    body: JSON.stringify({ channel, input }),
  });
  return { status: res.status, result: (await res.json()) as Result<unknown> };
}

beforeAll(async () => {
  dataDir = tempDir('herald-lan-table-');
  const staticDir = tempDir('herald-lan-static-');
  fs.writeFileSync(path.join(staticDir, 'phone.html'), '<!doctype html><title>Herald on your phone</title>');
  core = testCore(dataDir, { lanStaticDir: staticDir });
  const { campaignId, a, b } = await foundedTeams(core, 'app', 'Phones');
  const game = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'skirmish' });
  gameId = game.game.id;
  const id = (name: string) => game.models.find((m) => m.name === name)!.id;
  await call(core, 'table.tap', { gameId, event: { kind: 'state', model: id('Cato'), state: 'reserve' } });
  await call(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 1 } });
  await call(core, 'table.tap', { gameId, event: { kind: 'casualty', model: id('Grub'), by: id('Tarkus') } });
  await call(core, 'table.tap', { gameId, event: { kind: 'counter', side: 'a', counter: 'objectives', delta: 1 } });
  laptop = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 2 } });
  const reserves = laptop.prompts.find((p) => p.title.startsWith('Reserves'))!;
  laptop = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'prompt', key: reserves.key } });
  status = await call<LanStatus>(core, 'lan.start', { address: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(() => core.close());

describe('a game at the table, from a phone (issue 33)', () => {
  it('reads what the laptop shows: the turn, the counters, each model, the latest results — live as the taps come', async () => {
    const { status: code, result } = await post('table.get', { gameId });
    expect(code).toBe(200);
    const seen = (result as { ok: true; value: TableView }).value;
    expect(seen).toEqual(laptop);
    expect(seen.turn).toBe(2);
    expect(seen.models.find((m) => m.name === 'Grub')).toMatchObject({ state: 'out' });
    expect(seen.results[0]).toMatchObject({ title: 'Reserves: Blades', turn: 2 });
    expect(seen.visibility?.title).toBe('Night Fighting');

    const next = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 3 } });
    expect(((await post('table.get', { gameId })).result as { value: TableView }).value).toEqual(next);
  });

  it('refuses every table write, in words, writing nothing', async () => {
    const before = snapshotTables(core);
    for (const [channel, input] of [
      ['table.tap', { gameId, event: { kind: 'turn', turn: 4 } }],
      ['table.undo', { gameId }],
      ['table.gameOver', { gameId, ending: { kind: 'turns' } }],
    ] as const) {
      const { status: code, result } = await post(channel, input);
      expect(code, channel).toBe(403);
      expect(result, channel).toEqual({ ok: false, error: { code: 'READ_ONLY', message: expect.stringContaining('only shows the campaign') } });
    }
    expect(snapshotTables(core)).toEqual(before);
  });

  it("names no file of the laptop and not the link's token", async () => {
    const text = JSON.stringify((await post('table.get', { gameId })).result);
    expect(text).not.toContain(token());
    expect(text).not.toContain(dataDir);
    expect(text).not.toMatch(/\.(sqlite|db|herald)\b|[A-Za-z]:\\\\|\/(tmp|home|Users|var)\//);
  });
});
