/**
 * Pinned rulesets (issue 6): data access and the content hash. A campaign's ruleset is its latest row.
 */
import { createHash } from 'node:crypto';
import { desc, eq, notInArray } from 'drizzle-orm';
import { Ruleset } from '../../shared/rules';
import { canonicalJson } from './team-lists';
import type { Db } from '../db/open';
import { campaignRulesets, campaigns, type CampaignRulesetRow } from '../db/schema';

export const rulesetHash = (ruleset: Ruleset): string => createHash('sha256').update(canonicalJson(ruleset)).digest('hex');

export const currentRulesetRow = (db: Db, campaignId: string): CampaignRulesetRow | undefined =>
  db.select().from(campaignRulesets).where(eq(campaignRulesets.campaignId, campaignId)).orderBy(desc(campaignRulesets.seq)).limit(1).get();

export const rulesetHistory = (db: Db, campaignId: string): CampaignRulesetRow[] =>
  db.select().from(campaignRulesets).where(eq(campaignRulesets.campaignId, campaignId)).orderBy(desc(campaignRulesets.seq)).all();

export function pinRuleset(db: Db, campaignId: string, ruleset: Ruleset, reason: string, at: string): CampaignRulesetRow {
  const row = {
    campaignId,
    rulesetId: ruleset.id,
    name: ruleset.name,
    version: ruleset.version,
    content: ruleset,
    hash: rulesetHash(ruleset),
    reason,
    pinnedAt: at,
  };
  db.insert(campaignRulesets).values(row).run();
  return currentRulesetRow(db, campaignId)!;
}

/** Campaigns made before rulesets were pinned: the ids of those with no ruleset row. */
export function unpinnedCampaigns(db: Db): string[] {
  const pinned = db.selectDistinct({ id: campaignRulesets.campaignId }).from(campaignRulesets).all().map((r) => r.id);
  const q = db.select({ id: campaigns.id }).from(campaigns);
  return (pinned.length > 0 ? q.where(notInArray(campaigns.id, pinned)) : q).all().map((r) => r.id);
}

export const parsePinned = (row: CampaignRulesetRow): Ruleset => Ruleset.parse(row.content);
