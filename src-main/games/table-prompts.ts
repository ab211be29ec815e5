/**
 * The start-of-turn prompts of a game at the table (issue 33), worked out by shared/rules/table/prompts.ts from the
 * plan and the table's state, shaped for the screen with the dice each needs in the campaign's dice mode, and the
 * outcome main keeps in the log when one is answered.
 */
import { AppError } from '../../shared/ipc/result';
import type { TablePromptView } from '../../shared/ipc/schemas/table';
import {
  PhysicalDiceError,
  SeededDice,
  followUpSeedOf,
  physicalDiceFor,
  resolvePrompt,
  turnPrompts,
  type PromptModel,
  type PromptOutcome,
  type ReportEnding,
  type Ruleset,
  type TableEvent,
  type TablePrompt,
} from '../../shared/rules';
import type { Db } from '../db/open';
import { loadGame } from './detail';
import type { TableGame } from './table';

/** What the prompts need of the teams, which a tap does not change: read once per game and draft. */
interface PromptTeams {
  ruleset: Ruleset;
  leadership: Map<string, number>;
  deepStrike: Set<string>;
}
const cache = new Map<string, PromptTeams>();

function promptTeams(db: Db, t: TableGame): PromptTeams {
  const key = `${t.game.id}|${t.game.updatedAt}`;
  const known = cache.get(key);
  if (known) return known;
  const { teams, state } = loadGame(db, t.game);
  const leadership = new Map<string, number>();
  const deepStrike = new Set<string>();
  for (const m of t.state.models) {
    const team = teams[m.side];
    const rosterModel = team.roster.models.find((r) => r.id === (m.squad ?? m.id));
    const entry = team.list.entries.find((e) => e.id === rosterModel?.entryId);
    // 004 Run Away!: "the Team Leader's unmodified Leadership" — the Team List profile's.
    leadership.set(m.id, entry?.profile.Ld ?? 0);
    if (entry?.specialRules.some((r) => /^deep strike/i.test(r))) deepStrike.add(m.id);
  }
  const made = { ruleset: state.ruleset, leadership, deepStrike };
  if (cache.size > 20) cache.clear();
  cache.set(key, made);
  return made;
}

function promptModels(t: TableGame, teams: PromptTeams): PromptModel[] {
  const reportOf = new Map(t.draft.report.models.map((m) => [m.id, m]));
  return t.state.models.map((m) => {
    const role = reportOf.get(m.id)?.lastStandRole;
    const squadName = m.squad ? m.name.replace(/ \(\d+ of \d+\)$/, '') : undefined;
    return {
      id: m.id,
      side: m.side,
      name: m.name,
      type: m.type,
      leadership: teams.leadership.get(m.id) ?? 0,
      state: m.state,
      ...(squadName ? { unitName: squadName } : {}),
      ...(teams.deepStrike.has(m.id) ? { mayDeepStrike: true } : {}),
      ...(role ? { lastStandRole: role } : {}),
      ...(m.delayedTo !== null ? { fogDelayedTo: m.delayedTo } : {}),
    };
  });
}

/** The prompts of the turn being played, as the rules list them (none before the first turn). */
export function currentPrompts(db: Db, t: TableGame): TablePrompt[] {
  if (t.state.turn < 1 || t.state.ending) return [];
  const teams = promptTeams(db, t);
  return turnPrompts(t.plan, { models: promptModels(t, teams), answered: t.state.answered }, t.state.turn, teams.ruleset);
}

const targetWords = (r: TablePrompt['rolls'][number]) =>
  r.target === null
    ? null
    : 'atLeast' in r.target && r.target.atLeast !== undefined
      ? `${r.target.atLeast}+: ${r.target.meaning}`
      : `${r.target.atMost} or less: ${r.target.meaning}`;

/** The dice a prompt needs, as the dice entry asks for them: all its rolls typed in one go, in order. */
function entryOf(p: TablePrompt): TablePromptView['roll'] {
  if (p.rolls.length === 0) return null;
  const count = p.rolls.reduce((n, r) => n + r.count, 0);
  const sides = /D3$/i.test(p.rolls[0]!.expression) && p.rolls.every((r) => /D3$/i.test(r.expression)) ? 3 : 6;
  const expression = count === 1 ? `D${sides}` : `${count}D${sides}`;
  return { key: p.id, expression, purpose: p.title, message: p.rolls.map((r) => `${r.expression} for ${r.purpose}`).join('; ') };
}

