/**
 * Club settings of a campaign (issue 5): who rolls the dice, with what the new-game screen offers from the campaign's
 * ruleset (missions, deployments). The optional rules are house rules since issue 6: they are switched in the
 * campaign's ruleset (House rules page) and shown here read-only.
 */
import type { ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { CampaignSettingsView, SetupMission } from '../../shared/ipc/schemas/games';
import {
  CLUB_MISSIONS,
  CLUB_MISSION_TABLE,
  DEPLOYMENT_TABLE,
  MISSIONS_WITH_OWN_DEPLOYMENT,
  ROLL_CLUB_MISSION,
  allTables,
  clubMissionsOn,
  missionScoring,
  optionalRuleSwitches,
  planOptionalRulesOf,
  type PlanOptionalRules,
} from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import type { CampaignRow } from '../db/schema';
import { updateCampaign } from '../repos/campaigns';
import { campaignRuleset } from '../games/context';
import { mustFindCampaign } from '../views/campaign';

const CATEGORY = { 'eternal-war': 'Eternal War', 'maelstrom-of-war': 'Maelstrom of War' } as const;

function settingsView(db: Db, campaign: CampaignRow): CampaignSettingsView {
  const ruleset = campaignRuleset(db, campaign);
  const tables = allTables(ruleset);
  const deployment = tables.find((t) => t.id === DEPLOYMENT_TABLE.id) ?? DEPLOYMENT_TABLE;
  const own = MISSIONS_WITH_OWN_DEPLOYMENT as readonly string[];
  const missions: SetupMission[] = ruleset.missions.map((m) => ({
    id: m.id,
    name: m.name,
    summary: m.summary,
    source: 'ruleset',
    deployment: own.includes(m.id) || !missionScoring(m).deploymentZones ? 'own' : 'table',
    attackerAndDefender: missionScoring(m).attackerAndDefender,
  }));
  const missionRolls = [{ id: 'roll', label: 'Roll (D6 mission table)' }];
  if (clubMissionsOn(ruleset)) {
    for (const m of CLUB_MISSIONS) {
      missions.push({
        id: m.id,
        name: m.name,
        summary: `${CATEGORY[m.category]} (8th-edition supplement). Victory points: ${m.victoryConditions.map((c) => c.name).join(', ')}.`,
        source: 'club-8th',
        deployment: m.deployment.chosenBy === 'roll-off-winner' ? 'roll-off' : 'sixth-marker',
      });
    }
    const table = tables.find((t) => t.id === CLUB_MISSION_TABLE.id) ?? CLUB_MISSION_TABLE;
    missionRolls.push({ id: ROLL_CLUB_MISSION, label: `Roll an 8th-edition mission (${table.expression} ${table.name.toLowerCase()})` });
  }
  return {
    diceMode: campaign.diceMode,
    optionalRules: planOptionalRulesOf(ruleset),
    houseOptionalRules: optionalRuleSwitches(ruleset).map(({ id, name, description, source, on }) => ({ id, name, description, source, on })),
    rulesetName: ruleset.name,
    missions,
    missionRolls,
    deployments: deployment.rows.map((r) => ({ id: r.result, text: r.text })),
  };
}

const sameSwitches = (a: PlanOptionalRules, b: PlanOptionalRules) => (Object.keys(a) as (keyof PlanOptionalRules)[]).every((k) => a[k] === b[k]);

/** campaigns.settings: the campaign's settings as its Settings page shows them. */
export const campaignSettings = (db: Db, id: string): CampaignSettingsView => settingsView(db, mustFindCampaign(db, id));

/** campaigns.updateSettings: who rolls the dice; the optional rules only as they already are (they are house rules). */
export function updateSettings(ctx: HandlerContext, { id, diceMode, optionalRules }: ChannelParsedInput<'campaigns.updateSettings'>): CampaignSettingsView {
  const out = ctx.db.transaction((tx) => {
    const campaign = mustFindCampaign(tx, id);
    if (optionalRules && !sameSwitches(optionalRules, planOptionalRulesOf(campaignRuleset(tx, campaign)))) {
      throw new AppError('VALIDATION', 'Optional rules are house rules now: switch them on the campaign’s House rules page (Optional rules).');
    }
    updateCampaign(tx, id, { diceMode, updatedAt: ctx.now().toISOString() });
    return settingsView(tx, mustFindCampaign(tx, id));
  });
  ctx.emit('campaigns.changed', { id });
  return out;
}
