/**
 * A campaign's newest live ledger entries of some kinds (the bulletin's casualties and promotions): read backwards from
 * the newest, a page at a time, so ten years of ledger are never read whole to show the latest twenty (issue 29).
 */
import type { Db } from '../db/open';
import { rawStatement } from '../db/prepared';
import { unpackJson } from '../db/packed-json';

export interface NewestEntry {
  seq: number;
  teamId: string;
  gameId: string | null;
  modelId: string | null;
  kind: string;
  reason: string;
  /** The entry's data, unpacked only when `keep` asks for it. */
  data: () => unknown;
}

const PAGE = 200;

/** At most `limit` live entries of `kinds` that `keep` accepts, newest first. */
export function newestLiveEntries(
  db: Db,
  campaignId: string,
  kinds: readonly string[],
  limit: number,
  keep: (e: NewestEntry) => boolean = () => true,
): NewestEntry[] {
  // seq is the table's rowid: ORDER BY seq DESC walks the table backwards from its newest row.
  const page = rawStatement(
    db,
    'ledger.newestLive',
    `SELECT seq, team_id AS teamId, game_id AS gameId, model_id AS modelId, kind, reason, data FROM ledger_entries
     WHERE campaign_id = ? AND voided_at IS NULL AND kind IN (SELECT value FROM json_each(?)) AND seq < ?
     ORDER BY seq DESC LIMIT ?`,
  );
  const kindsJson = JSON.stringify(kinds);
  const out: NewestEntry[] = [];
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = page.all(campaignId, kindsJson, before, PAGE) as (Omit<NewestEntry, 'data'> & { data: string })[];
    for (const { data, ...r } of rows) {
      const entry: NewestEntry = { ...r, data: () => unpackJson(data) };
      if (keep(entry)) out.push(entry);
      if (out.length === limit) return out;
    }
    if (rows.length < PAGE) return out;
    before = rows[rows.length - 1]!.seq;
  }
}
