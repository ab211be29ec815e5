/**
 * Refused phone requests are counted, not logged one line each (issue 28): a flood of them would otherwise rotate
 * every earlier error out of the log. At most one summary line a minute — "1,204 refused phone requests in the last
 * minute, from 3 addresses (too many requests: 1,200; wrong link: 4)" — and one more when the view is switched off.
 */
import { formatNumber } from '../../shared/format';

export const REFUSAL_WINDOW_MS = 60_000;

/** Why a phone request was refused, in the summary's words. */
export type RefusalKind =
  'too many connections' | 'too many requests' | 'wrong link' | 'not a phone read' | 'not a valid request' | 'too slow' | 'not found' | 'wrong host';

export interface RefusalCounter {
  note(address: string, kind: RefusalKind): void;
  /** Write the summary now (the view is switching off), if anything was refused since the last one. */
  flush(): void;
  /** Refusals counted since the view was switched on (tests and the bench read it). */
  total(): number;
}

const count = (n: number) => formatNumber(n);
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export function refusalSummary(refused: number, addresses: number, kinds: ReadonlyMap<RefusalKind, number>, when: string): string {
  const why = [...kinds].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind}: ${count(n)}`);
  return `${plural(refused, 'refused phone request', 'refused phone requests')} ${when}, from ${plural(addresses, 'address', 'addresses')} (${why.join('; ')}).`;
}

export function createRefusalCounter(log: (message: string) => void, windowMs = REFUSAL_WINDOW_MS): RefusalCounter {
  let refused = 0;
  let total = 0;
  const addresses = new Set<string>();
  const kinds = new Map<RefusalKind, number>();
  let timer: NodeJS.Timeout | null = null;

  const write = (when: string) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (refused === 0) return;
    log(refusalSummary(refused, addresses.size, kinds, when));
    refused = 0;
    addresses.clear();
    kinds.clear();
  };

  return {
    note(address, kind) {
      refused++;
      total++;
      // A flood from made-up addresses cannot grow the set without bound: past this many, the count says "at least".
      if (addresses.size < 10_000) addresses.add(address);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      // The first refusal of a quiet spell starts the minute; its summary is written when the minute is up.
      if (!timer) {
        timer = setTimeout(() => write(windowMs === REFUSAL_WINDOW_MS ? 'in the last minute' : `in the last ${windowMs / 1000} s`), windowMs);
        timer.unref();
      }
    },
    flush: () => write('before the Club Wi-Fi view was switched off'),
    total: () => total,
  };
}
