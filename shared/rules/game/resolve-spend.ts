/**
 * What the wizard spends a team's Req on after a game (issue 32, stages of shared/rules/game/resolve.ts): Battle
 * Honours (buyHonour) and recruits (the roster's rules), both tied to the game so voiding it gives the Req back.
 */
import type { Side } from '../hor/facts';
import { MissingTableError } from '../presets/require';
import type { ProgressionEntry } from '../progression/entries';
import { HonourPurchaseError, buyHonour } from '../progression/honours';
import { foldProgression } from '../progression/project';
import { purchaseCost, withoutDead } from '../roster/ledger';
import type { RosterModel } from '../roster/roster';
import { validateRoster } from '../roster/validate';
import type { ResolveInput, RosterWrite } from './resolve-types';
import type { ReqBook } from './resolve-stages';

const SIDES: Side[] = ['a', 'b'];

/** Which of the honour caps (docs/progression.md table) a roster model uses. */
const capRow = (category: string) => (category === 'team-leader' ? 'team-leader' : category === 'special' ? 'special' : 'core');

export function recruitModelId(gameId: string, index: number) {
  return `${gameId}:r${index + 1}`;
}

/** The honours bought in the wizard, each against the projection after the game and the honours before it. */
export function honoursStage(input: ResolveInput, entries: readonly ProgressionEntry[], book: ReqBook, name: (id: string) => string) {
  const { game, state, teams, draft } = input;
  const honours: ProgressionEntry[] = [];
  const problems: string[] = [];
  for (const [i, h] of draft.honours.entries()) {
    const team = teams[h.side];
    const projection = foldProgression(state.projection, [...entries, ...honours]);
    const teamProjection = (projection.teams[team.row.id] ??= {
      team: team.row.id,
      req: 0,
      earned: 0,
      spent: 0,
      teamHonours: [],
      honourPoints: 0,
      lastGameId: null,
    });
    teamProjection.req = book.balance[h.side] + book.earned[h.side] - book.spent[h.side];
    const card = h.model === null ? undefined : team.report.models.find((c) => c.modelId === h.model);
    // docs/progression.md Tactical Reserves: "reserve models can't gain honours" (buyHonour says it in words).
    const parked = h.model === null ? undefined : team.roster.reserve?.models.find((m) => m.id === h.model);
    const refused = parked
      ? `${team.row.name}: ${parked.name || parked.id} is in Tactical Reserves, and reserve models can't gain honours.`
      : h.model !== null && !card
        ? `Honour ${i + 1}: that model is not on ${team.row.name}'s roster.`
        : h.model !== null && entries.some((e) => e.kind === 'model.died' && e.model === h.model)
          ? `${name(h.model)} died in this game: a dead model cannot gain honours.`
          : null;
    if (refused) {
      problems.push(refused);
      continue;
    }
    try {
      const entry = buyHonour({
        ruleset: state.ruleset,
        projection,
        id: `${game.id}/h${i + 1}`,
        team: team.row.id,
        model: h.model,
        ...(card ? { modelType: capRow(card.category), psyker: team.list.entries.find((e) => e.id === card.entryId)?.psyker === true } : {}),
        honour: h.honour,
        elite: h.elite,
      });
      const tied = { ...entry, gameId: game.id };
      honours.push(tied);
      book.spent[h.side] += tied.kind === 'honour.bought' ? tied.cost : 0;
    } catch (e) {
      if (e instanceof HonourPurchaseError) problems.push(...e.problems.map((p) => `${team.row.name}: ${p}`));
      else if (e instanceof MissingTableError) problems.push(e.message);
      else throw e;
    }
  }
  return { honours, problems };
}

/** Recruits bought with the team's Req (cost = points, docs/progression.md), checked against the roster's rules. */
export function recruitsStage(input: ResolveInput, entries: readonly ProgressionEntry[], book: ReqBook) {
  const { game, teams, draft } = input;
  const recruits: RosterWrite[] = [];
  const problems: string[] = [];
  for (const side of SIDES) {
    const team = teams[side];
    const mine = draft.recruits.map((r, i) => ({ r, i })).filter(({ r }) => r.side === side);
    if (mine.length === 0) continue;
    const died = new Set(entries.flatMap((e) => (e.kind === 'model.died' && e.team === team.row.id ? [e.model] : [])));
    const models: RosterModel[] = withoutDead(team.roster.models, died);
    const before = new Set(validateRoster(team.list, { models }, team.report.limit).issues.map((x) => x.message));
    for (const { r, i } of mine) {
      const entry = team.list.entries.find((e) => e.id === r.entryId);
      if (!entry) {
        problems.push(`${team.row.name}: the team list has no entry "${r.entryId}".`);
        continue;
      }
      const model: RosterModel = { id: recruitModelId(game.id, i), entryId: entry.id, name: r.name, options: {}, armoury: [], grenades: {} };
      if (entry.category === 'squad' && entry.squad) model.squadSize = entry.squad.min;
      const cost = purchaseCost(team.list, undefined, model);
      models.push(model);
      book.spent[side] += cost;
      const reason = `Recruited ${r.name} (${entry.name}) for ${cost} Req after game ${game.number}.`;
      recruits.push({ id: `${game.id}/r${i + 1}`, side, modelId: model.id, req: -cost, data: { kind: 'model.recruited', model }, reason });
    }
    const added = validateRoster(team.list, { models }, team.report.limit).issues.filter((x) => !before.has(x.message));
    for (const x of added) problems.push(`${team.row.name}: ${x.message}`);
  }
  return { recruits, problems };
}
