/**
 * A campaign's life (campaigns.get, create, rename, archive): the rules the schema cannot check (unique names),
 * each write in one transaction, announced with campaigns.changed so every open window refreshes.
 */
import { AppError } from '../../shared/ipc/result';
import type { Campaign, PresetId } from '../../shared/ipc/schemas/campaigns';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import * as repo from '../repos/campaigns';
import { pinRuleset } from '../repos/rulesets';
import { battleHonoursPreset, presets } from '../../shared/rules';

/** The campaign as the screens see it, refusing in words when it is gone. */
export function mustFindCampaignView(db: Db, id: string): Campaign {
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

export function renameCampaign(ctx: HandlerContext, { id, name }: { id: string; name: string }): Campaign {
  const renamed = ctx.db.transaction((tx) => {
    const current = mustFindCampaignView(tx, id);
    if (current.name === name) return current;
    assertNameFree(tx, name, id);
    return repo.updateCampaign(tx, id, { name, updatedAt: ctx.now().toISOString() })!;
  });
  ctx.emit('campaigns.changed', { id });
  return renamed;
}

export function setArchived(ctx: HandlerContext, id: string, archived: boolean): Campaign {
  const result = ctx.db.transaction((tx) => {
    const current = mustFindCampaignView(tx, id);
    if (!!current.archivedAt === archived) return current;
    const at = ctx.now().toISOString();
    return repo.updateCampaign(tx, id, { archivedAt: archived ? at : null, updatedAt: at })!;
  });
  ctx.emit('campaigns.changed', { id });
  return result;
}
