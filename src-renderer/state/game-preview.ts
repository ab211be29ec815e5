/**
 * The result wizard's live preview, worked out in the window (issue 32) with shared/rules resolveGame — the function
 * main's games.commit resolves the same draft with — from what games.previewContext sent once. An edit no longer
 * travels to main to rebuild the whole game view: only the draft row is saved (games.keepDraft).
 */
import type { GameDraft, GamePreview, GamePreviewContext } from '../../shared/ipc/schemas/games';
import { resolveGame, validateRoster, type ResolveInput, type ResolveTeam } from '../../shared/rules';

type Sides = ResolveInput['teams'];

/** The context's teams as resolution reads them (each roster checked against its limit, as main's loading does). */
function teamsOf(context: GamePreviewContext): Sides {
  const models = context.projection.models;
  const team = (t: GamePreviewContext['teams']['a']): ResolveTeam => ({
    row: { id: t.id, name: t.name },
    list: t.list,
    roster: t.roster,
    report: validateRoster(t.list, t.roster, t.limit),
    req: t.req,
    projection: { honourPoints: t.honourPoints, state: { progression: { models } } },
  });
  return { a: team(context.teams.a), b: team(context.teams.b) };
}

/** A previewer for one context: its teams are checked once, then each draft is resolved as main would. */
export function previewer(context: GamePreviewContext): (draft: GameDraft) => GamePreview {
  const teams = teamsOf(context);
  const state = { campaign: { pointsLimit: context.pointsLimit }, ruleset: context.ruleset, projection: context.projection, names: new Map(context.names) };
  return (draft) => resolveGame({ game: context.game, state, teams, threats: context.threats, draft }).preview;
}
