/**
 * Start-up step 2: what every writable campaign file gets when Herald starts on it (the file opened at start-up, or
 * the fresh one after a full check failed).
 */
import { battleHonoursPreset } from '../../shared/rules';
import type { Db } from '../db/open';
import { rebuild as rebuildTeams } from '../ledger';
import { carryOverClubOptionalRules, pinRuleset, unpinnedCampaigns } from '../repos/rulesets';
import { ensureSampleTeamLists } from '../repos/team-lists';

export function prepareFile(db: Db, now: () => Date, newId: () => string) {
  // Sample team lists ship with the app; add any this file does not have yet (never overwrite a club's edits).
  ensureSampleTeamLists(db, now, newId);
  // Campaigns from before rulesets were pinned (issue 6) played the Battle Honours preset: pin it once, now.
  db.transaction((tx) => {
    for (const id of unpinnedCampaigns(tx))
      pinRuleset(tx, id, battleHonoursPreset(), 'Pinned when Herald started keeping a ruleset per campaign', now().toISOString());
    // Optional rules switched on in the old Club settings become house rules (issue 6): a new ruleset row, once.
    carryOverClubOptionalRules(tx, now().toISOString());
  });
  rebuildStaleProjections(db, now);
}

/** Teams' stored projections missing (a file from before issue 9) or from another projection version: rebuild. */
export function rebuildStaleProjections(db: Db, now: () => Date) {
  db.transaction((tx) => rebuildTeams(tx, 'stale', now().toISOString()));
}
