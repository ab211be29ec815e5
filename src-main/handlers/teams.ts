/**
 * teams.* handlers: build a roster with live validation (shared/rules/roster), save drafts legal or not, found a
 * legal team, and after founding record every recruit, dismissal, purchase and Req adjustment in the ledger through
 * src-main/ledger, each in one transaction with only the new entry folded into the roster cache and the projection.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import { purchaseCost, refilledSquad, reserveModels, rosterPointsLimit, squadReinforcements } from '../../shared/rules';
import type { RosterModel } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import { findCampaign, findCampaignRow } from '../repos/campaigns';
import { findPlayer, listPlayers } from '../repos/players';
import { findTeamList, loadTeamList } from '../repos/team-lists';
import * as repo from '../repos/teams';
import { campaignRosterCap, checkedRoster } from '../games/context';
import * as ledger from '../ledger';
import { NO_RECORD, readCampaignFigures } from '../ledger';
import { detail, load, summary } from '../teams/detail';
import { change, mustBeFounded, writeLedger } from '../teams/change';

type TeamHandlers = Pick<
  Handlers<HandlerContext>,
  | 'teams.list'
  | 'teams.get'
  | 'teams.create'
  | 'teams.rename'
  | 'teams.saveDraft'
  | 'teams.found'
  | 'teams.recruit'
  | 'teams.changeModel'
  | 'teams.dismiss'
  | 'teams.adjustRequisition'
>;

function assertNameFree(db: Db, campaignId: string, name: string, exceptId?: string) {
  const clash = repo.findTeamByName(db, campaignId, name);
  if (clash && clash.id !== exceptId) {
    const message = `This campaign already has a team called “${clash.name}”.`;
    throw new AppError('VALIDATION', message, [{ path: 'name', message }]);
  }
}

const sameGear = (a: RosterModel, b: RosterModel) =>
  JSON.stringify([a.entryId, a.squadSize ?? null, a.options, [...a.armoury].sort(), a.grenades]) ===
  JSON.stringify([b.entryId, b.squadSize ?? null, b.options, [...b.armoury].sort(), b.grenades]);

/** The ledger line of a priced change: a Squad reinforced (issue 30), its wargear changed, or both. */
function changeWords(before: RosterModel, after: RosterModel, cost: number): string {
  const added = squadReinforcements(before, after);
  const price = cost > 0 ? ` for ${cost} Req` : '';
  if (added === 0) return `Changed ${after.name}’s wargear${price}.`;
  const models = `${added} ${added === 1 ? 'model' : 'models'} (now ${after.squadSize})`;
  const gear = sameGear({ ...before, squadSize: after.squadSize }, after) ? '' : ' and changed its wargear';
  return `Reinforced ${after.name} with ${models}${gear}${price}.`;
}

export const teamHandlers: TeamHandlers = {
  'teams.list': ({ campaignId }, ctx) => {
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
  },

  'teams.get': ({ id }, ctx) => detail(ctx.db, id),

  'teams.create': ({ campaignId, playerId, teamListId, name }, ctx) => {
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
  },

  'teams.rename': ({ id, name }, ctx) =>
    change(ctx, id, (db, l) => {
      assertNameFree(db, l.row.campaignId, name, id);
      repo.updateTeam(db, id, { name, updatedAt: ctx.now().toISOString() });
    }),

  'teams.saveDraft': ({ id, roster }, ctx) =>
    change(ctx, id, (db, l) => {
      if (roster.reserve) throw new AppError('VALIDATION', 'Only a founded team parks models or gear in Tactical Reserves.');
      const ids = new Set<string>();
      for (const m of roster.models) {
        if (ids.has(m.id)) throw new AppError('INVALID_INPUT', 'Two models in the roster have the same id.');
        ids.add(m.id);
      }
      ledger.saveDraftRoster(db, l.row, roster, ctx.now().toISOString());
    }),

  'teams.found': ({ id }, ctx) =>
    change(ctx, id, (db, l) => {
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
    }),

  'teams.recruit': ({ id, model }, ctx) =>
    change(ctx, id, (db, l) => {
      mustBeFounded(l);
      const recruit: RosterModel = { ...model, id: ctx.newId() };
      const cost = purchaseCost(l.list, undefined, recruit);
      const entry = l.list.entries.find((e) => e.id === recruit.entryId);
      writeLedger(ctx, db, l, {
        kind: 'model.recruited',
        data: { kind: 'model.recruited', model: recruit },
        modelId: recruit.id,
        req: -cost,
        reason: `Recruited ${recruit.name || 'a model'} (${entry?.name ?? recruit.entryId}) for ${cost} Req.`,
      });
    }),

  'teams.changeModel': ({ id, model: sent }, ctx) =>
    change(ctx, id, (db, l) => {
      mustBeFounded(l);
      const current = l.roster.models.find((m) => m.id === sent.id);
      const parked = reserveModels(l.roster).find((m) => m.id === sent.id);
      if (parked) throw new AppError('VALIDATION', `${parked.name} is in Tactical Reserves: bring it back to the roster before changing it.`);
      if (!current) throw new AppError('NOT_FOUND', 'That model is not on the roster.');
      // A Squad made larger is refilled: its new members take the places of its dead (shared/rules refilledSquad).
      const model = refilledSquad(current, sent);
      if (model.entryId !== current.entryId) throw new AppError('VALIDATION', 'A model cannot change what it is; recruit a new one instead.');
      if (!model.name) throw new AppError('VALIDATION', 'A model on a founded team needs a name.');
      if (model.name !== current.name) {
        writeLedger(ctx, db, l, {
          kind: 'model.renamed',
          data: { kind: 'model.renamed', modelId: model.id, name: model.name },
          modelId: model.id,
          req: 0,
          reason: `Renamed ${current.name} to ${model.name}.`,
        });
      }
      if (!sameGear(current, model)) {
        const after = load(db, id);
        const cost = purchaseCost(l.list, current, model);
        writeLedger(ctx, db, after, {
          kind: 'model.wargear',
          data: { kind: 'model.wargear', model },
          modelId: model.id,
          req: -cost,
          reason: changeWords(current, model, cost),
        });
      }
    }),

  'teams.dismiss': ({ id, modelId, reason }, ctx) =>
    change(ctx, id, (db, l) => {
      mustBeFounded(l);
      // A model in Tactical Reserves may be dismissed too (docs/progression.md: "dismissed or parked in reserve").
      const model = [...l.roster.models, ...reserveModels(l.roster)].find((m) => m.id === modelId);
      if (!model) throw new AppError('NOT_FOUND', 'That model is not on the roster.');
      writeLedger(ctx, db, l, {
        kind: 'model.dismissed',
        data: { kind: 'model.dismissed', modelId, name: model.name },
        modelId,
        req: 0,
        reason: `Dismissed ${model.name}${reason ? `: ${reason}` : ''}.`,
      });
    }),

  'teams.adjustRequisition': ({ id, amount, reason }, ctx) =>
    change(ctx, id, (db, l) => {
      mustBeFounded(l);
      writeLedger(ctx, db, l, {
        kind: 'req.adjusted',
        data: { kind: 'req.adjusted' },
        modelId: null,
        req: amount,
        reason: `Requisition ${amount > 0 ? '+' : ''}${amount} by the organiser: ${reason}`,
      });
    }),
};
