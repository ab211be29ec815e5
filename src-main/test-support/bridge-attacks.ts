/**
 * Hostile requests against the browser-mode bridge (issue 16), sent over raw sockets exactly as written (no client
 * library tidies them: `curl --path-as-is` style). Used by src-main/bridge/hostile.test.ts (a short pass in `npm test`)
 * and scripts/reliability/hostile-requests.test.ts (the full pass, against the server in its own process).
 */
import net from 'node:net';

export interface RawAnswer {
  /** The HTTP status of the first answer, or null when the server closed the connection without one. */
  status: number | null;
  text: string;
}

/** Send `request` as-is to 127.0.0.1:port; resolves with the first answer, or once the server closes or `ms` pass. */
export function rawRequest(port: number, request: string | Buffer, ms = 3000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, text });
    };
    const timer = setTimeout(finish, ms);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      // One complete answer is enough (keep-alive would otherwise hold the socket open).
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      if (head < 0) return;
      const chunked = /\r\ntransfer-encoding: chunked/i.test(text.slice(0, head));
      if (/event-stream/i.test(text) || (chunked ? text.endsWith('\r\n0\r\n\r\n') : !length || text.length - head - 4 >= Number(length[1]))) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    // Written, not ended: a browser keeps its side open until the answer comes (a half-closed socket is dropped).
    socket.on('connect', () => socket.write(request));
  });
}

/** A request line and headers for GET `target` with our own Host (and the token when given). */
export function getRequest(port: number, target: string, token?: string, method = 'GET'): string {
  return `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${token ? `X-Herald-Token: ${token}\r\n` : ''}Connection: close\r\n\r\n`;
}

/** A POST to /api/invoke with `body` as-is. */
export function invokeRequest(port: number, body: string, token?: string, extraHeaders = ''): string {
  return (
    `POST /api/invoke HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${token ? `X-Herald-Token: ${token}\r\n` : ''}` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extraHeaders}Connection: close\r\n\r\n${body}`
  );
}

const nested = (depth: number, open: string, close: string, inner: string) => open.repeat(depth) + inner + close.repeat(depth);

/** Request targets Node's parser accepts and browsers never send (the issue's `/%00` and `//[` first). */
export const HOSTILE_TARGETS: readonly string[] = [
  '/%00',
  '//[',
  '/%00.html',
  '/index.html%00',
  '/%00/../index.html',
  '/api/%00',
  '/api/invoke%00',
  '/%',
  '/%zz',
  '/%ff',
  '/%C0%AF',
  '/%E0%A4%A',
  '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '/..%5c..%5cwindows',
  '//evil.example/x',
  '//',
  '///',
  '//[::1]',
  '//[x',
  '//@',
  '//:99999',
  '/.',
  '/..',
  '/../../../../etc/passwd',
  '/?%00',
  '/?a=%00&b=%',
  '/%01%02%7f',
  '/%0d%0aSet-Cookie:x=1',
  '/' + '%2F'.repeat(2000),
  '/' + 'a/'.repeat(2000),
  '/assets/%00.js',
  '/\u00ff',
  '/\u00e9t\u00e9',
  '*',
  'http://127.0.0.1/',
  'http://[/',
  'x',
  '/index.html?' + 'x'.repeat(6000),
];

/** Whole requests: methods, headers and framing browsers never send. */
export function hostileRawRequests(port: number, token?: string): (string | Buffer)[] {
  const host = `Host: 127.0.0.1:${port}\r\n`;
  const tok = token ? `X-Herald-Token: ${token}\r\n` : '';
  return [
    `OPTIONS * HTTP/1.1\r\n${host}\r\n`,
    `FOO / HTTP/1.1\r\n${host}\r\n`,
    `CONNECT 127.0.0.1:${port} HTTP/1.1\r\n${host}\r\n`,
    `GET / HTTP/1.1\r\n${host}Upgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
    `GET / HTTP/1.1\r\n\r\n`,
    `GET / HTTP/1.1\r\nHost: \r\n\r\n`,
    `GET / HTTP/1.1\r\n${host}${host}\r\n`,
    `GET /%00 HTTP/1.0\r\n\r\n`,
    `GET /\u0000 HTTP/1.1\r\n${host}\r\n`,
    `GET / HTTP/9.9\r\n${host}\r\n`,
    `GET / HTTP/1.1\r\n${host}X: ${'y'.repeat(20000)}\r\n\r\n`,
    `GET /api/events HTTP/1.1\r\n${host}${tok}\r\n`,
    `POST /api/events HTTP/1.1\r\n${host}${tok}Content-Length: 0\r\n\r\n`,
    `GET /api/invoke HTTP/1.1\r\n${host}${tok}\r\n`,
    `POST /api/invoke HTTP/1.1\r\n${host}${tok}Content-Length: 100\r\n\r\n{"channel":`,
    `POST /api/invoke HTTP/1.1\r\n${host}${tok}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    `POST /api/invoke HTTP/1.1\r\n${host}${tok}Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n{}`,
    `POST /api/invoke HTTP/1.1\r\n${host}${tok}Content-Length: -1\r\n\r\n{}`,
    `POST /api/invoke HTTP/1.1\r\n${host}${tok}${tok}Content-Length: 2\r\n\r\n{}`,
    `POST /%00 HTTP/1.1\r\n${host}${tok}Content-Length: 2\r\n\r\n{}`,
    Buffer.concat([Buffer.from(`GET /`), Buffer.from([0xff, 0xfe, 0x00, 0x80]), Buffer.from(` HTTP/1.1\r\n${host}\r\n`)]),
  ];
}

/** Bodies for POST /api/invoke: channels that are not strings, deep nesting, non-objects, broken JSON. */
export const HOSTILE_BODIES: readonly string[] = [
  '{"channel":{"toString":1}}',
  '{"channel":{"toString":{"toString":1}},"input":{}}',
  '{"channel":{"valueOf":1,"toString":1}}',
  `{"channel":${nested(100_000, '[', ']', '1')}}`,
  `{"channel":"campaigns.create","input":${nested(100_000, '{"name":', '}', '1')}}`,
  `{"channel":"campaigns.list","input":${nested(100_000, '[', ']', '1')}}`,
  `{"channel":"campaigns.create","input":{"name":{"toString":1}}}`,
  '{"channel":"campaigns.create","input":{"name":"\\u0000"}}',
  '{"channel":"campaigns.create","input":{"name":"\\u200b\\u202e"}}',
  '{"channel":"__proto__","input":{}}',
  '{"channel":"constructor"}',
  '{"__proto__":{"channel":"campaigns.list"}}',
  '{"channel":["campaigns.list"]}',
  '{"channel":123456789012345678901234567890}',
  '{"channel":null,"input":null}',
  'null',
  '[]',
  '"campaigns.list"',
  '12',
  '',
  '{',
  '\ufeff{"channel":"campaigns.list"}',
  '{"channel":"campaigns.list","input":{"includeArchived":{"toString":1}}}',
  '{"channel":"games.saveDraft","input":{"id":"00000000-0000-4000-8000-000000000001","draft":{"report":{"relicCount":3000000}}}}',
];
