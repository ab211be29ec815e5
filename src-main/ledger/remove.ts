/**
 * Deleting a whole campaign (issue 20): its teams' ledger rows and stored projections go with it. The only deletion
 * the ledger knows — a campaign's history is otherwise never deleted, only voided — and the caller has taken a
 * verified backup first (src-main/campaigns/delete.ts), which brings it all back.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { ledgerEntries, teamProjections } from '../db/schema';

/** Remove every ledger row and stored projection of `teamIds` (teams about to be deleted with their campaign). */
export function removeTeamsLedgers(db: Db, teamIds: readonly string[]) {
  if (teamIds.length === 0) return;
  db.delete(teamProjections)
    .where(inArray(teamProjections.teamId, [...teamIds]))
    .run();
  db.delete(ledgerEntries)
    .where(inArray(ledgerEntries.teamId, [...teamIds]))
    .run();
}
