/**
 * The judge at the doors that take a history from outside (issue 27): import as new, as a copy, the hand-over update
 * and the restore of one campaign. The campaign just written (in the caller's transaction) is replayed whole
 * (replay.ts); then each team's replayed Req and roster must be what was stored — its projection and roster, built
 * by the ledger module from the same entries. `refuse` says why in words and must throw (the transaction rolls back).
 */
import type { Roster } from '../../shared/rules';
import { canonical } from '../campaign-file/canonical';
import type { Db } from '../db/open';
import { readCampaignFigures } from '../ledger';
import * as teamsRepo from '../repos/teams';
import { replayCampaign, type JudgedTeller, type Replay, type Written } from './replay';

/**
 * A roster as the judge compares it: its models in id order. The ledger module folds in the order entries were
 * written, the replay in the order things happened (an amended game's recruit at its game's place): the same models
 * may stand in another order.
 */
const rosterText = (roster: Roster) => canonical({ ...roster, models: [...roster.models].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)) });

export function judgeHistory(db: Db, campaignId: string, refuse: (problem: string) => never): void {
  compareWithStored(db, campaignId, replayOrRefuse(db, campaignId, refuse), refuse);
}

/**
 * The replay alone, before the ledger module's own checks (an import runs it first: a game's missing entry is then
 * named with its game, not as a team that "would owe Req").
 */
export function replayOrRefuse(
  db: Db,
  campaignId: string,
  refuse: (problem: string) => never,
  written?: Written,
  tell?: JudgedTeller,
): Extract<Replay, { ok: true }> {
  const replay = replayCampaign(db, campaignId, written, tell);
  if (!replay.ok) return refuse(replay.problem);
  return replay;
}

/** Each team's replayed Req and roster must be what the ledger module stored. */
export function compareWithStored(db: Db, campaignId: string, replay: Extract<Replay, { ok: true }>, refuse: (problem: string) => never): void {
  const figures = readCampaignFigures(db, campaignId);
  for (const row of teamsRepo.listTeams(db, campaignId)) {
    const replayed = replay.teams.get(row.id)!;
    if ((figures.get(row.id)?.req ?? 0) !== replayed.req) refuse(`${row.name}’s Req is not what its history gives.`);
    if (replayed.roster && rosterText(teamsRepo.storedRoster(row)) !== rosterText(replayed.roster))
      refuse(`${row.name}’s roster is not what its history gives.`);
  }
}
