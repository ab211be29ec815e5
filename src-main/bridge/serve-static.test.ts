import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { serveStatic } from './server';

let server: http.Server;
let port = 0;
const page = '<!doctype html><title>Herald on your phone</title>' + '<p>The campaign.</p>'.repeat(500);

beforeAll(async () => {
  const dir = tempDir('herald-static-');
  fs.writeFileSync(path.join(dir, 'phone.html'), page);
  fs.writeFileSync(path.join(dir, 'font.woff2'), Buffer.alloc(2000, 7));
  // `/phone/…` serves as the Club Wi-Fi view does (with the request), anything else as browser mode does.
  server = http.createServer((req, res) => {
    const phone = req.url!.startsWith('/phone/');
    serveStatic(dir, phone ? req.url!.slice('/phone'.length) : req.url!, res, '/phone.html', phone ? req : undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = (target: string, encoding?: string) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: target, headers: encoding ? { 'accept-encoding': encoding } : {}, agent: false }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });

describe('the phone page goes compressed over Wi-Fi (issue 29)', () => {
  it('gzips a text file for a phone that accepts it, and the same bytes come out', async () => {
    const res = await get('/phone/phone.html', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.length).toBeLessThan(page.length / 5);
    expect(zlib.gunzipSync(res.body).toString('utf8')).toBe(page);
  });

  it('sends it plain to a phone that does not accept gzip, fonts plain always, and browser mode plain', async () => {
    for (const [target, encoding] of [
      ['/phone/phone.html', undefined],
      ['/phone/font.woff2', 'gzip'],
      ['/phone.html', 'gzip'],
    ] as const) {
      const res = await get(target, encoding);
      expect(res.headers['content-encoding'], target).toBeUndefined();
    }
    expect((await get('/phone.html', 'gzip')).body.toString('utf8')).toBe(page);
  });
});
