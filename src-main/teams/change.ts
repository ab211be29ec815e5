/**
 * Changes to a founded team outside games: one transaction each, every window told, and every Req or roster change a
 * ledger entry written through src-main/ledger (teams.* and the Tactical Reserves channels).
 */
import { AppError } from '../../shared/ipc/result';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { validateRoster, type LedgerData } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import * as ledger from '../ledger';
import { detail, load, type LoadedWithProjection } from './detail';

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
