/**
 * The campaign file's games, checked as the games.* handlers would have made them (issue 16): set-up, plan, draft and
 * report parsed (a report that cannot be read is refused with its problems in words, never stored to fail later on
 * the bulletin or the team page); a committed or voided game's report scores, its VP are within what its mission can
 * give and its winner is the one those VP give, its dice rolls are exactly its report's, and it wrote ledger entries;
 * a draft has no result, rolls or entries yet.
 */
import { z } from 'zod';
import { GameDraft } from '../../shared/ipc/schemas/games';
import { AppError } from '../../shared/ipc/result';
import { phraseErrorMap, summaryOf } from '../../shared/ipc/issue-words';
import {
  GamePlan,
  GameReport,
  PlanOptionalRules,
  isClubMissionId,
  isMissionId,
  presets,
  reportBoundsProblems,
  scoreGame,
  squadOfMember,
  type Ruleset,
} from '../../shared/rules';
import type { CampaignFile, FileGame } from './schema';
import { gameLabel } from './remap';

const refuse = (what: string): never => {
  throw new AppError('VALIDATION', `${what} Nothing was imported.`);
};

const list3 = (problems: readonly string[]) => `${problems.slice(0, 3).join(' ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`;

/** The part of a report a problem is in, in words ("the models"), for "Game 3's result cannot be read: …". */
const REPORT_PARTS: Record<string, string> = {
  reportVersion: 'its version',
  missionId: 'its mission',
  sides: 'its sides',
  models: 'its models',
  ending: 'how the game ended',
  gameTurns: 'its game turns',
  relicCount: 'its relic count',
  objectives: 'its objective markers',
  attacker: 'its attacker',
  club8th: 'its 8th-edition mission facts',
  rolls: 'its dice rolls',
  notes: 'its notes',
};
const reportPart = (path: readonly PropertyKey[]) => (path.length === 0 ? 'it' : (REPORT_PARTS[String(path[0])] ?? 'a part of it'));

/**
 * The VP one side can score: a seed-004 mission gives a few (mission points and secondary objectives: 50 is far above
 * any); a seed-003 mission what its recorded objective and Tactical Objective VP allow (report.ts: at most 500 each,
 * Tactical Objectives down to -100), plus its few fixed conditions.
 */
const VP_RANGE = { seed004: [0, 50], seed003: [-100, 1100] } as const;

/** What games.create stores as the set-up (handlers/games.ts). */
const StoredSetup = z
  .object({ mission: z.string().min(1).max(100), deployment: z.string().min(1).max(100), optionalRules: PlanOptionalRules.optional() })
  .loose();

export interface CheckedGame {
  setup: unknown;
  plan: GamePlan | null;
  /** Null for an applied game: Herald keeps no draft once a game is committed (issue 21). */
  draft: GameDraft | null;
  report: GameReport | null;
}

type Rolls = CampaignFile['rolls'];
const sameRoll = (a: Rolls[number], b: GameReport['rolls'][number]) =>
  a.purpose === b.purpose &&
  a.expression === b.expression &&
  a.total === b.total &&
  a.source === b.source &&
  a.faces.length === b.faces.length &&
  a.faces.every((f, i) => f === b.faces[i]);

/** `game`'s rolls must be exactly its report's, in order, the plan's first (games.commit writes them so). */
function checkRolls(game: FileGame, rolls: Rolls, plan: GamePlan | null, report: GameReport | null): void {
  const label = gameLabel(game);
  if (report === null) {
    if (rolls.length > 0) refuse(`${label} was never applied, but the file gives it dice rolls.`);
    return;
  }
  const ordered = [...rolls].sort((x, y) => x.seq - y.seq);
  const planRolls = plan?.rolls.length ?? 0;
  const fits =
    ordered.length === report.rolls.length &&
    ordered.every((r, i) => r.seq === i + 1 && r.phase === (i < planRolls ? 'plan' : 'post') && sameRoll(r, report.rolls[i]!));
  if (!fits) refuse(`${label}'s dice rolls are not the rolls its result records (${ordered.length} in the file, ${report.rolls.length} in the result).`);
  // The set-up rolls the result records are the plan's own (issue 27: a deployment or roll-off changed in one place only).
  const planned = plan?.rolls ?? [];
  const sameSetUp = planned.every((r, i) => {
    const x = report.rolls[i];
    return x !== undefined && x.purpose === r.purpose && x.expression === r.expression && x.total === r.total && x.faces.join() === r.faces.join();
  });
  if (!sameSetUp) refuse(`${label}'s result records other set-up rolls than its plan.`);
}

