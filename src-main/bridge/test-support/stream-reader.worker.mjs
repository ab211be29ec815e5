/**
 * A window's event stream read from another thread (server.test.ts): it tells the test when the stream is open, then
 * raises `flag` as soon as `want` arrives, while the main thread may still be inside work that never pauses.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, flag, want } = workerData;
const res = await fetch(url, { headers: { 'x-herald-token': token } });
const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
let text = '';
let open = false;
for (;;) {
  const { value, done } = await reader.read();
  if (done) break;
  text += value;
  if (!open && text.includes(': connected')) {
    open = true;
    parentPort.postMessage('open');
  }
  if (text.includes(want)) {
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    break;
  }
}
await reader.cancel();
