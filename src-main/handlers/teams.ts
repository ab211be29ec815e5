/**
 * teams.* handlers: build a roster with live validation (shared/rules/roster), save drafts legal or not, found a
 * legal team, and after founding record every recruit, dismissal, purchase and Req adjustment in the ledger through
 * src-main/ledger, each in one transaction with only the new entry folded into the roster cache and the projection.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { TeamDetail, TeamSummary } from '../../shared/ipc/schemas/teams';
import {
  purchaseCost,
  refilledSquad,
  reserveModels,
  rosterPointsLimit,
  squadOfMember,
  squadReinforcements,
  tacticalReservesOf,
  threat,
  type LedgerData,
} from '../../shared/rules';
import type { Roster, RosterModel } from '../../shared/rules';
import type { TeamList } from '../../shared/rules';
import { validateRoster, type RosterReport } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import type { CampaignRow, TeamRow } from '../db/schema';
import { findCampaign, findCampaignRow } from '../repos/campaigns';
import { findPlayer, listPlayers } from '../repos/players';
import { findTeamList, loadTeamList } from '../repos/team-lists';
import * as repo from '../repos/teams';
import * as gamesRepo from '../repos/games';
import { campaignRosterCap, campaignRuleset, checkedRoster } from '../games/context';
import * as ledger from '../ledger';
import { latestTeamLedger, NO_RECORD, readCampaignFigures, readTeamState, teamLedgerOfKind, type StoredTeamState, type TeamRecord } from '../ledger';
import { progressWords } from '../games/stats';
import { honourEffectsOf, honourNamer } from '../views/honours';

/** How many of its latest ledger lines a team's page shows (a ten-year team has thousands; issue 9). */
const TEAM_LEDGER_LINES = 50;

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

interface Loaded {
  row: TeamRow;
  campaign: CampaignRow;
  list: TeamList;
  roster: Roster;
  limit: number;
  report: RosterReport;
  req: number;
  honourPoints: number;
  record: TeamRecord;
}

export interface LoadedWithProjection extends Loaded {
  /** The stored projection of the team's ledger (undefined before founding). */
  projection: StoredTeamState | undefined;
}

