/**
 * Changing a set-up roll before the game is committed (issue 20, "Correct before commit": "every typed die and every
 * rolled result can be changed until the game is committed"). Real dice: the die is typed again. Herald's dice: the
 * faces the club ruled, with who asked and why, kept with the roll (KeyedDice overrides, as for the after-game rolls).
 * The plan is then worked out again from the set-up: a roll that is no longer asked for is forgotten, a roll the new
 * plan needs and nobody typed yet is asked for, and the result typed so far is kept when the mission stays the same.
 */
import { AppError } from '../../shared/ipc/result';
import { SetupChoices, type GameDraft, type Side } from '../../shared/ipc/schemas/games';
import { GamePlan, PhysicalDiceError, checkPhysicalFaces, choiceSettings, reportFromPlan, type GameReport, type PlanChoiceId } from '../../shared/rules';
import type { GameRow } from '../db/schema';
import type { GameState, LoadedTeam } from './context';
import { tryPlan } from './detail';

export interface SetupCorrection {
  game: GameRow;
  draft: GameDraft;
  teams: Record<Side, LoadedTeam>;
  state: GameState;
  key: string;
  faces: number[];
  change: { by: string; reason: string } | undefined;
  /** A fresh draft for a plan (everyone took part, nothing typed yet), keeping the dice given. */
  fresh: (plan: GamePlan, faces: GameDraft['faces']) => GameDraft;
}

/** The result typed so far with what the plan decides in it (reportFromPlan's parts) following the new plan. */
function withPlan(report: GameReport, before: GamePlan, after: GamePlan): GameReport {
  const was = reportFromPlan(before, []);
  const now = reportFromPlan(after, report.models);
  const out: GameReport = { ...report, missionId: now.missionId, rolls: now.rolls };
  const set = <K extends 'attacker' | 'relicCount' | 'objectives'>(k: K) => {
    if (JSON.stringify(was[k]) === JSON.stringify(now[k])) return;
    if (now[k] === undefined) delete out[k];
    else out[k] = now[k];
  };
  set('attacker');
  set('relicCount');
  set('objectives');
  return out;
}

/**
 * Dice the plan does not roll forgotten (after-game dice kept): a set-up die typed for a roll a corrected set-up no
 * longer makes is never reused for it later (issue 20: "re-ticking reuses the stored roll").
 */
export function onlyPlanned<T>(plan: GamePlan, record: Record<string, T>): Record<string, T> {
  const used = new Set(plan.rolls.map((r) => r.key));
  return Object.fromEntries(Object.entries(record).filter(([k]) => !k.startsWith('plan|') || used.has(k)));
}

/** The game's new plan and draft after one set-up roll is changed (stored by the caller in the same transaction). */
export function correctedSetup(c: SetupCorrection): Pick<GameRow, 'plan' | 'missionId' | 'draft'> {
  if (c.game.plan === null) return typedAgain(c);
  const plan = GamePlan.parse(c.game.plan);
  const roll = plan.rolls.find((r) => r.key === c.key);
  if (!roll) throw new AppError('VALIDATION', 'That roll is no longer part of the set-up: reload the game.');
  const problem = checkPhysicalFaces(roll.expression, c.faces);
  if (problem) throw new AppError('VALIDATION', problem);
  let { faces, overrides } = c.draft;
  if (c.game.diceMode === 'app') {
    if (!c.change) throw new AppError('VALIDATION', 'Herald made this roll: say who asked for the change and why (e.g. "club ruling: re-roll").');
    overrides = { ...overrides, [c.key]: { faces: c.faces, by: c.change.by, reason: c.change.reason } };
  } else faces = { ...faces, [c.key]: c.faces };
  return replanned(c, plan, faces, overrides);
}

