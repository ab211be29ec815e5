/**
 * The Club Wi-Fi view's answers, cached per committed state (issue 28): thirty phones asking for the same bulletin or
 * team history between two commits cost one build (and one JSON text), not thirty. Phones asking at the same moment
 * share the build under way. Any write to the file (state-version.ts) makes every cached answer old at once (the
 * reads phones ask for depend on the file alone, never on the clock); ten minutes is a safety net on top.
 *
 * Builds run one at a time, with a turn of the event loop between two: the organiser's own requests are answered
 * between phones' builds instead of queueing behind all of them.
 */
import type { Result } from '../../shared/ipc/result';

/** Answers kept at most: a club's teams, histories and games, a few pages each. */
export const READ_CACHE_ENTRIES = 512;
/** And at most this much text in all (a ten-year bulletin or history is a few hundred KB). */
export const READ_CACHE_BYTES = 32 * 1024 * 1024;
export const READ_CACHE_MAX_AGE_MS = 10 * 60_000;

export interface ReadCacheOptions {
  /** The committed state (null: do not cache, e.g. the file is closed). */
  stateVersion: () => string | null;
  now: () => number;
}

export interface ReadCache {
  /**
   * The answer as JSON bytes: from the cache when this channel and input were answered in this state, else built.
   * Kept as bytes, so thirty phones sent a 300 KB history cost no encoding after the first.
   */
  answer(channel: string, input: unknown, build: () => Promise<Result<unknown>>): Promise<Buffer>;
  /** Answers built (not taken from the cache) since the view was switched on. */
  builds(): number;
}

interface Entry {
  text: Promise<Buffer>;
  bytes: number;
  at: number;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const entries = new Map<string, Entry>();
  let state: string | null = null;
  let bytes = 0;
  let builds = 0;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  };
  const makeRoom = () => {
    // Oldest first (a hit moves its entry to the end).
    for (const key of entries.keys()) {
      if (entries.size < READ_CACHE_ENTRIES && bytes <= READ_CACHE_BYTES) return;
      drop(key);
    }
  };
  let line: Promise<unknown> = Promise.resolve();
  const build = (run: () => Promise<Result<unknown>>): Promise<Buffer> => {
    builds++;
    const next = line.then(() => new Promise((turn) => setImmediate(turn))).then(async () => Buffer.from(JSON.stringify(await run())));
    line = next.catch(() => {});
    return next;
  };

  return {
    async answer(channel, input, run) {
      const version = options.stateVersion();
      if (version === null) return build(run);
      if (version !== state) {
        // Something was written: every answer kept belongs to the state before it.
        entries.clear();
        bytes = 0;
        state = version;
      }
      const key = `${channel}\u0000${JSON.stringify(input) ?? ''}`;
      const t = options.now();
      const hit = entries.get(key);
      if (hit && t - hit.at <= READ_CACHE_MAX_AGE_MS) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.text;
      }
      drop(key);
      let ok = false;
      const text = build(async () => {
        const result = await run();
        ok = result.ok;
        return result;
      });
      const entry: Entry = { text, bytes: 0, at: t };
      entries.set(key, entry);
      try {
        const done = await text;
        // Already gone (the state moved on and the cache was emptied): nothing to keep.
        if (entries.get(key) !== entry) return done;
        // Refusals are not kept (they are cheap, and may not last); nor an answer built while the state moved on.
        if (!ok || options.stateVersion() !== version) drop(key);
        else {
          entry.bytes = done.length;
          bytes += done.length;
          makeRoom();
        }
        return done;
      } catch (e) {
        if (entries.get(key) === entry) drop(key);
        throw e;
      }
    },
    builds: () => builds,
  };
}
