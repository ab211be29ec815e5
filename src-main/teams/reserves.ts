/**
 * Tactical Reserves on a founded team's page (docs/progression.md "Tactical Reserves", the 2018 Battle Honours preset:
 * "Models or gear can be dismissed or parked in reserve; reserves don't count toward Threat; parked gear can later go
 * to any eligible model without paying again; reserve models can't gain honours"). Each action is a ledger entry written
 * through src-main/ledger (teams/change.ts `writeLedger`), so bringing a model back or fitting gear is checked against the
 * roster's rules (its cap, who may take an item, once per model) and costs no Req.
 */
import type { ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { reserveModels, tacticalReservesOf, type RosterModel } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import { campaignRuleset } from '../games/context';
import { change, mustBeFounded, writeLedger } from './change';
import type { LoadedWithProjection } from './detail';

/**
 * The team is founded and its campaign's rules have Tactical Reserves. Only parking asks for the rule: what was parked
 * before the club turned it off can always come back.
 */
function mustHaveReserves(db: Db, l: LoadedWithProjection, parking: boolean) {
  mustBeFounded(l);
  if (!parking) return;
  const ruleset = campaignRuleset(db, l.campaign);
  if (!tacticalReservesOf(ruleset)) throw new AppError('VALIDATION', `The campaign's rules (${ruleset.name}) have no Tactical Reserves (House rules → About).`);
}

const itemName = (l: LoadedWithProjection, item: string) => l.list.armoury.find((a) => a.id === item)?.name ?? item;
const named = (m: RosterModel) => m.name || m.id;

export function reserveModel(ctx: HandlerContext, { id, modelId, inReserve }: ChannelParsedInput<'teams.reserve'>): TeamDetail {
  return change(ctx, id, (db, l) => {
    mustHaveReserves(db, l, inReserve);
    const active = l.roster.models.find((m) => m.id === modelId);
    const parked = reserveModels(l.roster).find((m) => m.id === modelId);
    if (!active && !parked) throw new AppError('NOT_FOUND', 'That model is not on the roster.');
    if (inReserve) {
      if (!active) throw new AppError('VALIDATION', `${named(parked!)} is in Tactical Reserves already.`);
      writeLedger(ctx, db, l, {
        kind: 'model.reserved',
        data: { kind: 'model.reserved', modelId, name: active.name },
        modelId,
        req: 0,
        reason: `Parked ${named(active)} in Tactical Reserves.`,
      });
    } else {
      if (!parked) throw new AppError('VALIDATION', `${named(active!)} is on the roster, not in Tactical Reserves.`);
      writeLedger(ctx, db, l, {
        kind: 'model.returned',
        data: { kind: 'model.returned', modelId, name: parked.name },
        modelId,
        req: 0,
        reason: `Brought ${named(parked)} back from Tactical Reserves.`,
      });
    }
  });
}

export function parkGear(ctx: HandlerContext, { id, modelId, item }: ChannelParsedInput<'teams.parkGear'>): TeamDetail {
  return change(ctx, id, (db, l) => {
    mustHaveReserves(db, l, true);
    const model = [...l.roster.models, ...reserveModels(l.roster)].find((m) => m.id === modelId);
    if (!model) throw new AppError('NOT_FOUND', 'That model is not on the roster.');
    if (!model.armoury.includes(item)) throw new AppError('VALIDATION', `${named(model)} does not carry ${itemName(l, item)}.`);
    writeLedger(ctx, db, l, {
      kind: 'gear.parked',
      data: { kind: 'gear.parked', modelId, item },
      modelId,
      req: 0,
      reason: `Parked ${named(model)}’s ${itemName(l, item)} in Tactical Reserves.`,
    });
  });
}

export function fitGear(ctx: HandlerContext, { id, modelId, item }: ChannelParsedInput<'teams.fitGear'>): TeamDetail {
  return change(ctx, id, (db, l) => {
    mustHaveReserves(db, l, false);
    if (!(l.roster.reserve?.gear ?? []).includes(item)) throw new AppError('VALIDATION', `No ${itemName(l, item)} is parked in Tactical Reserves.`);
    const parked = reserveModels(l.roster).find((m) => m.id === modelId);
    if (parked) throw new AppError('VALIDATION', `${named(parked)} is in Tactical Reserves: bring it back to the roster before fitting gear to it.`);
    const model = l.roster.models.find((m) => m.id === modelId);
    if (!model) throw new AppError('NOT_FOUND', 'That model is not on the roster.');
    // Paid for once already: no Req; the roster's rules (who may take it, once per model) are checked by writeLedger.
    writeLedger(ctx, db, l, {
      kind: 'gear.fitted',
      data: { kind: 'gear.fitted', modelId, item },
      modelId,
      req: 0,
      reason: `Fitted ${itemName(l, item)} from Tactical Reserves to ${named(model)}, without paying again.`,
    });
  });
}
