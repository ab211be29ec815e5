/**
 * Deleting a campaign or a team made by mistake (issue 20). A campaign goes with everything of it (players, teams,
 * ledger, games and their rolls, notes, pinned rulesets); the library's team lists stay. The caller takes a verified
 * backup first, so a deleted campaign comes back from the Backups screen (restore-one.ts puts back just it).
 */
import { eq, inArray } from 'drizzle-orm';
import { AppError } from '../shared/ipc/result';
import type { Db } from './db/open';
import { campaignRulesets, campaigns, gameRolls, games, notes, players, teamListChanges, teams } from './db/schema';
import { removeTeamsLedgers } from './ledger';

/** Remove every row of `campaignId`, in the caller's transaction (children before parents: the keys restrict). */
export function deleteCampaignRows(db: Db, campaignId: string) {
  const teamIds = db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.campaignId, campaignId))
    .all()
    .map((t) => t.id);
  const gameIds = db
    .select({ id: games.id })
    .from(games)
    .where(eq(games.campaignId, campaignId))
    .all()
    .map((g) => g.id);
  if (gameIds.length > 0) db.delete(gameRolls).where(inArray(gameRolls.gameId, gameIds)).run();
  db.delete(notes).where(eq(notes.campaignId, campaignId)).run();
  removeTeamsLedgers(db, teamIds);
  db.delete(games).where(eq(games.campaignId, campaignId)).run();
  if (teamIds.length > 0) db.delete(teamListChanges).where(inArray(teamListChanges.teamId, teamIds)).run();
  db.delete(teams).where(eq(teams.campaignId, campaignId)).run();
  db.delete(players).where(eq(players.campaignId, campaignId)).run();
  db.delete(campaignRulesets).where(eq(campaignRulesets.campaignId, campaignId)).run();
  db.delete(campaigns).where(eq(campaigns.id, campaignId)).run();
}

/** What deleting a campaign removes, in words for the confirmation ("2 players, 3 teams and 5 games"). */
export function campaignContents(db: Db, campaignId: string): { name: string; players: number; teams: number; games: number } {
  const campaign = db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get();
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  const count = (rows: unknown[]) => rows.length;
  return {
    name: campaign.name,
    players: count(db.select({ id: players.id }).from(players).where(eq(players.campaignId, campaignId)).all()),
    teams: count(db.select({ id: teams.id }).from(teams).where(eq(teams.campaignId, campaignId)).all()),
    games: count(db.select({ id: games.id }).from(games).where(eq(games.campaignId, campaignId)).all()),
  };
}

/** Delete a team that was never founded (a mistake): it has no ledger and has played no game. */
export function deleteUnfoundedTeam(db: Db, teamId: string): { name: string; campaignId: string } {
  const team = db.select().from(teams).where(eq(teams.id, teamId)).get();
  if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  if (team.foundedAt)
    throw new AppError('VALIDATION', `${team.name} is founded: its history stays in the campaign. Dismiss its models instead, or delete the whole campaign.`);
  db.delete(teamListChanges).where(eq(teamListChanges.teamId, teamId)).run();
  db.delete(teams).where(eq(teams.id, teamId)).run();
  return { name: team.name, campaignId: team.campaignId };
}
