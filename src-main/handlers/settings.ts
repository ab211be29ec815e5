/**
 * Club settings of a campaign (issue 5): who rolls the dice and the game-plan options, with the ruleset's missions and
 * deployments for the new-game screen.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import type { CampaignSettingsView } from '../../shared/ipc/schemas/games';
import { DEPLOYMENT_TABLE, allTables, type PlanOptionalRules } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import type { CampaignRow } from '../db/schema';
import { updateCampaign } from '../repos/campaigns';
import { campaignRuleset } from '../games/context';
import { mustFindCampaign } from './standings';

type SettingsHandlers = Pick<Handlers<HandlerContext>, 'campaigns.settings' | 'campaigns.updateSettings'>;

function settingsView(db: Db, campaign: CampaignRow): CampaignSettingsView {
  const ruleset = campaignRuleset(db, campaign);
  const deployment = allTables(ruleset).find((t) => t.id === DEPLOYMENT_TABLE.id) ?? DEPLOYMENT_TABLE;
  return {
    diceMode: campaign.diceMode,
    optionalRules: campaign.optionalRules as PlanOptionalRules,
    rulesetName: ruleset.name,
    missions: ruleset.missions.map((m) => ({ id: m.id, name: m.name, summary: m.summary })),
    deployments: deployment.rows.map((r) => ({ id: r.result, text: r.text })),
  };
}

export const settingsHandlers: SettingsHandlers = {
  'campaigns.settings': ({ id }, ctx) => settingsView(ctx.db, mustFindCampaign(ctx.db, id)),

  'campaigns.updateSettings': ({ id, diceMode, optionalRules }, ctx) => {
    const out = ctx.db.transaction((tx) => {
      mustFindCampaign(tx, id);
      updateCampaign(tx, id, { diceMode, optionalRules, updatedAt: ctx.now().toISOString() });
      return settingsView(tx, mustFindCampaign(tx, id));
    });
    ctx.emit('campaigns.changed', { id });
    return out;
  },

};
