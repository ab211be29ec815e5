/**
 * amendGame (issue 29): amending a committed game as the organiser does it on the game page — the game's result
 * edited (a kill given to the wrong model moved to another), previewed, then applied with a reason through
 * `games.amend`. Each run amends a game just committed between the two bench teams (made untimed first), so the
 * amendment needs no new roll and nothing later depends on it; only `games.amend` is timed.
 */
import type { AmendPreview } from '../shared/ipc/schemas/amend';
import type { GameDetail, GameDraft } from '../shared/ipc/schemas/games';
import type { Core } from '../src-main/core';
import { call, result } from './scenario';

/** The draft with one kill moved to another enemy that took part, or null when the result has no such kill. */
export function killMoved(draft: GameDraft): GameDraft | null {
  const models = draft.report.models;
  const victim = models.find((m) => m.outOfAction?.by);
  if (!victim) return null;
  const other = models.find((m) => m.side !== victim.side && m.tookPart && m.id !== victim.outOfAction!.by);
  if (!other) return null;
  const out = structuredClone(draft);
  out.report.models = models.map((m) => (m.id === victim.id ? { ...m, outOfAction: { ...m.outOfAction!, by: other.id } } : m));
  return out;
}

/**
 * A committed game between the two teams whose result has a kill to move, and its amended draft, previewed and
 * accepted as the game page would (refusal null). Untimed.
 */
export async function gameToAmend(core: Core, campaignId: string, teamA: string, teamB: string, rng: () => number) {
  for (let tries = 0; tries < 20; tries++) {
    const created = await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'seize-ground' });
    // A high chance of a model out of action, so the result has a kill to move.
    await call(core, 'games.saveDraft', { id: created.game.id, draft: result(created, rng, 0.15) });
    await call(core, 'games.commit', { id: created.game.id });
    const { draft } = await call<AmendPreview>(core, 'games.previewAmend', { id: created.game.id });
    const amended = killMoved(draft);
    if (!amended) continue;
    const preview = await call<AmendPreview>(core, 'games.previewAmend', { id: created.game.id, draft: amended });
    if (preview.refusal === null) return { id: created.game.id, draft: amended };
  }
  throw new Error('No game to amend: twenty results had no kill that could be moved.');
}

/** The timed step: the amendment applied, as the game page's "Amend" button sends it. */
export const amendGame = (core: Core, game: { id: string; draft: GameDraft }) =>
  call<GameDetail>(core, 'games.amend', { id: game.id, draft: game.draft, reason: 'The kill was another model’s' });
