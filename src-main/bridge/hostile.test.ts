/**
 * Issue 16: no request ends the browser-mode server. The issue's `/%00` and `//[`, other targets Node's parser
 * accepts, broken framing and hostile /api/invoke bodies, with and without the token, over raw sockets; after each
 * one the server still answers. (The full pass, against the server in its own process and counting exits, is
 * scripts/reliability/hostile-requests.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../core';
import { snapshotTables, tempDir, testCore } from '../test-support';
import { HOSTILE_BODIES, HOSTILE_TARGETS, getRequest, hostileRawRequests, invokeRequest, rawRequest } from '../test-support/bridge-attacks';
import { requestPath, startBridgeServer, type BridgeServer } from './server';

const TOKEN = 'test-token-hostile-0123456789';
let core: Core;
let server: BridgeServer;
const logged: string[] = [];

beforeAll(async () => {
  const staticDir = tempDir('herald-static-');
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Herald</title>');
  core = testCore();
  server = await startBridgeServer({ core, staticDir, token: TOKEN, log: (m) => logged.push(m) });
});
afterAll(async () => {
  await server.close();
  core.close();
});

const stillAnswers = async () => (await rawRequest(server.port, getRequest(server.port, '/'))).status;

describe('browser-mode bridge under hostile requests (issue 16)', () => {
  it('requestPath: only origin-form targets with nothing unsendable, before or after decoding', () => {
    for (const ok of ['/', '/index.html', '/assets/app-1.js', '/api/invoke', '/?x=1', '/%C3%A9t%C3%A9']) expect(requestPath(ok)).not.toBeNull();
    for (const bad of ['/%00', '//[', '/index.html%00', '/%', '/%ff', '//evil/x', '*', 'http://127.0.0.1/', '/a b', '/a\\b', '/%5c', '/%0a', undefined])
      expect(requestPath(bad)).toBeNull();
  });

  it("the issue's requests: GET /%00 and GET //[ are answered 400, the refusal is logged, and the server keeps answering", async () => {
    for (const target of ['/%00', '//[']) {
      const answer = await rawRequest(server.port, getRequest(server.port, target));
      expect(answer.status).toBe(400);
      expect(logged.some((l) => l.includes(`refused a request (400`) && l.includes(JSON.stringify(target)))).toBe(true);
      expect(await stillAnswers()).toBe(200);
    }
  });

  it('every hostile target, whole request and /api/invoke body — with and without the token — is answered or closed, and changes nothing', async () => {
    const before = snapshotTables(core);
    const tried: string[] = [];
    for (const token of [undefined, TOKEN]) {
      const requests = [
        ...HOSTILE_TARGETS.map((t) => getRequest(server.port, t, token)),
        ...HOSTILE_TARGETS.slice(0, 8).map((t) => getRequest(server.port, t, token, 'POST')),
        ...hostileRawRequests(server.port, token),
        ...HOSTILE_BODIES.map((b) => invokeRequest(server.port, b, token)),
      ];
      for (const request of requests) {
        const answer = await rawRequest(server.port, request);
        // An answer in the 4xx range, a 200 for a body dispatch() refused in words, or a closed connection: never a 5xx.
        if (answer.status !== null) expect(answer.status).toBeLessThan(500);
        expect(await stillAnswers()).toBe(200);
        tried.push(String(request).slice(0, 40));
      }
    }
    expect(tried.length).toBeGreaterThan(150);
    expect(snapshotTables(core)).toEqual(before);
  });

  it('a body whose channel is not a string is answered with a typed refusal, not a dead server', async () => {
    const answer = await rawRequest(server.port, invokeRequest(server.port, '{"channel":{"toString":1}}', TOKEN));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"code":"UNKNOWN_CHANNEL"');
    expect(answer.text).toContain('There is no channel named of type object.');
  });
});
