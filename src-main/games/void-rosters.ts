/**
 * What planVoid needs to tell a replacement from a routine recruit (issue 20, shared/rules/campaign/replacement.ts):
 * each team's Team List, its roster's points cap, and the roster it had just before the void's ledger slice starts.
 * Read lazily: only teams that lost a model in a voided game are ever asked about, and then only the entries that
 * change a roster (not the team's EXP, injuries and Req of ten years: issue 9).
 */
import { FOUNDED_ROSTER_CAP, RESERVE_KINDS, foldRoster, rosterPointsLimit, type RosterLimits, type Roster } from '../../shared/rules';
import { campaignRosterCap } from './context';
import type { Db } from '../db/open';
import { campaignLedgerItems, liveRowsBefore } from '../ledger';
import { loadTeamList } from '../repos/team-lists';
import { findTeam } from '../repos/teams';

const ROSTER_KINDS = ['team.founded', 'model.recruited', 'model.dismissed', 'model.wargear', 'model.renamed', 'model.died', ...RESERVE_KINDS];

/** A team's roster just before ledger entry `seq` (undefined: not founded by then). */
export function rosterBefore(db: Db, teamId: string, seq: number): Roster | undefined {
  const rows = liveRowsBefore(db, teamId, seq, ROSTER_KINDS);
  const items = campaignLedgerItems(rows);
  return items.some((i) => i.data.kind === 'team.founded') ? foldRoster(items) : undefined;
}

/** planVoid's `roster` option for a slice of the ledger starting at `start` (seq), in a campaign of `pointsLimit`. */
export function voidRosterLimits(db: Db, pointsLimit: number, start: number): RosterLimits {
  const cache = new Map<string, { list: ReturnType<typeof loadTeamList>; founded: boolean; cap: number }>();
  const team = (id: string) => {
    let t = cache.get(id);
    if (!t) {
      const row = findTeam(db, id);
      const cap = row ? campaignRosterCap(db, row.campaignId) : FOUNDED_ROSTER_CAP;
      cache.set(id, (t = { list: row ? loadTeamList(db, row.teamListId) : undefined, founded: row?.foundedAt != null, cap }));
    }
    return t;
  };
  return {
    list: (id) => team(id).list,
    pointsCap: (id) => rosterPointsLimit(pointsLimit, team(id).founded, team(id).cap),
    before: (id) => rosterBefore(db, id, start),
  };
}
