/**
 * A game's draft as the screens see it (issue 21). A draft game's is the one stored. A committed
 * or voided game keeps no draft (migration 0010 and games.commit clear it): what was entered lives on in its report,
 * its rolls and its ledger entries, and this stand-in is built from them — the stored report, no further awards, and the
 * recruits bought with the game (its model.recruited entries), which the committed game's page lists.
 */
import type { GameDraft, Side } from '../../shared/ipc/schemas/games';
import { GameDraft as GameDraftSchema } from '../../shared/ipc/schemas/games';
import { GameReport, LedgerData } from '../../shared/rules';
import type { GameRow, LedgerRow } from '../db/schema';

const noAwards = () => ({ otherAwards: [], expAwards: [] });

export function keptDraft(game: Pick<GameRow, 'draft' | 'report' | 'teamAId'>, gameRows: readonly Pick<LedgerRow, 'kind' | 'teamId' | 'data'>[]): GameDraft {
  if (game.draft !== null && game.draft !== undefined) return GameDraftSchema.parse(game.draft);
  if (game.report === null) throw new Error('A game with neither a draft nor a report.');
  const recruits = gameRows.flatMap((r) => {
    if (r.kind !== 'model.recruited') return [];
    const data = LedgerData.parse(r.data);
    if (data.kind !== 'model.recruited') return [];
    const side: Side = r.teamId === game.teamAId ? 'a' : 'b';
    return [{ side, entryId: data.model.entryId, name: data.model.name }];
  });
  return GameDraftSchema.parse({ step: 'review', report: GameReport.parse(game.report), awards: { a: noAwards(), b: noAwards() }, recruits });
}
