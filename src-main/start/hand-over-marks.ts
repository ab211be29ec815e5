/**
 * A whole-file restore and the hand-over marks (issue 27; docs/decisions.md, "A whole-file restore keeps today's
 * hand-overs"). Whether a campaign is handed over is a fact about the club today — which laptop holds its newest
 * history — not part of the history a backup brings back. So each campaign of the restored file that is also in the
 * file it replaces (the same identity across laptops) takes that file's mark: still handed over if it is handed over
 * now, writable if it was taken back (or came back) since the backup. A campaign only the backup has keeps its own.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { campaigns } from '../db/schema';

/** One campaign's hand-over mark, by its identity across laptops. */
export interface HandOverMark {
  identity: string;
  at: string | null;
  to: string | null;
}

const identity = sql<string>`coalesce(${campaigns.originId}, ${campaigns.id})`;

/** Every campaign's mark in the file in use, read before it is replaced. */
export function handOverMarks(db: Db): HandOverMark[] {
  return db.select({ identity, at: campaigns.handedOverAt, to: campaigns.handedOverTo }).from(campaigns).all();
}

/** Put the marks read before the restore on the restored file's campaigns of the same identity, in one transaction. */
export function carryHandOverMarks(db: Db, marks: readonly HandOverMark[]): void {
  if (marks.length === 0) return;
  db.transaction((tx) => {
    for (const m of marks)
      tx.update(campaigns)
        .set({ handedOverAt: m.at, handedOverTo: m.to })
        .where(sql`${identity} = ${m.identity}`)
        .run();
  });
}
