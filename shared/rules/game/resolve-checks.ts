/**
 * Resolution's first stage (issue 32): is the draft's report about this game, its two teams and their models as they
 * are now, and within what the plan and the rosters allow? Problems in words; nothing rolls a die before they pass.
 */
import { z } from 'zod';
import type { Side } from '../hor/facts';
import { sittersOutProblems } from './next-game';
import { GamePlan } from './plan';
import type { GameReport } from './report';
import { reportBoundsProblems } from './report-bounds';
import type { ResolveInput } from './resolve-types';
import { reportIdsOf, squadOfMember } from './squads';

const SIDES: Side[] = ['a', 'b'];
/** What the report bounds read from the stored plan (a small parse: issue 9 keeps the preview light). */
const BoundsPlan = GamePlan.pick({ mission: true, counters: true, turns: true });

/** What games.create stores of the teams taken (issue 19) in the game's set-up. */
const StoredTaken = z.object({ taken: z.object({ a: z.array(z.string()), b: z.array(z.string()) }), gameSize: z.number().int() });

/** The set-up's choice of the models taken to the game, or null when every model was taken. */
export function takenOf(setup: unknown): { taken: Record<Side, string[]>; gameSize: number } | null {
  const parsed = StoredTaken.safeParse(setup);
  return parsed.success ? parsed.data : null;
}

/** A model left at home at set-up cannot be recorded as taking part. */
export function takenProblems(report: Pick<GameReport, 'models'>, setup: unknown, name: (id: string) => string): string[] {
  const choice = takenOf(setup);
  if (!choice) return [];
  return report.models
    .filter((m) => m.tookPart && !choice.taken[m.side].includes(squadOfMember(m.id)?.squadId ?? m.id))
    .map((m) => `${name(m.id)} was not taken to this game at set-up (a ${choice.gameSize}-pt game): untick "took part".`);
}

/** The report against the game's teams, rosters, set-up and mission; then (only if those hold) its counts' bounds. */
export function checkStage({ game, teams, draft }: Pick<ResolveInput, 'game' | 'teams' | 'draft'>): string[] {
  const report = draft.report;
  const problems: string[] = [];
  const modelName = (id: string) => report.models.find((x) => x.id === id)?.name ?? id;
  for (const side of SIDES) {
    const team = teams[side];
    if (report.sides[side].teamId !== team.row.id) problems.push(`The result is for another team than ${team.row.name}.`);
    const onRoster = new Set(team.report.models.flatMap(reportIdsOf));
    for (const m of report.models.filter((x) => x.side === side && x.tookPart)) {
      if (!onRoster.has(m.id))
        problems.push(
          `${m.name ?? m.id} is no longer on ${team.row.name}'s roster (dead or dismissed since the game was set up): untick "took part" or discard this draft.`,
        );
    }
    // docs/progression.md Injuries: "incapacitated, sits the next game out" — this is that game.
    const progress = team.projection?.state.progression.models ?? {};
    const own = report.models.filter((x) => x.side === side);
    problems.push(
      ...sittersOutProblems(
        own,
        (id) => progress[id]?.mauled,
        (id) => own.find((x) => x.id === id)?.name ?? id,
      ),
    );
  }
  problems.push(...takenProblems(report, game.setup, modelName));
  if (report.missionId !== game.missionId) problems.push('The result is for another mission than the game plan.');
  if (problems.length > 0) return problems;
  // Every count within what the plan and the rosters allow (issue 16), before any rule rolls a die for it.
  const plan = BoundsPlan.safeParse(game.plan);
  const rosters = { a: teams.a.report.models.flatMap(reportIdsOf), b: teams.b.report.models.flatMap(reportIdsOf) };
  return reportBoundsProblems(report, { plan: plan.success ? plan.data : null, rosters });
}
