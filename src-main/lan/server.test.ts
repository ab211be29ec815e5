/**
 * Over 400 lines: every phone-side attack and answer against one real listener, sharing its slow set-up.
 * The Club Wi-Fi view (issue 22): the real LAN listener, switched on through lan.start on a real core, on 127.0.0.1
 * only (tests never listen on a network address). Every write channel of the contract is sent over it and refused,
 * with nothing written; the read allowlist answers; the token and the Host are checked.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import type { LanStatus } from '../../shared/ipc/schemas/lan';
import type { Core } from '../core';
import { callEveryChannel } from '../electron/test-support/every-channel';
import { call, snapshotTables, tempDir, testCore } from '../test-support';
import { ADDRESS_BUCKET, DEVICE_BUCKET, PHONE_CONNECTIONS_MAX, PHONE_CONNECTIONS_PER_ADDRESS, STRANGER_BUCKET } from './limits';
import { LAN_READ_CHANNELS } from './read-channels';
import { createRefusalCounter } from './refusals';
import { phoneFile, startLanServer, type LanServer } from './server';
import { committedState } from './state-version';

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

/** The real budgets, put back after the suite that sends every channel of the contract from one phone. */
const realBudgets = { device: { ...DEVICE_BUCKET }, address: { ...ADDRESS_BUCKET } };

beforeAll(async () => {
  // One "phone" here sends the whole contract in a second; the budgets are tested on their own below.
  Object.assign(DEVICE_BUCKET, { burst: 100_000 });
  Object.assign(ADDRESS_BUCKET, { burst: 100_000 });
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
afterAll(() => {
  core.close();
  Object.assign(DEVICE_BUCKET, realBudgets.device);
  Object.assign(ADDRESS_BUCKET, realBudgets.address);
});

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
    await ok('campaigns.progress', { id: campaign!.id });
    await ok('players.list', { campaignId: campaign!.id });
    const team = (await ok<{ id: string; founded: boolean }[]>('teams.list', { campaignId: campaign!.id })).find((t) => t.founded);
    const detail = await ok<{ roster: { models: { id: string }[] } }>('teams.get', { id: team!.id });
    await ok('teams.history', { id: team!.id });
    await ok('teams.progress', { id: team!.id });
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

/** A raw connection to the listener from `from` (another loopback address stands for another phone). */
function connect(port: number, from = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** What the listener writes first on a connection, once `request` is sent ('' sends nothing). */
function firstAnswer(socket: net.Socket, request = ''): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (d: Buffer) => resolve(d.toString('latin1')));
    socket.once('close', () => resolve(''));
    if (request) socket.write(request);
  });
}

/** Waits (turn by turn of the event loop, bounded) until the listener has seen what the test did. */
async function until(done: () => boolean, what: string) {
  for (let i = 0; i < 5_000 && !done(); i++) await new Promise((r) => setTimeout(r, 1));
  if (!done()) throw new Error(`Still waiting for ${what}.`);
}

/** A request the listener answers without spending a budget (a wrong Host): proves it holds the connection. */
const wrongHost = 'GET / HTTP/1.1\r\nHost: elsewhere.example\r\n\r\n';

