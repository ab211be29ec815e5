/**
 * Memory given back after a large import (issue 29). Importing a ten-year campaign fills V8's heap with hundreds of
 * megabytes of rows for a few seconds; once they are garbage, V8 keeps the freed 256 KB pages in a pool for reuse and
 * returns them to the system only on a memory-reducing collection, which a quiet main process may not run for a long
 * time: about 550 MB stayed resident after one import of the ten-year campaign (measured: after an ordinary full
 * collection the heap held 63 MB and the process 940 MB; after a memory-reducing one, 395 MB). So, once an import has
 * answered, main asks V8 for that collection itself.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => void;

let gc: Gc | undefined;

/** V8's collector, as --expose-gc gives it, without starting the process with that flag. */
function collector(): Gc {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as Gc;
  }
  return gc;
}

/**
 * A memory-reducing collection now: what is garbage is collected and the pages it freed go back to the system.
 * Takes tens of milliseconds on a small heap; a failure is ignored (the memory then stays until V8 reduces it).
 */
export function returnMemory(): void {
  try {
    collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } catch {
    // Only memory is at stake: the import it follows has already answered.
  }
}

/** returnMemory once the current work has answered (a timer, so the answer and its events leave first). */
export function returnMemorySoon(): void {
  setTimeout(returnMemory, 0).unref();
}