/** The plan worked out again from the game's set-up and these dice; the result typed so far kept while the mission is. */
function replanned(
  c: Pick<SetupCorrection, 'game' | 'draft' | 'teams' | 'state' | 'fresh'>,
  plan: GamePlan,
  faces: GameDraft['faces'],
  overrides: GameDraft['overrides'],
): Pick<GameRow, 'plan' | 'missionId' | 'draft'> {
  const attempt = tryPlan(c.game, c.state, c.teams, faces, overrides);
  if (!attempt.plan) {
    // The change asks for a roll nobody typed yet: the set-up asks for it, then a fresh result.
    return { plan: null, missionId: null, draft: { ...c.draft, faces, overrides } };
  }
  const keep = <T>(record: Record<string, T>) => onlyPlanned(attempt.plan!, record);
  faces = keep(faces);
  overrides = keep(overrides);
  const sameMission = attempt.plan.mission.id === plan.mission.id;
  const draft = sameMission
    ? { ...c.draft, faces, overrides, report: withPlan(c.draft.report, plan, attempt.plan) }
    : { ...c.fresh(attempt.plan, faces), overrides: keep(overrides) };
  return { plan: attempt.plan, missionId: attempt.plan.mission.id, draft };
}

/** Why a mission has no such choice, in the organiser's words. */
const NO_SUCH_CHOICE: Record<PlanChoiceId, (mission: string) => string> = {
  deploy: (m) => `${m} has no roll-off to deploy: the mission says who deploys first.`,
  attacker: (m) => `${m} has no Attacker and Defender to choose.`,
  'first-turn': (m) => `${m} has no first-turn choice: the roll-off and the mission decide who goes first.`,
};

/**
 * Issue 30: a player's answer to one of the plan's choices, recorded with the game's set-up (`setup.choices`, the shape
 * games set up earlier stored) and the plan worked out again from it, as for a changed set-up die: the dice stay as
 * they are, a roll the new answer no longer makes is forgotten, one it needs and nobody typed is asked for, and the
 * result typed so far follows the plan (the Attacker). Only a choice the plan lists, with one of its answers.
 */
export function chosenSetup(
  c: Pick<SetupCorrection, 'game' | 'draft' | 'teams' | 'state' | 'fresh'>,
  choice: PlanChoiceId,
  value: string,
): Pick<GameRow, 'setup' | 'plan' | 'missionId' | 'draft'> {
  if (c.game.plan === null) throw new AppError('VALIDATION', 'Finish the set-up rolls first: the players choose once the plan is shown.');
  const plan = GamePlan.parse(c.game.plan);
  // A plan made before the plan listed its choices: the choices of the same set-up planned again.
  const listed = plan.choices ?? tryPlan(c.game, c.state, c.teams, c.draft.faces, c.draft.overrides).plan?.choices;
  const asked = listed?.find((x) => x.id === choice);
  if (!asked) throw new AppError('VALIDATION', NO_SUCH_CHOICE[choice](plan.mission.name));
  const settings = asked.options.some((o) => o.value === value) ? choiceSettings(choice, value) : undefined;
  if (!settings) throw new AppError('VALIDATION', `That is not one of the answers to “${asked.question}”: ${asked.options.map((o) => o.label).join('; ')}.`);
  const setup = c.game.setup as Record<string, unknown>;
  const before = SetupChoices.safeParse(setup.choices ?? {});
  const choices = { ...(before.success ? before.data : {}), ...settings };
  const game = { ...c.game, setup: { ...setup, choices } };
  return { setup: game.setup, ...replanned({ ...c, game }, plan, c.draft.faces, c.draft.overrides) };
}

/** Real dice, while the set-up is still being typed: a die typed earlier is typed again and the set-up read again. */
function typedAgain(c: SetupCorrection): Pick<GameRow, 'plan' | 'missionId' | 'draft'> {
  const before = c.draft.faces[c.key];
  if (c.game.diceMode !== 'physical' || !before) throw new AppError('VALIDATION', 'That is not a die typed for this set-up; reload the game.');
  if (c.faces.length !== before.length || c.faces.some((f) => f < 1 || f > 6))
    throw new AppError('VALIDATION', `Type ${before.length === 1 ? 'the die' : `all ${before.length} dice`} again, each from 1 to 6.`);
  const faces = { ...c.draft.faces, [c.key]: c.faces };
  let attempt: ReturnType<typeof tryPlan>;
  try {
    attempt = tryPlan(c.game, c.state, c.teams, faces);
  } catch (e) {
    if (e instanceof PhysicalDiceError) throw new AppError('VALIDATION', e.message);
    throw e;
  }
  if (!attempt.plan) return { plan: null, missionId: null, draft: { ...c.draft, faces } };
  return { plan: attempt.plan, missionId: attempt.plan.mission.id, draft: c.fresh(attempt.plan, onlyPlanned(attempt.plan, faces)) };
}
