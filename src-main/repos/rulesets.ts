/**
 * Pinned rulesets (issue 6): data access and the content hash. A campaign's ruleset is its latest row.
 */
import { createHash } from 'node:crypto';
import { desc, eq, notInArray } from 'drizzle-orm';
import {
  PLAN_KEY_RULE,
  type PlanOptionalRules,
  Ruleset,
  battleHonoursPreset,
  houseOptionalRule,
  planOptionalRulesOf,
  withOptionalRules,
} from '../../shared/rules';
import { canonicalJson } from './team-lists';
import { updateCampaign } from './campaigns';
import type { Db } from '../db/open';
import { campaignRulesets, campaigns, type CampaignRulesetRow } from '../db/schema';

/** SHA-256 of the canonical JSON (keys sorted) of a ruleset's content, as pinned or as read from a file. */
export const contentHash = (content: unknown): string => createHash('sha256').update(canonicalJson(content)).digest('hex');
export const rulesetHash = (ruleset: Ruleset): string => contentHash(ruleset);

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
  const pinned = db
    .selectDistinct({ id: campaignRulesets.campaignId })
    .from(campaignRulesets)
    .all()
    .map((r) => r.id);
  const q = db.select({ id: campaigns.id }).from(campaigns);
  return (pinned.length > 0 ? q.where(notInArray(campaigns.id, pinned)) : q).all().map((r) => r.id);
}

export const parsePinned = (row: CampaignRulesetRow): Ruleset => Ruleset.parse(row.content);

const PLAN_KEYS = Object.keys(PLAN_KEY_RULE) as (keyof PlanOptionalRules)[];

/** The game-plan switches a campaigns row holds (tolerant: a missing or odd value reads as off). */
export function columnFlags(value: unknown): PlanOptionalRules {
  const o = (value !== null && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return { weather: o.weather === true, duskAndDawn: o.duskAndDawn === true, twist: o.twist === true, mysteriousObjectives: o.mysteriousObjectives === true };
}

/**
 * Keep `campaigns.optional_rules` equal to the switches of the campaign's ruleset (issue 6: the ruleset is the one place
 * for optional rules; the column is only a copy, for the code that still reads it when it sets up a game).
 */
export function syncOptionalRulesColumn(db: Db, campaignId: string, ruleset: Ruleset): void {
  const row = db.select({ optionalRules: campaigns.optionalRules }).from(campaigns).where(eq(campaigns.id, campaignId)).get();
  if (!row) return;
  const want = planOptionalRulesOf(ruleset);
  const have = columnFlags(row.optionalRules);
  if (PLAN_KEYS.some((k) => have[k] !== want[k])) updateCampaign(db, campaignId, { optionalRules: want });
}

/**
 * Issue 6 moved the optional rules from the campaign page's Club settings (`campaigns.optional_rules`: weather, Dusk &
 * Dawn, twist, mysterious objectives) into the campaign's ruleset. A campaign whose Club settings had any of them on
 * that its ruleset does not switch on keeps them: a new ruleset row is pinned (never edited in place) with those rules
 * switched on, and a reason in words. Then the column is made equal to the ruleset again, so running it twice changes
 * nothing (only campaigns with a switch on in the column are read at all). Call once at start-up, after unpinned campaigns are pinned, and for an imported campaign (`onlyCampaignId`). Returns the campaigns given a new ruleset.
 */
export function carryOverClubOptionalRules(db: Db, now: string, onlyCampaignId?: string): string[] {
  const changed: string[] = [];
  const q = db.select({ id: campaigns.id, optionalRules: campaigns.optionalRules }).from(campaigns);
  // An import carries over only its own campaign's switches: it never writes a row of another campaign (issue 16).
  for (const c of onlyCampaignId === undefined ? q.all() : q.where(eq(campaigns.id, onlyCampaignId)).all()) {
    const flags = columnFlags(c.optionalRules);
    if (!PLAN_KEYS.some((k) => flags[k])) continue; // nothing to carry over (rulesets.apply keeps the column in step)
    const row = currentRulesetRow(db, c.id);
    let ruleset = row ? parsePinned(row) : battleHonoursPreset();
    const inRuleset = planOptionalRulesOf(ruleset);
    const carried = PLAN_KEYS.filter((k) => flags[k] && !inRuleset[k]);
    if (carried.length > 0) {
      ruleset = withOptionalRules(ruleset, Object.fromEntries(carried.map((k) => [PLAN_KEY_RULE[k], true])));
      const names = carried.map((k) => houseOptionalRule(PLAN_KEY_RULE[k])?.rule.name ?? k);
      const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
      pinRuleset(db, c.id, ruleset, `${list} switched on: carried over from the campaign's Club settings (optional rules are house rules now).`, now);
      changed.push(c.id);
    }
    syncOptionalRulesColumn(db, c.id, ruleset);
  }
  return changed;
}