function load(db: Db, id: string): LoadedWithProjection {
  const row = repo.findTeam(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  const campaign = findCampaignRow(db, row.campaignId)!;
  const list = loadTeamList(db, row.teamListId)!;
  const roster = repo.storedRoster(row);
  const limit = rosterPointsLimit(campaign.pointsLimit, !!row.foundedAt, campaignRosterCap(db, campaign.id));
  const projection = readTeamState(db, id);
  return {
    row,
    campaign,
    list,
    roster,
    limit,
    report: checkedRoster(list, roster, limit),
    req: projection?.req ?? 0,
    honourPoints: projection?.honourPoints ?? 0,
    record: projection?.record ?? NO_RECORD,
    projection,
  };
}

function summary(db: Db, l: Loaded, playerName?: string): TeamSummary {
  const record = l.record;
  return {
    id: l.row.id,
    campaignId: l.row.campaignId,
    campaignName: l.campaign.name,
    name: l.row.name,
    playerId: l.row.playerId,
    playerName: playerName ?? findPlayer(db, l.row.playerId)?.name ?? '',
    teamListId: l.row.teamListId,
    listName: l.list.name,
    faction: l.list.faction,
    founded: !!l.row.foundedAt,
    points: l.report.points,
    pointsText: l.report.pointsText,
    legal: l.report.legal,
    issues: l.report.issues.length,
    models: l.roster.models.length,
    requisition: l.req,
    threat: threat(l.report.points + l.honourPoints),
    record: { games: record.games, wins: record.wins, draws: record.draws, losses: record.losses },
  };
}

/**
 * A team's page: roster, every model's derived state and statistics from the stored projection (issue 9: a few rows,
 * never the campaign's ledger), its fallen, and its latest ledger lines.
 */
function detail(db: Db, id: string): TeamDetail {
  const l = load(db, id);
  const ruleset = campaignRuleset(db, l.campaign);
  const honourName = honourNamer({ ruleset });
  const state = l.projection?.state;
  const progress: TeamDetail['progress'] = {};
  for (const m of [...l.roster.models, ...reserveModels(l.roster)]) {
    const s = state?.stats[m.id];
    progress[m.id] = { ...progressWords(state?.progression.models[m.id], honourName, ruleset.progression.honours), games: s?.games ?? 0, kills: s?.kills ?? 0 };
    if (m.squadSize !== undefined) {
      // A squad member's injury is rolled on its member id (shared/rules/game/squads.ts); a dead member's is gone with it.
      const members = Object.values(state?.progression.models ?? {})
        .filter((p) => squadOfMember(p.model)?.squadId === m.id && !p.dead && (p.permanentInjuries.length > 0 || p.mauled !== null))
        .map((p) => ({ member: `Member #${squadOfMember(p.model)!.member}`, injuries: p.permanentInjuries.map((i) => i.text), mauled: p.mauled?.text ?? null }))
        .sort((x, y) => x.member.localeCompare(y.member, undefined, { numeric: true }));
      if (members.length > 0) progress[m.id]!.members = members;
    }
  }
  const fallen: TeamDetail['fallen'] = [];
  const died = teamLedgerOfKind(db, id, 'model.died');
  const gameNumber = gamesRepo.gameNumbersOf(
    db,
    died.flatMap((r) => (r.gameId === null ? [] : [r.gameId])),
  );
  for (const row of died) {
    if (row.voidedAt !== null || row.modelId === null) continue;
    // A Squad member (shared/rules/game/squads.ts) is named after its squad.
    const member = squadOfMember(row.modelId);
    const named = state?.directory[member?.squadId ?? row.modelId];
    const entryName = l.list.entries.find((e) => e.id === named?.entryId)?.name ?? '';
    const name = named?.name || entryName || row.modelId;
    fallen.push({
      modelId: row.modelId,
      name: member ? `${name} (a squad member)` : name,
      entryName,
      exp: state?.progression.models[row.modelId]?.exp ?? 0,
      gameNumber: row.gameId === null ? null : (gameNumber.get(row.gameId) ?? null),
      text: row.reason,
    });
  }
  const { rows: latest, total } = latestTeamLedger(db, id, TEAM_LEDGER_LINES);
  const teamHonours = (state?.progression.teams[id]?.teamHonours ?? []).map((h) => honourName(h.honour));
  return {
    tacticalReserves: tacticalReservesOf(ruleset),
    progress,
    fallen,
    teamHonours,
    honourEffects: honourEffectsOf(ruleset, [...teamHonours, ...Object.values(progress).flatMap((p) => p.honours)]),
    team: summary(db, l),
    pointsLimit: l.limit,
    list: l.list,
    roster: l.roster,
    report: l.report,
    ledgerTotal: total,
    ledger: latest.map((e) => ({
      id: e.id,
      kind: e.kind,
      modelId: e.modelId,
      req: e.req,
      reason: e.reason,
      createdAt: e.createdAt,
      voided: e.voidedAt !== null,
    })),
  };
}

function assertNameFree(db: Db, campaignId: string, name: string, exceptId?: string) {
  const clash = repo.findTeamByName(db, campaignId, name);
  if (clash && clash.id !== exceptId) {
    const message = `This campaign already has a team called “${clash.name}”.`;
    throw new AppError('VALIDATION', message, [{ path: 'name', message }]);
  }
}

/** Run a change in one transaction, then tell every window. */
export function change(ctx: HandlerContext, id: string, fn: (db: Db, l: LoadedWithProjection) => void): TeamDetail {
  const out = ctx.db.transaction((tx) => {
    fn(tx, load(tx, id));
    return detail(tx, id);
  });
  ctx.emit('teams.changed', { campaignId: out.team.campaignId, id });
  return out;
}

export function mustBeFounded(l: LoadedWithProjection) {
  if (!l.row.foundedAt) throw new AppError('VALIDATION', `${l.row.name} is not founded yet: edit its roster freely until you found it.`);
}

/**
 * A ledger entry for a founded team, through the ledger module (which folds only the new entry into the roster
 * cache and the projection, and refuses what the team cannot pay): the change must also not break a rule the roster
 * kept before (it may fix some).
 */
export function writeLedger(
  ctx: HandlerContext,
  db: Db,
  l: LoadedWithProjection,
  entry: { kind: LedgerData['kind']; data: LedgerData; modelId: string | null; req: number; reason: string },
) {
  const before = new Set(l.report.issues.map((i) => i.message));
  ledger.append(db, {
    campaignId: l.row.campaignId,
    at: ctx.now().toISOString(),
    gameId: null,
    entries: [{ id: ctx.newId(), teamId: l.row.id, ...entry }],
    teams: [l],
    checkRoster: (_team, roster) => {
      const added = validateRoster(l.list, roster, l.limit).issues.filter((i) => !before.has(i.message));
      if (added.length > 0) throw new AppError('VALIDATION', `Not allowed: ${added.map((i) => i.message).join(' ')} Nothing was changed.`);
    },
  });
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
