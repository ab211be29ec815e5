/**
 * The judge at the doors that take a history from outside (issue 27): import as new, as a copy, the hand-over update
 * and the restore of one campaign. The campaign just written (in the caller's transaction) is replayed whole
 * (replay.ts); then each team's replayed Req and roster must be what was stored — its projection and roster, built
 * by the ledger module from the same entries. `refuse` says why in words and must throw (the transaction rolls back).
 */
import { canonical } from '../campaign-file/canonical';
import type { Db } from '../db/open';
import { readCampaignFigures } from '../ledger';
import * as teamsRepo from '../repos/teams';
import { replayCampaign } from './replay';

export function judgeHistory(db: Db, campaignId: string, refuse: (problem: string) => never): void {
  const replay = replayCampaign(db, campaignId);
  if (!replay.ok) refuse(replay.problem);
  const figures = readCampaignFigures(db, campaignId);
  for (const row of teamsRepo.listTeams(db, campaignId)) {
    const replayed = replay.teams.get(row.id)!;
    if ((figures.get(row.id)?.req ?? 0) !== replayed.req) refuse(`${row.name}’s Req is not what its history gives.`);
    if (replayed.roster && canonical(teamsRepo.storedRoster(row)) !== canonical(replayed.roster)) refuse(`${row.name}’s roster is not what its history gives.`);
  }
}
