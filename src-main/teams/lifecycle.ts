/**
 * A team's life before and at its founding (teams.list, create, rename, saveDraft, found): a roster built with live
 * validation (shared/rules/roster), drafts saved legal or not, a legal team founded through src-main/ledger.
 */
import type { ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { TeamDetail, TeamSummary } from '../../shared/ipc/schemas/teams';
import { rosterPointsLimit } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import { findCampaign, findCampaignRow } from '../repos/campaigns';
import { findPlayer, listPlayers } from '../repos/players';
import { findTeamList, loadTeamList } from '../repos/team-lists';
import * as repo from '../repos/teams';
import { campaignRosterCap, checkedRoster } from '../games/context';
import * as ledger from '../ledger';
import { NO_RECORD, readCampaignFigures } from '../ledger';
import { detail, summary } from './detail';
import { change } from './change';

function assertNameFree(db: Db, campaignId: string, name: string, exceptId?: string) {
  const clash = repo.findTeamByName(db, campaignId, name);
  if (clash && clash.id !== exceptId) {
    const message = `This campaign already has a team called “${clash.name}”.`;
    throw new AppError('VALIDATION', message, [{ path: 'name', message }]);
  }
}

export function teamSummaries(ctx: HandlerContext, { campaignId }: ChannelParsedInput<'teams.list'>): TeamSummary[] {
  // A handful of queries for every team (issue 9): Req, honours and records from the projections' figures.
  const campaign = findCampaignRow(ctx.db, campaignId);
  if (!campaign) return [];
  const playerNames = new Map(listPlayers(ctx.db, campaignId).map((p) => [p.id, p.name]));
  const figures = readCampaignFigures(ctx.db, campaignId);
  const cap = campaignRosterCap(ctx.db, campaignId);
  return repo.listTeams(ctx.db, campaignId).map((row) => {
    const list = loadTeamList(ctx.db, row.teamListId)!;
    const roster = repo.storedRoster(row);
    const limit = rosterPointsLimit(campaign.pointsLimit, !!row.foundedAt, cap);
    const f = figures.get(row.id);
    const loaded = {
      row,
      campaign,
      list,
      roster,
      limit,
      report: checkedRoster(list, roster, limit),
      req: f?.req ?? 0,
      honourPoints: f?.honourPoints ?? 0,
      record: f?.record ?? NO_RECORD,
    };
    return summary(ctx.db, loaded, playerNames.get(row.playerId));
  });
}

export function createTeam(ctx: HandlerContext, { campaignId, playerId, teamListId, name }: ChannelParsedInput<'teams.create'>): TeamDetail {
  const out = ctx.db.transaction((tx) => {
    if (!findCampaign(tx, campaignId)) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
    const player = findPlayer(tx, playerId);
    if (!player || player.campaignId !== campaignId) throw new AppError('NOT_FOUND', 'That player is not in this campaign.');
    if (player.retiredAt) throw new AppError('VALIDATION', `${player.name} is retired: bring them back before giving them a team.`);
    if (!findTeamList(tx, teamListId)) throw new AppError('NOT_FOUND', 'That team list is not in the library.');
    assertNameFree(tx, campaignId, name);
    const at = ctx.now().toISOString();
    const id = ctx.newId();
    repo.insertTeam(tx, { id, campaignId, playerId, teamListId, name, foundedAt: null, createdAt: at, updatedAt: at });
    return detail(tx, id);
  });
  ctx.emit('teams.changed', { campaignId, id: out.team.id });
  return out;
}

export function renameTeam(ctx: HandlerContext, { id, name }: ChannelParsedInput<'teams.rename'>): TeamDetail {
  return change(ctx, id, (db, l) => {
    assertNameFree(db, l.row.campaignId, name, id);
    repo.updateTeam(db, id, { name, updatedAt: ctx.now().toISOString() });
  });
}

export function saveDraft(ctx: HandlerContext, { id, roster }: ChannelParsedInput<'teams.saveDraft'>): TeamDetail {
  return change(ctx, id, (db, l) => {
    if (roster.reserve) throw new AppError('VALIDATION', 'Only a founded team parks models or gear in Tactical Reserves.');
    const ids = new Set<string>();
    for (const m of roster.models) {
      if (ids.has(m.id)) throw new AppError('INVALID_INPUT', 'Two models in the roster have the same id.');
      ids.add(m.id);
    }
    ledger.saveDraftRoster(db, l.row, roster, ctx.now().toISOString());
  });
}

export function foundTeam(ctx: HandlerContext, { id }: ChannelParsedInput<'teams.found'>): TeamDetail {
  return change(ctx, id, (db, l) => {
    if (l.row.foundedAt) throw new AppError('VALIDATION', `${l.row.name} is already founded.`);
    if (!l.report.legal) {
      throw new AppError('VALIDATION', `${l.row.name} cannot be founded yet: ${l.report.issues.map((i) => i.message).join(' ')}`);
    }
    const at = ctx.now().toISOString();
    const reason = `Founded with ${l.roster.models.length} models (${l.report.points} pts).`;
    ledger.append(db, {
      campaignId: l.row.campaignId,
      at,
      gameId: null,
      entries: [{ id: ctx.newId(), teamId: id, modelId: null, kind: 'team.founded', req: 0, data: { kind: 'team.founded', roster: l.roster }, reason }],
      teams: [l],
    });
    repo.updateTeam(db, id, { foundedAt: at, updatedAt: at });
  });
}
