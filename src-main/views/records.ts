/** The campaign's models and records (issue 22), read from the teams' stored folds, for the campaign page and prints. */
import type { CampaignRecordView } from '../../shared/ipc/schemas/narrative';
import { campaignRecords } from '../../shared/rules';
import { memoByState } from '../db/state-memo';
import type { Db } from '../db/open';
import { readCampaignStates } from '../ledger';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';

/** Every model the campaign's founded teams ever had (their projections' directories), with its team. */
export function campaignModels(db: Db, campaignId: string): { id: string; teamId: string; name: string }[] {
  return modelsOf(readCampaignStates(db, campaignId));
}

function modelsOf(states: ReturnType<typeof readCampaignStates>): { id: string; teamId: string; name: string }[] {
  const out: { id: string; teamId: string; name: string }[] = [];
  for (const [teamId, s] of states) for (const [id, m] of Object.entries(s.state.directory)) out.push({ id, teamId, name: m.name || m.entryId });
  return out;
}

/**
 * The records, kept like the standings (issue 29): each model's games and kills as its team's stored fold counts them
 * (every commit, void and amendment keeps them), and the committed games' results — never the games' reports.
 */
export function recordsOf(db: Db, campaignId: string): CampaignRecordView[] {
  // The campaign page and the bulletin both ask for them: kept until the file changes.
  return memoByState(db, `records:${campaignId}`, () => recordsNow(db, campaignId));
}

function recordsNow(db: Db, campaignId: string): CampaignRecordView[] {
  const states = readCampaignStates(db, campaignId);
  const stats = [...states.values()].flatMap((s) => Object.entries(s.state.stats).map(([id, c]) => ({ id, games: c.games, kills: c.kills })));
  const teams = teamsRepo.listTeams(db, campaignId).map((t) => ({ id: t.id, name: t.name }));
  return campaignRecords({ teams, models: modelsOf(states), stats, results: gamesRepo.committedResults(db, campaignId) });
}