describe('the Club Wi-Fi view under load (issue 28)', () => {
  let lanCore: Core;
  let server: LanServer;
  let builds: string[];
  const lines: string[] = [];
  const token = 'floodtesttoken';
  /** The listener's clock: budgets refill only when the test moves it. */
  let clock = Date.UTC(2026, 10, 27, 19, 0, 0);

  beforeAll(async () => {
    Object.assign(DEVICE_BUCKET, realBudgets.device);
    Object.assign(ADDRESS_BUCKET, realBudgets.address);
    lanCore = testCore(tempDir());
    await call(lanCore, 'campaigns.create', { name: 'Edge of Vraks' });
    builds = [];
    server = await startLanServer({
      invoke: (c, i) => {
        builds.push(c);
        return lanCore.invoke(c, i);
      },
      staticDir,
      token,
      address: '127.0.0.1',
      port: 0,
      log: (m) => lines.push(m),
      now: () => clock,
      stateVersion: () => committedState(lanCore.opened.sqlite),
    });
  });
  afterAll(async () => {
    await server.close();
    lanCore.close();
  });

  /** A request from `from` (each test its own loopback addresses: each address has budgets of its own). */
  const send = (from: string, method: string, target: string, headers: Record<string, string>, body = '') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, localAddress: from, method, path: target, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const host = () => ({ host: `127.0.0.1:${server.port}` });
  const ask = (from: string, body: string, device: string, headers: Record<string, string> = {}) =>
    send(from, 'POST', '/api/invoke', { ...host(), 'content-type': 'application/json', 'x-herald-token': token, 'x-herald-device': device, ...headers }, body);
  const get = (from: string, target: string) => send(from, 'GET', target, host());

  it('answers thirty phones reading the same page with one build, and builds again after a commit', async () => {
    builds.length = 0;
    const read = () =>
      Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const r = await ask(`127.0.3.${i + 1}`, JSON.stringify({ channel: 'campaigns.list', input: {} }), `cache-phone-${String(i).padStart(4, '0')}`);
          return JSON.parse(r.text) as Result<{ name: string }[]>;
        }),
      );
    const first = await read();
    expect(first.map((r) => r.ok && r.value.length)).toEqual(first.map(() => 1));
    expect(builds).toEqual(['campaigns.list']);
    await read();
    expect(builds).toEqual(['campaigns.list']);
    // A commit on the laptop: the next read is built again, and shows it.
    await call(lanCore, 'campaigns.create', { name: 'Second Campaign' });
    const after = await read();
    expect(builds).toEqual(['campaigns.list', 'campaigns.list']);
    expect(after.map((r) => r.ok && r.value.length)).toEqual(after.map(() => 2));
  });

  it('refuses a phone over its budget with 429 in words, leaves the others their own, and refills with time', async () => {
    const body = JSON.stringify({ channel: 'campaigns.list', input: {} });
    const codes: number[] = [];
    for (let i = 0; i < DEVICE_BUCKET.burst; i++) codes.push((await ask('127.0.4.1', body, 'greedy-phone-0001')).status);
    expect(codes).toEqual(codes.map(() => 200));
    const refused = await ask('127.0.4.1', body, 'greedy-phone-0001');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(refused.text)).toEqual({ ok: false, error: { code: 'BUSY', message: expect.stringContaining('faster than the laptop answers') } });
    // Another phone is not held back by the greedy one.
    expect((await ask('127.0.4.2', body, 'patient-phone-0001')).status).toBe(200);
    // A moment later (one token's worth), the greedy phone is answered again.
    clock += 1000 / DEVICE_BUCKET.perSecond;
    expect((await ask('127.0.4.1', body, 'greedy-phone-0001')).status).toBe(200);
  });

  it('gives requests without the link a small budget of their own per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= STRANGER_BUCKET.burst; i++) codes.push((await ask('127.0.5.1', '{}', 'stranger-0001', { 'x-herald-token': 'wrong' })).status);
    expect(codes[0]).toBe(401);
    expect(codes.at(-1)).toBe(429);
    // The phone page's files from another address are still served.
    expect((await get('127.0.5.2', '/')).text).toContain('Herald on your phone');
  });

  it('holds at most its share of connections per address, answering the next one 503 in words', async () => {
    const from = '127.0.0.2';
    const held = [];
    for (let i = 0; i < PHONE_CONNECTIONS_PER_ADDRESS; i++) {
      const s = await connect(server.port, from);
      expect(await firstAnswer(s, wrongHost)).toMatch(/^HTTP\/1\.1 421/);
      held.push(s);
    }
    const over = await connect(server.port, from);
    const answer = await firstAnswer(over);
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toContain('busy with other phones');
    // Another address (another phone) still gets in.
    const other = await connect(server.port, '127.0.0.3');
    expect(await firstAnswer(other, wrongHost)).toMatch(/^HTTP\/1\.1 421/);
    for (const s of [...held, other]) s.destroy();
    await until(() => server.connections() === 0, 'the closed connections to be let go');
  });

  it('holds at most PHONE_CONNECTIONS_MAX connections in all, from any number of addresses', async () => {
    const held: net.Socket[] = [];
    for (let i = 0; i < PHONE_CONNECTIONS_MAX; i++) {
      const s = await connect(server.port, `127.0.1.${1 + Math.floor(i / PHONE_CONNECTIONS_PER_ADDRESS)}`);
      expect(await firstAnswer(s, wrongHost)).toMatch(/^HTTP\/1\.1 421/);
      held.push(s);
    }
    expect(server.connections()).toBe(PHONE_CONNECTIONS_MAX);
    const over = await connect(server.port, '127.0.2.1');
    expect(await firstAnswer(over)).toMatch(/^HTTP\/1\.1 503/);
    for (const s of held) s.destroy();
    await until(() => server.connections() === 0, 'the closed connections to be let go');
  });

  it('serves exactly the phone’s own files, matched after decoding: never the desktop page however it is spelt', async () => {
    for (const target of [
      '/index.html',
      '/%69ndex.html',
      '/index%2ehtml',
      '/assets/%2e%2e/index.html',
      '/%2findex.html',
      '/assets/',
      '/phone.html/..%2findex.html',
    ]) {
      const res = await get('127.0.6.1', target);
      expect(res.status, target).toBe(404);
      expect(res.text, target).not.toContain('<title>Herald</title>');
    }
    expect((await get('127.0.6.1', '/%70hone.html')).text).toContain('Herald on your phone');
    expect(phoneFile('/')).toBe('/phone.html');
    expect(phoneFile('/assets/phone-abc123.js')).toBe('/assets/phone-abc123.js');
    expect(phoneFile('/%69ndex.html')).toBeNull();
    expect(phoneFile('/index%2ehtml')).toBeNull();
  });

  it('refuses a channel that is not a name (an object with its own toString) with a 400 in words, nothing run', async () => {
    builds.length = 0;
    for (const channel of [{ toString: 'x' }, { toString: { toString: 1 } }, ['campaigns.list'], 42, null]) {
      const res = await ask('127.0.7.1', JSON.stringify({ channel, input: {} }), 'odd-phone-0001');
      expect(res.status, JSON.stringify(channel)).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('does not name a page') } });
    }
    expect(builds).toEqual([]);
  });

  it('sums refusals up in one log line, never a line each', async () => {
    const before = lines.length;
    for (let i = 0; i < 5; i++) expect((await ask('127.0.8.1', JSON.stringify({ channel: 'games.commit', input: {} }), 'writer-phone-0001')).status).toBe(403);
    expect(lines.length).toBe(before);
    const counter = createRefusalCounter((m) => lines.push(m));
    counter.note('192.0.2.1', 'too many requests');
    counter.note('192.0.2.1', 'too many requests');
    counter.note('192.0.2.2', 'wrong link');
    expect(lines.length).toBe(before);
    counter.flush();
    expect(lines.slice(before)).toEqual([
      '3 refused phone requests before the Club Wi-Fi view was switched off, from 2 addresses (too many requests: 2; wrong link: 1).',
    ]);
    counter.flush();
    expect(lines.length).toBe(before + 1);
    // The listener's own summary, when it is switched off: every refusal of these tests, in one line.
    const refused = server.counts().refused;
    await server.close();
    expect(lines.slice(before + 1)).toEqual([
      expect.stringMatching(new RegExp(`^${refused.toLocaleString('en-GB')} refused phone requests .* from \\d+ addresses \\(`)),
    ]);
  });
});
