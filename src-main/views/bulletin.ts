/**
 * The bulletin's data (issue 7, campaigns.bulletin): standings, the latest games, casualties and promotions, battle
 * reports and records. Ten years of games and ledger are never read whole for it (issue 29): the newest entries are
 * read backwards, the models' names come from the teams' stored directories, the games from their lines.
 */
import { AppError } from '../../shared/ipc/result';
import type { Bulletin } from '../../shared/ipc/schemas/print';
import { squadOfMember } from '../../shared/rules';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { campaignRuleset } from '../games/context';
import { lineSummary, teamNames } from '../games/detail';
import { campaignStandings } from './standings';
import { campaignModels, recordsOf } from './records';
import { notesBySubject } from '../repos/notes';
import { newestLiveEntries, type NewestEntry } from '../ledger';
import type { Db } from '../db/open';

/** The battle reports of the eight latest committed games that have one (issue 22). */
function battleReports(db: Db, campaignId: string, teamName: ReadonlyMap<string, string>) {
  const notes = notesBySubject(db, campaignId, 'game');
  if (notes.size === 0) return [];
  return gamesRepo
    .committedResults(db, campaignId)
    .filter((g) => notes.has(g.id))
    .sort((x, y) => y.number - x.number)
    .slice(0, 8)
    .map((g) => ({ gameNumber: g.number, title: `${teamName.get(g.teamA) ?? ''} vs ${teamName.get(g.teamB) ?? ''}`, text: notes.get(g.id)! }));
}

const isDeathOrRecovery = (data: unknown) => {
  const kind = (data as { result?: { kind?: string } }).result?.kind;
  return kind === 'dead' || kind === 'recovered';
};

export function bulletinOf(db: Db, id: string): Bulletin {
  const campaign = findCampaignRow(db, id);
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  const standings: Bulletin['standings'] = campaignStandings(db, id);
  const teamName = new Map(teamsRepo.listTeams(db, id).map((t) => [t.id, t.name]));
  const names = new Map(campaignModels(db, id).map((m) => [m.id, m.name]));
  // A Squad member (shared/rules/game/squads.ts) is named after its squad, as on the team page (issue 30).
  const modelName = (id: string) => {
    const member = squadOfMember(id);
    const name = names.get(member?.squadId ?? id);
    return name === undefined ? id : member ? `${name} (a squad member)` : name;
  };
  // A death once (its model.died entry), and the injuries that left a mark (not full recoveries, not the death roll).
  const casualties = newestLiveEntries(db, id, ['model.died', 'injury.rolled'], 20, (e) => e.kind === 'model.died' || !isDeathOrRecovery(e.data()));
  const promotions = newestLiveEntries(db, id, ['level.reached', 'advance.rolled', 'honour.bought'], 20);
  const number = gamesRepo.gameNumbersOf(
    db,
    [...casualties, ...promotions].flatMap((e) => (e.gameId === null ? [] : [e.gameId])),
  );
  const line = (r: NewestEntry) => ({
    gameNumber: r.gameId === null ? null : (number.get(r.gameId) ?? null),
    teamName: teamName.get(r.teamId) ?? '',
    modelName: r.modelId === null ? '' : modelName(r.modelId),
    text: r.reason,
  });
  const teams = new Map<string, ReturnType<typeof teamNames>>();
  const team = (teamId: string) => teams.get(teamId) ?? teams.set(teamId, teamNames(db, teamId)).get(teamId)!;
  return {
    campaignName: campaign.name,
    rulesetName: campaignRuleset(db, campaign).name,
    standings,
    latestGames: gamesRepo.listGameLines(db, id, { status: ['committed'] }, 8).map((g) => lineSummary(g, team)),
    casualties: casualties.map(line),
    promotions: promotions.map(line),
    battleReports: battleReports(db, id, teamName),
    records: recordsOf(db, id),
  };
}
