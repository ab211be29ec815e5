/**
 * Resolving a game draft lives in the rules package (shared/rules/game/resolve.ts, issue 32): the renderer previews
 * with it and main commits with it, one code path. Main's callers (games.*, amend, the history's replay) pass what
 * context.ts loads: a LoadedTeam and a GameState are its ResolveTeam and ResolveState.
 */
export { resolveGame, recruitModelId } from '../../shared/rules';
export type { ResolveInput, Resolved, RosterWrite } from '../../shared/rules';
