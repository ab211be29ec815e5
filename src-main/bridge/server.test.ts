/** The browser-mode bridge: the real server on 127.0.0.1 in front of the real core. */
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../core';
import { snapshotTables, tempDir, testCore } from '../test-support';
import { MAX_BODY_BYTES, startBridgeServer, type BridgeServer } from './server';

const TOKEN = 'test-token-0123456789';
let core: Core;
let server: BridgeServer;
let base: string;

beforeAll(async () => {
  const staticDir = tempDir('herald-static-');
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Herald</title>');
  fs.writeFileSync(path.join(tempDir(), 'secret.txt'), 'secret');
  core = testCore();
  server = await startBridgeServer({ core, staticDir, token: TOKEN });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  core.close();
});

const invoke = (body: unknown, token = TOKEN) =>
  fetch(`${base}/api/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-herald-token': token },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Raw request, so we can send a Host header fetch would refuse to forge. */
function rawGet(pathName: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: pathName, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser-mode bridge', () => {
  it('listens on 127.0.0.1 only and prints a URL carrying the token in the fragment', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${TOKEN}`);
  });

  it('serves the renderer with a strict CSP', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Herald</title>');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves files outside the renderer folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fpackage.json']) {
      expect((await fetch(`${base}${p}`)).status).toBe(404);
    }
  });

  it('answers the same dispatch() as Electron', async () => {
    const res = await invoke({ channel: 'campaigns.create', input: { name: 'Bridge test' } });
    const body = (await res.json()) as { ok: boolean; value: { name: string } };
    expect(body.ok).toBe(true);
    expect(body.value.name).toBe('Bridge test');
  });

  it('refuses requests without the launch token, and changes nothing', async () => {
    const before = snapshotTables(core);
    const res = await invoke({ channel: 'campaigns.create', input: { name: 'Intruder' } }, 'wrong-token-0123456789');
    expect(res.status).toBe(401);
    const noHeader = await fetch(`${base}/api/invoke`, { method: 'POST', body: '{}' });
    expect(noHeader.status).toBe(401);
    expect(snapshotTables(core)).toEqual(before);
  });

  it('refuses other Host names (DNS rebinding)', async () => {
    expect(await rawGet('/', 'evil.example:80')).toBe(421);
    expect(await rawGet('/', `127.0.0.1:${server.port}`)).toBe(200);
  });

  it('answers bad JSON and oversized bodies with typed errors', async () => {
    const bad = await invoke('{"channel": ');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('INVALID_INPUT');
    const big = await invoke(JSON.stringify({ channel: 'campaigns.create', input: { name: 'x'.repeat(MAX_BODY_BYTES) } }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toBe('The request is too large.');
    const unknown = await invoke({ channel: 'db.exec', input: { sql: 'DROP TABLE campaigns' } });
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('UNKNOWN_CHANNEL');
  });

  it('streams events to every listener', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers: { 'x-herald-token': TOKEN }, signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // ": connected"
    await invoke({ channel: 'campaigns.create', input: { name: 'Evented' } });
    let text = '';
    while (!text.includes('campaigns.changed')) text += (await reader.read()).value ?? '';
    expect(text).toMatch(/^data: \{"event":"campaigns.changed","payload":\{"id":"[0-9a-f-]{36}"\}\}/m);
    controller.abort();
  });

  it('an event sent from inside work that never pauses leaves at once (an import’s writing, issue 31)', async () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const reader = new Worker(new URL('./test-support/stream-reader.worker.mjs', import.meta.url), {
      workerData: { url: `${base}/api/events`, token: TOKEN, flag, want: '"event":"campaigns.changed"' },
    });
    await once(reader, 'message'); // the stream is open
    let arrived: string | undefined;
    const off = core.onEvent((event, payload) => {
      // Still inside the handler's work, with no turn of the event loop: the reader thread must already have it.
      // ('not-equal': it had arrived before the wait began; 'timed-out': it never left while the work ran.)
      if (event === 'campaigns.changed' && !arrived) arrived = Atomics.wait(flag, 0, 0, 30_000) === 'timed-out' ? 'held back' : 'arrived';
      void payload;
    });
    await invoke({ channel: 'campaigns.create', input: { name: 'Unpaused' } });
    off();
    await reader.terminate();
    expect(arrived).toBe('arrived');
  });
});
