/**
 * Changes to a founded team's roster outside games (teams.recruit, changeModel, dismiss, adjustRequisition): each a
 * ledger entry written through src-main/ledger (teams/change.ts writeLedger), in one transaction, with only the new
 * entry folded into the roster cache and the projection.
 */
import type { ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { purchaseCost, refilledSquad, reserveModels, squadReinforcements } from '../../shared/rules';
import type { RosterModel } from '../../shared/rules';
import type { HandlerContext } from '../context';
import { load } from './detail';
import { change, mustBeFounded, writeLedger } from './change';

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

export function recruitModel(ctx: HandlerContext, { id, model }: ChannelParsedInput<'teams.recruit'>): TeamDetail {
  return change(ctx, id, (db, l) => {
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
  });
}

export function changeModel(ctx: HandlerContext, { id, model: sent }: ChannelParsedInput<'teams.changeModel'>): TeamDetail {
  return change(ctx, id, (db, l) => {
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
  });
}

export function dismissModel(ctx: HandlerContext, { id, modelId, reason }: ChannelParsedInput<'teams.dismiss'>): TeamDetail {
  return change(ctx, id, (db, l) => {
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
  });
}

export function adjustRequisition(ctx: HandlerContext, { id, amount, reason }: ChannelParsedInput<'teams.adjustRequisition'>): TeamDetail {
  return change(ctx, id, (db, l) => {
    mustBeFounded(l);
    writeLedger(ctx, db, l, {
      kind: 'req.adjusted',
      data: { kind: 'req.adjusted' },
      modelId: null,
      req: amount,
      reason: `Requisition ${amount > 0 ? '+' : ''}${amount} by the organiser: ${reason}`,
    });
  });
}
