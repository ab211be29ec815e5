/**
 * The Club Wi-Fi view (issue 22): the real LAN listener, switched on through lan.start on a real core, on 127.0.0.1
 * only (tests never listen on a network address). Every write channel of the contract is sent over it and refused,
 * with nothing written; the read allowlist answers; the token and the Host are checked.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import type { LanStatus } from '../../shared/ipc/schemas/lan';
import type { Core } from '../core';
import { callEveryChannel } from '../electron/test-support/every-channel';
import { call, snapshotTables, tempDir, testCore } from '../test-support';
import { LAN_READ_CHANNELS } from './read-channels';

let core: Core;
let status: LanStatus;
let staticDir: string;

/** The token the phone sends: the link's fragment without its dashes. */
const tokenOf = (s: LanStatus) => (s.url ?? '').split('#')[1]!.replace(/-/g, '');
const base = () => `http://127.0.0.1:${status.port}`;

async function post(body: unknown, token = tokenOf(status), device = 'phone-one-0001'): Promise<{ status: number; result: Result<unknown> }> {
  const res = await fetch(`${base()}/api/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-herald-token': token, 'x-herald-device': device },
    body: JSON.stringify(body),
  });
  return { status: res.status, result: (await res.json()) as Result<unknown> };
}

beforeAll(async () => {
  staticDir = tempDir('herald-lan-static-');
  fs.writeFileSync(path.join(staticDir, 'phone.html'), '<!doctype html><title>Herald on your phone</title>');
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Herald</title>');
  core = testCore(tempDir(), { lanStaticDir: staticDir });
  // A club's evening, on the laptop itself: a campaign, players, founded teams, games (the edge test's scenario).
  await callEveryChannel(
    (c, i) => core.invoke(c, i),
    async () => {},
    tempDir('herald-lan-files-'),
  );
  status = await call<LanStatus>(core, 'lan.start', { address: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(() => core.close());

describe('the Club Wi-Fi view', () => {
  it('is on, on loopback, with a link carrying a fresh typed-friendly token', () => {
    expect(status.running).toBe(true);
    expect(status.address).toBe('127.0.0.1');
    expect(status.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(status.shortLink).toBe(status.url!.slice('http://'.length));
    expect(status.interfaces.at(-1)).toEqual({ name: 'loopback', address: '127.0.0.1', label: 'This laptop only — 127.0.0.1' });
  });

  it('refuses every channel that is not a read on its allowlist — every write of the contract — and writes nothing', async () => {
    const before = snapshotTables(core);
    const statuses = new Map<string, number[]>();
    const answers = await callEveryChannel(
      async (channel, input) => {
        const { status: code, result } = await post({ channel, input });
        statuses.set(channel, [...(statuses.get(channel) ?? []), code]);
        return result;
      },
      async () => {},
      tempDir('herald-lan-files-'),
    );
    const reads = new Set<string>(LAN_READ_CHANNELS);
    const writes = CHANNEL_NAMES.filter((c) => !reads.has(c));
    // Every write channel of the contract was sent (the scenario calls every channel) …
    expect(writes.filter((c) => !answers.has(c))).toEqual([]);
    expect(writes).toEqual(
      expect.arrayContaining(['campaigns.create', 'games.commit', 'games.void', 'teams.found', 'backups.restore', 'lan.start', 'lan.stop']),
    );
    // … and each was refused, in words, before reaching the core.
    for (const c of writes) {
      expect(statuses.get(c), c).toEqual(statuses.get(c)!.map(() => 403));
      for (const r of answers.get(c)!)
        expect(r, c).toEqual({ ok: false, error: { code: 'READ_ONLY', message: expect.stringContaining('only shows the campaign') } });
    }
    expect(snapshotTables(core)).toEqual(before);
    // The view is still on, with the same link (lan.stop from a phone did nothing).
    expect((await call<LanStatus>(core, 'lan.status', {})).url).toBe(status.url);
  });

  it('answers every read on its allowlist', async () => {
    const ok = async <T>(channel: string, input: unknown): Promise<T> => {
      const { status: code, result } = await post({ channel, input });
      expect(code, channel).toBe(200);
      expect(result.ok, `${channel}: ${JSON.stringify(result)}`).toBe(true);
      return (result as { value: T }).value;
    };
    // The scenario's main campaign (the one with teams and games; it also makes others).
    const campaign = (await ok<{ id: string; name: string }[]>('campaigns.list', { includeArchived: true })).find((c) => c.name.startsWith('Edge of Vraks'));
    await ok('campaigns.get', { id: campaign!.id });
    await ok('campaigns.standings', { id: campaign!.id });
    await ok('campaigns.bulletin', { id: campaign!.id });
    await ok('players.list', { campaignId: campaign!.id });
    const team = (await ok<{ id: string; founded: boolean }[]>('teams.list', { campaignId: campaign!.id })).find((t) => t.founded);
    const detail = await ok<{ roster: { models: { id: string }[] } }>('teams.get', { id: team!.id });
    await ok('teams.history', { id: team!.id });
    await ok('models.history', { teamId: team!.id, modelId: detail.roster.models[0]!.id });
    const [game] = await ok<{ id: string }[]>('games.list', { campaignId: campaign!.id });
    await ok('games.get', { id: game!.id });
  });

  it('refuses requests without the token, with another, or for another host; serves the phone page, never the desktop page', async () => {
    expect((await post({ channel: 'campaigns.list', input: {} }, '')).status).toBe(401);
    expect((await post({ channel: 'campaigns.list', input: {} }, 'abcdabcdabcd')).status).toBe(401);
    const home = await fetch(`${base()}/`);
    expect(await home.text()).toContain('Herald on your phone');
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${base()}/index.html`)).status).toBe(404);
    const wrongHost = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: status.port, path: '/', headers: { host: `evil.example:${status.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(wrongHost).toBe(421);
  });

  it('refuses what a phone page never sends: large bodies, other endpoints and methods, no JSON', async () => {
    const headers = { 'content-type': 'application/json', 'x-herald-token': tokenOf(status) };
    const big = await fetch(`${base()}/api/invoke`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ channel: 'campaigns.list', input: { pad: 'x'.repeat(20_000) } }),
    });
    expect(big.status).toBe(413);
    expect((await fetch(`${base()}/api/invoke`, { headers })).status).toBe(404);
    expect((await fetch(`${base()}/api/events`, { headers })).status).toBe(404);
    expect((await fetch(`${base()}/api/invoke`, { method: 'POST', headers, body: 'not json' })).status).toBe(400);
    expect((await fetch(`${base()}/`, { method: 'PUT' })).status).toBe(405);
  });

  it('counts the distinct devices looking', async () => {
    await post({ channel: 'campaigns.list', input: {} }, undefined, 'phone-two-0002');
    await post({ channel: 'campaigns.list', input: {} }, undefined, 'phone-two-0002');
    const now = await call<LanStatus>(core, 'lan.status', {});
    expect(now.devices).toBe(2);
  });

  it('takes a fresh token each time it is switched on: the old link is refused', async () => {
    const old = tokenOf(status);
    expect((await call<LanStatus>(core, 'lan.stop', {})).running).toBe(false);
    await expect(fetch(`${base()}/`)).rejects.toThrow();
    status = await call<LanStatus>(core, 'lan.start', { address: '127.0.0.1', port: 0 });
    expect(tokenOf(status)).not.toBe(old);
    expect((await post({ channel: 'campaigns.list', input: {} }, old)).status).toBe(401);
    expect((await post({ channel: 'campaigns.list', input: {} })).status).toBe(200);
  });

  it('refuses an address that is not this laptop’s, in words', async () => {
    const r = await core.invoke('lan.start', { address: '203.0.113.9' });
    expect(r).toEqual({ ok: false, error: { code: 'VALIDATION', message: expect.stringContaining('is not one of this laptop’s network addresses') } });
  });

  it('is off when the core closes (quit), and starts off', async () => {
    const other = testCore(tempDir(), { lanStaticDir: path.dirname(path.join(tempDir(), 'x')) });
    expect((await call<LanStatus>(other, 'lan.status', {})).running).toBe(false);
    other.close();
    // Quit while switching on: the late listener is closed at once, and says so.
    const quitting = testCore(tempDir(), { lanStaticDir: staticDir });
    const starting = quitting.invoke('lan.start', { address: '127.0.0.1', port: 0 });
    quitting.close();
    expect(await starting).toEqual({ ok: false, error: { code: 'VALIDATION', message: 'Herald is closing: the Club Wi-Fi view stays off.' } });
    const port = status.port;
    core.close();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
