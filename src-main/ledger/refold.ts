/**
 * An amendment's refold (issue 29): its two teams' projections and roster caches are refolded from their whole
 * ledgers, as a rebuild does them, but their records and statistics change by exactly the amended game — its result
 * as it was taken out, as it is now counted in — instead of every game the two teams ever played being read and
 * inflated again (most of an amendment's time at 5,000 games, growing with the history). What is stored still equals
 * a rebuild (docs/architecture.md property 5): the amendment tests compare the two.
 */
import { eq, sql } from 'drizzle-orm';
import { countCommitted, type GameResult } from '../../shared/rules';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { teams, type LedgerRow } from '../db/schema';
import { readTeamState } from './read';
import { buildTeams, rebuild } from './rebuild';
import { writeProjection, writeRoster } from './store';

/** One committed game's result as it was and as it is after an amendment (its report, score and teams). */
export interface ResultChange {
  before: GameResult;
  after: GameResult;
}

/** Refold teams from their whole ledgers (already read, in seq order), their records and statistics changed by one game. */
export function refoldAmended(db: Db, ledgers: ReadonlyMap<string, readonly LedgerRow[]>, change: ResultChange, at: string): void {
  const ids = [...ledgers.keys()];
  // One statement prepared once per connection (drizzle prepares an unprepared query anew on every call).
  const rows = ids.flatMap((id) => {
    const row = prepared(db, 'teams.forRefold', (d) =>
      d
        .select({ id: teams.id, campaignId: teams.campaignId, roster: teams.roster })
        .from(teams)
        .where(eq(teams.id, sql.placeholder('id')))
        .prepare(),
    ).get({ id });
    return row ? [row] : [];
  });
  const built = buildTeams(db, ids, { ledgers, countGames: false });
  for (const team of rows) {
    const stored = readTeamState(db, team.id);
    // No stored projection to count from (a team never folded): the whole rebuild, games and all.
    if (!stored) {
      rebuild(db, { teams: [team.id] }, at);
      continue;
    }
    const { fold, roster } = built.get(team.id)!;
    const counted = { ...fold, record: stored.record, state: { ...fold.state, stats: stored.state.stats } };
    const taken = countCommitted(counted, change.before, team.id, -1);
    writeProjection(db, team.id, team.campaignId, countCommitted(taken, change.after, team.id, 1), null);
    if (roster && JSON.stringify(team.roster) !== JSON.stringify(roster)) writeRoster(db, team.id, roster, at);
  }
}
