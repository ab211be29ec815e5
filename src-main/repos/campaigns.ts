/**
 * Campaigns: data access only. Functions take the drizzle handle; the caller owns the transaction.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { nameKey } from '../../shared/names';
import { campaignRulesets, campaigns, type CampaignRow, type NewCampaignRow } from '../db/schema';

/**
 * The reason of the ruleset pinned when a sample campaign is made (issue 31): the sample's mark, kept in a row that is
 * never changed and travels in the campaign file, so no schema change (docs/decisions.md "The sample mark").
 */
export const SAMPLE_PIN_REASON = 'Sample campaign made by Herald';

/** The ids of the sample campaigns. */
const sampleIds = (db: Db): Set<string> =>
  new Set(
    db
      .select({ id: campaignRulesets.campaignId })
      .from(campaignRulesets)
      .where(eq(campaignRulesets.reason, SAMPLE_PIN_REASON))
      .all()
      .map((r) => r.id),
  );

const isSample = (db: Db, id: string): boolean =>
  prepared(db, 'campaigns.isSample', (d) =>
    d
      .select({ seq: campaignRulesets.seq })
      .from(campaignRulesets)
      .where(and(eq(campaignRulesets.campaignId, sql.placeholder('id')), eq(campaignRulesets.reason, SAMPLE_PIN_REASON)))
      .limit(1)
      .prepare(),
  ).get({ id }) !== undefined;

const toCampaign = (r: CampaignRow, sample: boolean): Campaign => ({
  id: r.id,
  name: r.name,
  pointsLimit: r.pointsLimit,
  archivedAt: r.archivedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  handedOver: r.handedOverAt ? { to: r.handedOverTo ?? 'another laptop', at: r.handedOverAt } : null,
  sample,
});

export function listCampaigns(db: Db, includeArchived: boolean): Campaign[] {
  const q = db.select().from(campaigns);
  const rows = (includeArchived ? q : q.where(isNull(campaigns.archivedAt))).orderBy(desc(campaigns.createdAt), campaigns.name).all();
  const samples = sampleIds(db);
  return rows.map((r) => toCampaign(r, samples.has(r.id)));
}

/** The campaign here with this identity across laptops (issue 22: `campaigns.origin_id`), if any. */
export function findCampaignByOrigin(db: Db, originId: string): { id: string } | undefined {
  return db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.originId, originId)).get();
}

export function findCampaign(db: Db, id: string): Campaign | undefined {
  const row = findCampaignRow(db, id);
  return row ? toCampaign(row, isSample(db, id)) : undefined;
}

/**
 * Names are compared by shared/names.ts nameKey (issue 16): case, accents, Unicode form, spacing and invisible
 * characters aside, so "Iron Harvest", "iron harvest" and "Iron\u200BHarvest" count as the same name.
 */
export function findCampaignByName(db: Db, name: string): Campaign | undefined {
  const key = nameKey(name);
  const row = db
    .select()
    .from(campaigns)
    .all()
    .find((c) => nameKey(c.name) === key);
  return row ? toCampaign(row, isSample(db, row.id)) : undefined;
}

export function insertCampaign(db: Db, row: NewCampaignRow): Campaign {
  db.insert(campaigns).values(row).run();
  return findCampaign(db, row.id)!;
}

/** The full row (dice mode and optional rules included). */
export const findCampaignRow = (db: Db, id: string): CampaignRow | undefined =>
  prepared(db, 'campaigns.byId', (d) =>
    d
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });

export function updateCampaign(
  db: Db,
  id: string,
  patch: Partial<Pick<CampaignRow, 'name' | 'archivedAt' | 'updatedAt' | 'diceMode' | 'optionalRules'>>,
): Campaign | undefined {
  db.update(campaigns).set(patch).where(eq(campaigns.id, id)).run();
  return findCampaign(db, id);
}
