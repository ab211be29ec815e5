/** What voiding a game would reverse and what depends on it, planned over the part of the ledger a void can reach. */
import { AppError } from '../../shared/ipc/result';
import type { VoidPlan } from '../../shared/ipc/schemas/games';
import { planVoid, RESTORATIVE_SURGERY } from '../../shared/rules';
import type { Db } from '../db/open';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { campaignLedgerItems, firstSeqOfGame, injuryMarksBefore, readTeamState, teamRowsAfter } from '../ledger';
import { lineSummary, teamNames } from './detail';
import { voidRosterLimits } from './void-rosters';

/**
 * planVoid over what a void can reach, not the whole campaign (issue 9). Nothing before the game's first entry can
 * depend on it, so only the entries from there on are read, with what the earlier ones add up to (Req, EXP, injuries
 * carried: `before`, mostly from the stored projections). Everything a dependent is found by belongs to one team;
 * a dependent inside another game pulls that game's other team in, so the scope grows until the plan stops reaching
 * new teams. The result is the plan planVoid makes over the whole campaign ledger.
 */
function voidScope(db: Db, game: gamesRepo.GameLine) {
  const start = firstSeqOfGame(db, game.id) ?? Number.MAX_SAFE_INTEGER;
  const scope = new Set([game.teamAId, game.teamBId]);
  for (;;) {
    const ledger = [...scope].flatMap((t) => teamRowsAfter(db, t, start - 1)).sort((x, y) => x.seq - y.seq);
    const items = campaignLedgerItems(ledger);
    const models = new Map<string, { name: string; entryId: string }>();
    const before: { balance: Record<string, number>; exp: Record<string, number>; injuries: Record<string, number> } = { balance: {}, exp: {}, injuries: {} };
    for (const t of scope) {
      const stored = readTeamState(db, t);
      for (const [id, m] of Object.entries(stored?.state.directory ?? {})) models.set(id, m);
      // Req and EXP before `start`: the stored totals less what the live entries from `start` on add.
      before.balance[t] = (stored?.req ?? 0) - items.reduce((sum, i) => (i.team === t && !i.voided ? sum + i.req : sum), 0);
      for (const m of Object.values(stored?.state.progression.models ?? {})) before.exp[m.model] = m.exp;
      // Permanent injuries carried at `start`: the few injury and honour entries before it, in order (as planVoid counts).
      for (const r of injuryMarksBefore(db, t, start, RESTORATIVE_SURGERY)) {
        if (r.model === null) continue;
        before.injuries[r.model] = r.kind === 'injury.rolled' ? (before.injuries[r.model] ?? 0) + 1 : Math.max(0, (before.injuries[r.model] ?? 0) - 1);
      }
    }
    for (const i of items) if (!i.voided && i.data.kind === 'exp.gained') before.exp[i.data.model] = (before.exp[i.data.model] ?? 0) - i.data.amount;
    const roster = voidRosterLimits(db, findCampaignRow(db, game.campaignId)?.pointsLimit ?? 0, start);
    const plan = planVoid(items, game.id, { entryOf: (id) => models.get(id)?.entryId, before, roster });
    const reached = plan.games.flatMap((id) => {
      const g = gamesRepo.findGameLine(db, id);
      return g ? [g.teamAId, g.teamBId] : [];
    });
    if (reached.every((t) => scope.has(t))) return { plan, ledger, items, models, teams: scope, before };
    for (const t of reached) scope.add(t);
  }
}

/** "Brother Orin (died in game 1) comes back:" — the models a void brings back, each with the game it died in (issue 20). */
function revivedWords(
  revived: readonly { modelId: string; gameId: string | null }[],
  modelName: (id: string) => string,
  gameNumber: (id: string | null) => number | null,
) {
  const names = revived.map((r) => `${modelName(r.modelId)} (died in game ${gameNumber(r.gameId) ?? '?'})`);
  const list = names.length <= 1 ? (names[0] ?? 'a model') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `with ${list} back,`;
}

/** The void plan in words, for the organiser. */
export function voidPlanFor(db: Db, game: gamesRepo.GameLine) {
  if (game.status !== 'committed') throw new AppError('VALIDATION', `Game ${game.number} is ${game.status}: only a committed game can be voided.`);
  const scope = voidScope(db, game);
  const { plan, ledger, models } = scope;
  const teamNamesById = new Map<string, string>();
  const teamName = (id: string) => {
    let name = teamNamesById.get(id);
    if (name === undefined) teamNamesById.set(id, (name = teamsRepo.findTeam(db, id)?.name ?? id));
    return name;
  };
  const modelName = (id: string | null) => (id === null ? 'a model' : (models.get(id)?.name ?? id));
  const gameNumber = (id: string | null) => (id === null ? null : (gamesRepo.findGameLine(db, id)?.number ?? null));
  const rowById = new Map(ledger.map((r) => [r.id, r]));
  const dependents = plan.dependents.map((d) => {
    const row = rowById.get(d.entryId);
    const inGame = d.gameId === null ? '' : ` in game ${gameNumber(d.gameId) ?? '?'}`;
    const what = (row?.reason ?? d.entryId).replace(/\.$/, '');
    const message =
      d.reason === 'req-short'
        ? `${what}${inGame}: without this game's Req, ${teamName(d.team)} would be ${d.short ?? 0} Req short.`
        : d.reason === 'model-recruited-by-void'
          ? `${what}${inGame}: it is about ${modelName(d.modelId)}, a recruit that the void takes back.`
          : d.reason === 'gear-by-void'
            ? `${what}${inGame}: it moves gear bought for ${modelName(d.modelId)} with Req the void takes back.`
            : d.reason === 'replaced-dead-model'
              ? `${what}${inGame}: ${revivedWords(d.revived ?? [], modelName, gameNumber)}${d.breaks?.length ? ` the team would have ${d.breaks.join(', and ')}` : ' this took its place'}.`
              : d.reason === 'level-lost'
                ? `${what}${inGame}: ${modelName(d.modelId)} no longer has the EXP for that level.`
                : `${what}${inGame}: Restorative Surgery healed an injury from this game.`;
    return { id: d.entryId, teamName: teamName(d.team), message, gameNumber: gameNumber(d.gameId) };
  });
  const reverses = ledger.filter((r) => r.gameId === game.id && r.voidedAt === null).map((r) => `${teamName(r.teamId)}: ${r.reason}`);
  const alsoVoidsGames = plan.games.filter((g) => g !== game.id).map((g) => gameNumber(g) ?? 0);
  const view: VoidPlan = { game: lineSummary(game, (t) => teamNames(db, t)), reverses, dependents, alsoVoidsGames };
  return { plan, scope, view };
}