/**
 * Every game parsed and checked; `rosters` are the model ids each team ever had (for the report's bounds).
 * Returns the parsed set-up, plan, draft and report of each game, by id (what import writes).
 */
export function checkGames(file: CampaignFile, rulesets: readonly Ruleset[], rosters: ReadonlyMap<string, ReadonlySet<string>>): Map<string, CheckedGame> {
  return drain(checkGameSteps(file, rulesets, rosters));
}

/** A generator's steps run through at once: its return value. */
export function drain<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * checkGames one game at a time: yields how many games are checked after each but the last (an import says "checking
 * game 1,204 of 5,000" and lets the window hear it between games, issue 31), and returns what checkGames returns.
 */
export function* checkGameSteps(
  file: CampaignFile,
  rulesets: readonly Ruleset[],
  rosters: ReadonlyMap<string, ReadonlySet<string>>,
): Generator<number, Map<string, CheckedGame>> {
  const ruleset = rulesets[rulesets.length - 1]!;
  // A game names the ruleset it was planned with (id and version): one the file pins, or a shipped preset (a campaign
  // older than pinned rulesets played the preset of its day).
  const known = new Set([...file.rulesets.map((r) => r.rulesetId), ...presets().map((p) => p.id)]);
  const founded = new Set(file.teams.filter((t) => t.foundedAt !== null).map((t) => t.id));
  const rollsOf = new Map<string, Rolls>(file.games.map((g) => [g.id, []]));
  for (const r of file.rolls) rollsOf.get(r.gameId)!.push(r);
  // The teams each game wrote entries for; a ruleset whose awards include "Took part" gives every team one.
  const entries = new Map<string, Set<string>>();
  for (const e of file.ledger) if (e.gameId !== null) (entries.get(e.gameId) ?? entries.set(e.gameId, new Set()).get(e.gameId)!).add(e.teamId);
  const everyTeamEarns = new Set(
    file.rulesets.filter((_, i) => rulesets[i]!.progression.requisition.awards?.some((a) => a.id === 'took-part')).map((r) => `${r.rulesetId}|${r.version}`),
  );
  const pinned = new Set(file.rulesets.map((r) => `${r.rulesetId}|${r.version}`));
  const teamName = new Map(file.teams.map((t) => [t.id, t.name]));
  const numbers = new Set<number>();
  const out = new Map<string, CheckedGame>();

  for (const g of file.games) {
    if (out.size > 0) yield out.size;
    const label = gameLabel(g);
    if (numbers.has(g.number)) refuse(`Two games in this file are both game ${g.number}.`);
    numbers.add(g.number);
    if (g.teamAId === g.teamBId) refuse(`${label} is a team playing itself.`);
    if (!founded.has(g.teamAId) || !founded.has(g.teamBId)) refuse(`${label} is played by a team that was never founded.`);
    if (!known.has(g.rulesetId)) refuse(`${label} was played with a ruleset (${g.rulesetId}) this file does not contain.`);
    const setup = StoredSetup.safeParse(g.setup);
    if (!setup.success) refuse(`${label}'s set-up cannot be read.`);
    const plan = g.plan === null ? null : GamePlan.safeParse(g.plan);
    if (plan !== null && !plan.success) refuse(`${label}'s game plan cannot be read.`);
    // An applied game's draft is null from format 3; before, the file gave a stand-in of its report, checked here and
    // not kept (Herald keeps no draft once a game is applied, issue 21).
    const draft = g.status !== 'draft' && g.draft === null ? null : GameDraft.safeParse(g.draft);
    if (draft !== null && !draft.success) refuse(`${label}'s result as entered cannot be read.`);
    const planned = plan?.data ?? null;
    if (planned !== null && g.missionId !== planned.mission.id) refuse(`${label} is filed under another mission than its plan.`);

    if (g.status === 'draft') {
      if (g.report !== null || g.winner !== null || g.vpA !== null || g.vpB !== null || g.committedAt !== null || g.voidedAt !== null || g.voidReason !== null)
        refuse(`${label} is not applied yet, but the file gives it a result.`);
      if (entries.has(g.id)) refuse(`${label} is not applied yet, but the file gives it ledger entries.`);
      checkRolls(g, rollsOf.get(g.id)!, planned, null);
      out.set(g.id, { setup: setup.data, plan: planned, draft: draft!.data!, report: null });
      continue;
    }

    // Committed or voided: applied once, with a plan and a readable report.
    if (planned === null) refuse(`${label} was applied, but has no game plan.`);
    if (g.committedAt === null) refuse(`${label} was applied, but the file does not say when.`);
    if ((g.status === 'voided') !== (g.voidedAt !== null) || (g.status === 'voided') !== (g.voidReason !== null))
      refuse(`${label} is ${g.status}, but its void date and reason say otherwise.`);
    const read = GameReport.safeParse(g.report, { error: phraseErrorMap });
    if (!read.success) refuse(`${label}'s result cannot be read: ${summaryOf(read.error.issues.map((i) => `${reportPart(i.path)} ${i.message}`))}.`);
    const report = read.data!;
    if (report.missionId !== g.missionId) refuse(`${label}'s result is for another mission than the game.`);
    // A Squad's members ("<squad>#<n>", shared/rules/game/squads.ts) are models of the team that has the squad.
    const isMember = (ids: ReadonlySet<string>, id: string) => {
      const squad = squadOfMember(id);
      return squad !== null && ids.has(squad.squadId);
    };
    for (const side of ['a', 'b'] as const) {
      const roster = rosters.get(side === 'a' ? g.teamAId : g.teamBId)!;
      const stranger = report.models.find((m) => m.side === side && !roster.has(m.id) && !isMember(roster, m.id));
      if (stranger) refuse(`${label}'s result names a model (${stranger.name ?? stranger.id}) that its team never had.`);
    }
    // The counts the players typed are bounded by the plan and the rosters, as in the wizard (shared/rules report-bounds).
    const roster = (teamId: string) => {
      const ids = rosters.get(teamId)!;
      return [...ids, ...report.models.filter((m) => isMember(ids, m.id)).map((m) => m.id)];
    };
    const beyond = reportBoundsProblems(report, { plan: planned, rosters: { a: roster(g.teamAId), b: roster(g.teamBId) } });
    if (beyond.length > 0) refuse(`${label}'s result records more than the game allows: ${list3(beyond)}`);
    // The report must score (the game page scores it again); the stored VP and winner are kept as recorded — a later
    // Herald may score differently, and history is not rewritten — but within what the mission can give, and the
    // winner the one the seed-004 rules give for those VP.
    try {
      // Scoring validates the report first (validateReport): its problems come back in words.
      scoreGame(report, ruleset, { pointsLimit: file.campaign.pointsLimit });
    } catch (e) {
      const problems = (e as { problems?: unknown }).problems;
      refuse(`${label}'s result does not hold together: ${Array.isArray(problems) ? list3(problems as string[]) : (e as Error).message}`);
    }
    const [min, max] = isMissionId(report.missionId) ? VP_RANGE.seed004 : VP_RANGE.seed003;
    for (const vp of [g.vpA, g.vpB])
      if (vp === null || vp < min || vp > max) refuse(`${label}'s result gives ${vp ?? 'no'} VP, which this mission cannot (${min}–${max}).`);
    // Every Kill Team mission (seed 004's or a club's own in the ruleset) is won by VP or outright; seed 003's too, but by its own rules.
    if (!isClubMissionId(report.missionId)) {
      const ending = report.ending;
      const expected =
        ending.kind === 'no-models-left'
          ? ending.side === 'a'
            ? 'b'
            : 'a'
          : ending.kind === 'mission-win'
            ? ending.side
            : g.vpA! > g.vpB!
              ? 'a'
              : g.vpA! < g.vpB!
                ? 'b'
                : 'draw';
      const outcome = (w: string | null) =>
        w === 'draw' ? 'a draw' : w === 'a' ? `${teamName.get(g.teamAId)} won` : w === 'b' ? `${teamName.get(g.teamBId)} won` : 'no result';
      if (g.winner !== expected) refuse(`${label} is recorded as ${outcome(g.winner)}, but its VP (${g.vpA}–${g.vpB}) give ${outcome(expected)}.`);
    }
    checkRolls(g, rollsOf.get(g.id)!, planned, report);
    const wrote = entries.get(g.id);
    if (!wrote) refuse(`${label} was applied, but the file has none of the ledger entries applying it wrote.`);
    if (pinned.has(`${g.rulesetId}|${g.rulesetVersion}`) && everyTeamEarns.has(`${g.rulesetId}|${g.rulesetVersion}`)) {
      for (const team of [g.teamAId, g.teamBId])
        if (!wrote!.has(team))
          refuse(
            `${label} was applied, but the file has none of the ledger entries it wrote for ${teamName.get(team)} (every team that plays earns “Took part”).`,
          );
    }
    out.set(g.id, { setup: setup.data, plan: planned, draft: null, report });
  }
  return out;
}