/** The screen's list: this turn's prompts still to answer, and those answered (with what came of them). */
export function promptViews(db: Db, t: TableGame): TablePromptView[] {
  const pending = currentPrompts(db, t).filter((p) => !(p.id in t.state.answered));
  const answered = Object.entries(t.state.answered)
    .filter(([, a]) => a.turn === t.state.turn)
    .map(([key, a]) => ({
      key,
      title: a.title ?? 'Prompt',
      text: '',
      citation: '',
      moment: 'turn-start' as const,
      roll: null,
      rolls: [],
      mayVoluntarilyFail: false,
      optional: false,
      answered: { text: a.text ?? '', faces: a.faces ?? [], source: a.source ?? null, ending: a.ending ?? null },
    }));
  return [
    ...answered,
    ...pending.map((p) => ({
      key: p.id,
      title: p.title,
      text: p.text,
      citation: p.citation,
      moment: p.moment,
      roll: entryOf(p),
      rolls: p.rolls.map((r) => ({ expression: r.expression, purpose: r.purpose, target: targetWords(r) })),
      mayVoluntarilyFail: p.kind === 'run-away' && p.mayVoluntarilyFail,
      optional: p.optional,
      answered: null,
    })),
  ];
}

/** The ending a prompt's outcome brings: a failed Run Away! test, or the game length saying the game is over. */
function endingOf(p: TablePrompt, o: PromptOutcome): ReportEnding | undefined {
  if (!o.gameEnds) return undefined;
  if (o.kind === 'run-away' && p.side) return { kind: 'run-away', side: p.side, voluntary: o.result.kind === 'voluntary-fail' };
  return { kind: 'turns' };
}

/** 003 Restoratives: a player "may pick a friendly unit" — or not; a prompt the rules do not make optional is refused. */
function skipped(t: TableGame, prompt: TablePrompt): TableEvent {
  if (!prompt.optional) throw new AppError('VALIDATION', `${prompt.title} cannot be left out: the rules say it must be done.`);
  return { kind: 'prompt', key: prompt.id, title: prompt.title, turn: t.state.turn, text: 'Not used this turn.', answer: 'skip' };
}

/**
 * A prompt answered: resolved by the rules with the typed faces (real dice) or Herald's seeded roll (the app's dice:
 * seeded by the game and the prompt, so a retried tap rolls what it rolled before), kept in the log with its outcome.
 */
export function answeredPrompt(db: Db, t: TableGame, key: string, faces: number[] | undefined, answer: string | undefined): TableEvent {
  const done = t.state.answered[key];
  if (done) throw new AppError('VALIDATION', `${done.title ?? 'That prompt'} is answered already: undo it to answer again.`);
  const prompt = currentPrompts(db, t).find((p) => p.id === key);
  if (!prompt) throw new AppError('VALIDATION', 'That prompt is not asked now (the turn or the table changed): look again.');
  if (answer === 'skip') return skipped(t, prompt);
  const physical = t.game.diceMode === 'physical';
  const voluntaryFail = answer === 'voluntary-fail';
  if (prompt.rolls.length > 0 && physical && !faces && !voluntaryFail) throw new AppError('VALIDATION', `Roll the dice for ${prompt.title} and type them in.`);
  // A team failing on purpose rolls nothing (004 Run Away!: it "may choose to voluntarily fail").
  let outcome: PromptOutcome;
  try {
    // Too few or too many faces typed in is refused in words (PhysicalDiceError), like a face out of range.
    const dice = faces
      ? physicalDiceFor(prompt, faces)
      : prompt.rolls.length === 0
        ? physicalDiceFor(prompt, [])
        : SeededDice.fromSeed(`${t.game.seed}|table|${key}`);
    outcome = resolvePrompt(prompt, dice, { voluntaryFail });
  } catch (e) {
    if (e instanceof PhysicalDiceError || (e instanceof Error && e.name === 'RunAwayError')) throw new AppError('VALIDATION', e.message);
    throw e;
  }
  const rolled = outcome.rolls.flatMap((r) => r.faces);
  const arrive = outcome.kind === 'reserves' || outcome.kind === 'fog-of-war' ? outcome.arrive : [];
  const delay = outcome.kind === 'fog-of-war' && outcome.delayedTo !== null ? { delay: outcome.delayed, delayedTo: outcome.delayedTo } : {};
  const followUps = outcome.followUps.map(followUpSeedOf).filter((f) => f !== null);
  const ending = endingOf(prompt, outcome);
  return {
    kind: 'prompt',
    key,
    title: prompt.title,
    turn: t.state.turn,
    text: outcome.text.slice(0, 2000),
    ...(rolled.length > 0 ? { faces: rolled, source: faces ? ('physical' as const) : ('app' as const) } : {}),
    ...(answer ? { answer } : {}),
    ...(arrive.length > 0 ? { arrive } : {}),
    ...delay,
    ...(followUps.length > 0 ? { followUps } : {}),
    ...(ending ? { ending } : {}),
  };
}
