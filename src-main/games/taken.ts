/**
 * The team each player takes to a game (issue 19; shared/rules/game/team-taken.ts): chosen at set-up, checked against
 * the game's size, and the models left at home listed as not taking part. A game set up without a choice takes every
 * model (as before). What the set-up stored is read, and checked in a result, by the rules (takenOf, takenProblems).
 */
import type { GameDraft, Side } from '../../shared/ipc/schemas/games';
import { AppError } from '../../shared/ipc/result';
import { sitsNextGameOut, squadOfMember, takenOf, teamTakenProblems } from '../../shared/rules';
import type { LoadedTeam } from './context';

export { takenOf };

/**
 * What games.create stores of the choice (nothing when every model plays); refuses, in words, teams that do not fit the
 * game's size (the campaign's points limit unless the players say otherwise) or break their list's Model Allowance
 * (issue 30; a model incapacitated last game still counts toward its minimums).
 */
export function takenSetup(
  teams: Record<Side, LoadedTeam>,
  setup: { taken?: Record<Side, string[]> | undefined; gameSize?: number | undefined },
  pointsLimit: number,
): { taken: Record<Side, string[]>; gameSize: number } | Record<string, never> {
  if (!setup.taken) return {};
  const taken = setup.taken;
  const gameSize = setup.gameSize ?? pointsLimit;
  const problems = (['a', 'b'] as const).flatMap((s) => {
    const t = teams[s];
    const allowance = { list: t.list, roster: t.roster, sittingOut: sittingOut(t) };
    return teamTakenProblems(t.row.name, t.report.models, taken[s], gameSize, allowance);
  });
  if (problems.length > 0) throw new AppError('VALIDATION', problems.join(' '));
  return { taken, gameSize };
}

/** The roster models that sit this game out, incapacitated in the team's last game (docs/progression.md Injuries). */
function sittingOut(team: LoadedTeam): string[] {
  const progress = team.projection?.state.progression.models ?? {};
  return team.roster.models.filter((m) => sitsNextGameOut(progress[m.id]?.mauled)).map((m) => m.id);
}

/** A fresh draft with the models left at home marked as not taking part (a Squad by its roster line). */
export function withTaken(draft: GameDraft, setup: unknown): GameDraft {
  const choice = takenOf(setup);
  if (!choice) return draft;
  const home = (side: Side, id: string) => !choice.taken[side].includes(squadOfMember(id)?.squadId ?? id);
  const models = draft.report.models.map((m) => (home(m.side, m.id) ? { ...m, tookPart: false } : m));
  return { ...draft, report: { ...draft.report, models } };
}
