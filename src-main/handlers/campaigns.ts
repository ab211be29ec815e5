/**
 * campaigns.* handlers: validate the rules the schema cannot (unique names), write in one transaction, announce
 * the change with campaigns.changed so every open window refreshes.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { Campaign, PresetId } from '../../shared/ipc/schemas/campaigns';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import * as repo from '../repos/campaigns';
import { pinRuleset } from '../repos/rulesets';
import { battleHonoursPreset, presets } from '../../shared/rules';

type CampaignHandlers = Pick<
  Handlers<HandlerContext>,
  'campaigns.list' | 'campaigns.get' | 'campaigns.create' | 'campaigns.rename' | 'campaigns.archive' | 'campaigns.unarchive'
>;

function mustFind(db: Db, id: string): Campaign {
  const found = repo.findCampaign(db, id);
  if (!found) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return found;
}

function assertNameFree(db: Db, name: string, exceptId?: string) {
  const clash = repo.findCampaignByName(db, name);
  if (clash && clash.id !== exceptId) {
    const where = clash.archivedAt ? ' (it is archived: show archived campaigns to find it)' : '';
    throw new AppError('VALIDATION', `A campaign named “${clash.name}” already exists${where}.`, [
      { path: 'name', message: `A campaign named “${clash.name}” already exists${where}.` },
    ]);
  }
}

export const campaignHandlers: CampaignHandlers = {
  'campaigns.list': ({ includeArchived }, ctx) => repo.listCampaigns(ctx.db, includeArchived),

  'campaigns.get': ({ id }, ctx) => mustFind(ctx.db, id),

  'campaigns.create': (input, ctx) => createCampaign(ctx, input, 'Campaign created'),

  'campaigns.rename': ({ id, name }, ctx) => {
    const renamed = ctx.db.transaction((tx) => {
      const current = mustFind(tx, id);
      if (current.name === name) return current;
      assertNameFree(tx, name, id);
      return repo.updateCampaign(tx, id, { name, updatedAt: ctx.now().toISOString() })!;
    });
    ctx.emit('campaigns.changed', { id });
    return renamed;
  },

  'campaigns.archive': ({ id }, ctx) => setArchived(ctx, id, true),
  'campaigns.unarchive': ({ id }, ctx) => setArchived(ctx, id, false),
};

/**
 * campaigns.create's work. `reason` is the first pinned ruleset's reason: "Campaign created", or the sample's mark
 * (repos/campaigns.ts SAMPLE_PIN_REASON) when the sample campaign is made through the same steps.
 */
export function createCampaign(
  ctx: HandlerContext,
  { name, pointsLimit, preset }: { name: string; pointsLimit: number; preset: PresetId },
  reason: string,
): Campaign {
  const created = ctx.db.transaction((tx) => {
    assertNameFree(tx, name);
    const at = ctx.now().toISOString();
    const campaign = repo.insertCampaign(tx, {
      id: ctx.newId(),
      name,
      pointsLimit,
      archivedAt: null,
      createdAt: at,
      updatedAt: at,
    });
    // Issue 6: the campaign keeps the exact ruleset it started with.
    const ruleset = presets().find((p) => p.id === preset) ?? battleHonoursPreset();
    pinRuleset(tx, campaign.id, ruleset, reason, at);
    return repo.findCampaign(tx, campaign.id)!;
  });
  ctx.emit('campaigns.changed', { id: created.id });
  return created;
}

function setArchived(ctx: HandlerContext, id: string, archived: boolean): Campaign {
  const result = ctx.db.transaction((tx) => {
    const current = mustFind(tx, id);
    if (!!current.archivedAt === archived) return current;
    const at = ctx.now().toISOString();
    return repo.updateCampaign(tx, id, { archivedAt: archived ? at : null, updatedAt: at })!;
  });
  ctx.emit('campaigns.changed', { id });
  return result;
}
