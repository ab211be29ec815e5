/**
 * Undoing an organiser action from a team's ledger (issue 20): a recruit, a dismissal, wargear, a rename or a Req
 * adjustment. Nothing is deleted or voided: a compensating entry is appended through the ledger module (which refuses
 * what the team cannot pay), and the undo is refused, with the reason, when a later entry depends on the action — an
 * entry about the same model since (a game it played, gear bought for it, another rename), or the Req already spent.
 */
import { AppError } from '../shared/ipc/result';
import { RESERVE_KINDS, rosterPointsLimit, validateRoster, type LedgerData, type RosterModel } from '../shared/rules';
import { campaignRosterCap } from './games/context';
import type { Db } from './db/open';
import { rosterBefore } from './games/void-rosters';
import * as ledger from './ledger';
import { findCampaignRow } from './repos/campaigns';
import { loadTeamList } from './repos/team-lists';
import { findTeam, storedRoster } from './repos/teams';

const UNDOABLE = new Set(['model.recruited', 'model.dismissed', 'model.wargear', 'model.renamed', 'req.adjusted', ...RESERVE_KINDS]);
/** Tactical Reserves (docs/progression.md): each action is undone by its opposite. */
const OPPOSITE = {
  'model.reserved': 'model.returned',
  'model.returned': 'model.reserved',
  'gear.parked': 'gear.fitted',
  'gear.fitted': 'gear.parked',
} as const;
export const undoReason = (reason: string) => `Undone: ${reason.replace(/\.$/, '')}.`;

/** Append the entry that undoes `entryId` of team `teamId`, in the caller's transaction. */
export function undoAction(db: Db, teamId: string, entryId: string, newId: () => string, at: string): string {
  const team = findTeam(db, teamId);
  if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  const row = ledger.teamEntry(db, teamId, entryId);
  if (!row) throw new AppError('NOT_FOUND', 'That entry is not in this team’s ledger.');
  if (row.voidedAt !== null) throw new AppError('VALIDATION', 'That entry was voided already: there is nothing to undo.');
  if (row.gameId !== null || !UNDOABLE.has(row.kind)) {
    throw new AppError(
      'VALIDATION',
      'Only an organiser’s action can be undone here (a recruit, dismissal, wargear, rename, Req adjustment or Tactical Reserves move); a game is voided from its page.',
    );
  }
  const later = ledger.teamRowsAfter(db, teamId, row.seq).filter((r) => r.voidedAt === null);
  if (later.some((r) => r.gameId === null && r.reason === undoReason(row.reason))) throw new AppError('VALIDATION', `“${row.reason}” was undone already.`);
  const data = ledger.parseLedgerData(row) as LedgerData;
  // Later entries about the same model lean on it (for a rename, only a later rename does).
  const leaning = later.filter((r) => row.modelId !== null && r.modelId === row.modelId && (data.kind !== 'model.renamed' || r.kind === 'model.renamed'));
  if (leaning.length > 0) {
    const more = leaning.length > 1 ? ` (and ${leaning.length - 1} more)` : '';
    throw new AppError('VALIDATION', `“${row.reason}” cannot be undone: a later entry depends on it — ${leaning[0]!.reason}${more}. Void or undo that first.`);
  }

  const roster = storedRoster(team);
  const before = rosterBefore(db, teamId, row.seq);
  const modelBefore = (id: string): RosterModel | undefined => before?.models.find((m) => m.id === id);
  let entry: { kind: LedgerData['kind']; data: LedgerData; modelId: string | null; req: number };
  switch (data.kind) {
    case 'req.adjusted':
      entry = { kind: 'req.adjusted', data: { kind: 'req.adjusted' }, modelId: null, req: -row.req };
      break;
    case 'model.renamed': {
      const name = modelBefore(data.modelId)?.name;
      if (!name) throw new AppError('VALIDATION', 'The name before this rename is not known: rename the model by hand.');
      entry = { kind: 'model.renamed', data: { kind: 'model.renamed', modelId: data.modelId, name }, modelId: data.modelId, req: 0 };
      break;
    }
    case 'model.recruited':
      // Taken back with its Req refunded: the recruit was a mistake, not a model that left.
      entry = {
        kind: 'model.dismissed',
        data: { kind: 'model.dismissed', modelId: data.model.id, name: data.model.name },
        modelId: data.model.id,
        req: -row.req,
      };
      break;
    case 'model.wargear': {
      const was = modelBefore(data.model.id);
      if (!was) throw new AppError('VALIDATION', 'The model’s gear before this change is not known.');
      entry = { kind: 'model.wargear', data: { kind: 'model.wargear', model: was }, modelId: was.id, req: -row.req };
      break;
    }
    case 'model.dismissed': {
      const was = modelBefore(data.modelId);
      if (!was) throw new AppError('VALIDATION', 'The model as it was before its dismissal is not known.');
      entry = { kind: 'model.recruited', data: { kind: 'model.recruited', model: was }, modelId: was.id, req: 0 };
      break;
    }
    case 'model.reserved':
    case 'model.returned':
      entry = { kind: OPPOSITE[data.kind], data: { ...data, kind: OPPOSITE[data.kind] }, modelId: data.modelId, req: 0 };
      break;
    case 'gear.parked':
    case 'gear.fitted':
      entry = { kind: OPPOSITE[data.kind], data: { ...data, kind: OPPOSITE[data.kind] }, modelId: data.modelId, req: 0 };
      break;
    default:
      throw new AppError('VALIDATION', 'That entry cannot be undone.');
  }

  const campaign = findCampaignRow(db, team.campaignId)!;
  const list = loadTeamList(db, team.teamListId)!;
  const limit = rosterPointsLimit(campaign.pointsLimit, true, campaignRosterCap(db, campaign.id));
  const issuesBefore = new Set(validateRoster(list, roster, limit).issues.map((i) => i.message));
  ledger.append(db, {
    campaignId: team.campaignId,
    at,
    gameId: null,
    entries: [{ id: newId(), teamId, ...entry, reason: undoReason(row.reason) }],
    teams: [ledger.teamBefore(db, { id: team.id, campaignId: team.campaignId, name: team.name }, roster)],
    checkRoster: (_t, after) => {
      const added = validateRoster(list, after, limit).issues.filter((i) => !issuesBefore.has(i.message));
      // Said as what the roster would become, so that the rule's "this team has 1" reads as after the undo.
      if (added.length > 0)
        throw new AppError(
          'VALIDATION',
          `“${row.reason}” cannot be undone: the roster would then break ${added.length === 1 ? 'a rule' : 'these rules'} — ${added.map((i) => i.message).join(' ')}`,
        );
    },
  });
  return undoReason(row.reason);
}
