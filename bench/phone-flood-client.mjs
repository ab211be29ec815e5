// The phones of bridgeUnderPhoneFlood (issue 28), in their own process as phones are their own machines: idle
// connections held open to the Club Wi-Fi view's port (a hostile device or a few, from IDLE_ADDRESSES loopback
// addresses), then phones each on its own loopback address pulling the bulletin and team histories as fast as they
// can, for `durationMs`. Plain JavaScript run by Node as it is (no build step). Loopback only.
//
//   node bench/phone-flood-client.mjs '<json: port, token, phones, idle, idleAddresses, reads, durationMs>'
//
// Prints `HELD <n>` once every idle connection was answered or held, then `DONE <json counts>` when the time is up.
import http from 'node:http';
import net from 'node:net';

const o = JSON.parse(process.argv[2]);
const until = Date.now() + o.durationMs;
const counts = { idleTried: o.idle, idleRefused: 0, idleHeld: 0, requests: 0, byStatus: {}, errors: 0 };

/** A request on a connection of its own, answered: every connection opened before it was accepted by then. */
function probe() {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: o.port, path: '/', headers: { host: 'probe.invalid' }, agent: false, localAddress: '127.0.9.1' },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', resolve);
    req.end();
  });
}

async function openIdle() {
  const sockets = [];
  const waits = [];
  for (let i = 0; i < o.idle; i++) {
    const from = `127.0.1.${1 + (i % o.idleAddresses)}`;
    const socket = net.connect({ host: '127.0.0.1', port: o.port, localAddress: from });
    sockets.push(socket);
    waits.push(
      new Promise((resolve) => {
        socket.once('connect', resolve);
        socket.once('error', resolve);
      }),
    );
    socket.on('error', () => {});
    socket.on('data', () => (socket.refused = true));
    // Do not hammer the kernel's accept queue all at once.
    if (i % 100 === 99) await Promise.all(waits.splice(0));
  }
  await Promise.all(waits);
  // Every connection was accepted (and answered 503 when over a cap) before this probe's answer comes back.
  await probe();
  await new Promise((r) => setImmediate(r));
  counts.idleHeld = sockets.filter((s) => !s.destroyed && !s.refused).length;
  counts.idleRefused = sockets.length - counts.idleHeld;
  return sockets;
}

async function phone(i) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.2.${1 + i}` });
  const device = `flood-phone-${String(i).padStart(4, '0')}`;
  for (let n = i; Date.now() < until; n++) {
    const read = o.reads[n % o.reads.length];
    const body = JSON.stringify(read);
    const status = await new Promise((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: o.port,
          path: '/api/invoke',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'x-herald-token': o.token, 'x-herald-device': device, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', () => resolve('error'));
      req.end(body);
    });
    counts.requests++;
    counts.byStatus[status] = (counts.byStatus[status] ?? 0) + 1;
  }
  agent.destroy();
}

const sockets = await openIdle();
process.stdout.write(`HELD ${counts.idleHeld}\n`);
await Promise.all(Array.from({ length: o.phones }, (_, i) => phone(i)));
for (const s of sockets) s.destroy();
process.stdout.write(`DONE ${JSON.stringify(counts)}\n`);
