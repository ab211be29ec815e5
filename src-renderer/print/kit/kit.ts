/**
 * What every part of the game-night kit (issue 7) reads from a game: its mission and how it scores, the secondary
 * objectives it offers, the teams' names and models. Pure, so the plan sheet and the post-game slip's parts agree.
 */
import type { GameDetail, GameModelView, Side } from '../../../shared/ipc/schemas/games';
import type { Ruleset } from '../../../shared/rules';
import { missionScoring, secondaryOffered } from '../../../shared/rules';

export const SIDES: Side[] = ['a', 'b'];

export function kitBasics(detail: GameDetail, ruleset: Ruleset | null) {
  const game = detail.game;
  const plan = detail.plan;
  const missionId = plan?.mission.id ?? game.missionId ?? '';
  const mission = ruleset?.missions.find((m) => m.id === missionId) ?? null;
  /** A seed-003 plan: its set-up, battle length and victory conditions; null for seed 004's missions. */
  const club = plan?.club8th ?? null;
  /** What the mission scores: the ruleset's values (a club's own mission too), as the plan kept them (issue 19). */
  const scoring = missionScoring(plan?.mission ?? mission ?? { id: missionId });
  /**
   * Seed 004's secondary objectives the mission offers (no Lead from the Front without deployment zones: issue 30); a
   * seed-003 mission scores its own victory conditions instead.
   */
  const secondaries = club
    ? []
    : (ruleset?.secondaryObjectives ?? []).filter((o) => secondaryOffered(o.id, scoring)).map((o) => ({ ...o, vp: mission?.secondaryOverrides[o.id] ?? o.vp }));
  const attacker: Side | null = plan?.roles?.attacker ?? null;
  const teamName = (s: Side) => game.teams[s].name;
  const modelsOf = (s: Side) => detail.models.filter((m) => m.side === s);
  return { game, plan, missionId, mission, club, scoring, secondaries, attacker, teamName, modelsOf };
}

/** A model's name on the kit: its own name, else its entry's. */
export const modelLabel = (m: GameModelView) => m.name || m.entryName;
