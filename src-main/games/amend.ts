/**
 * Amending a committed game (issue 20): what the game's amended report gives, worked out against the teams as they
 * stood just before the game, and what it changes in the ledger (shared/rules/campaign/amend-plan.ts). Read-only: the
 * handler writes what this plans through the ledger module.
 *
 * The teams before the game are their ledgers folded up to the game's place (./before-game.ts), and so is everything
 * else the game judged from its moment: the other teams' Threats for the Underdog, the ruleset and its roster cap.
 */
import { AppError } from '../../shared/ipc/result';
import type { AmendLine, AmendPreview } from '../../shared/ipc/schemas/amend';
import type { GameDraft, Side } from '../../shared/ipc/schemas/games';
import {
  PROGRESSION_ENTRY_KINDS,
  GamePlan,
  amendmentEntryId,
  GameReport,
  planAmend,
  type AmendDependent,
  type AmendEntry,
  type CampaignLedgerItem,
  type LedgerData,
  type ProgressionEntry,
} from '../../shared/rules';
import type { Db } from '../db/open';
import type { GameRow, LedgerRow } from '../db/schema';
import { campaignLedgerItems, gamePlaces, parseLedgerData, readTeamState, teamsLedger, type NewEntry } from '../ledger';
import * as gamesRepo from '../repos/games';
import { mustFindCampaignRow, stateOf, teamThreat } from './context';
import { ordered, otherThreatsBefore, placeOf, rulesetOfGame, teamBeforeGame } from './before-game';
import { resolveGame, type Resolved } from './resolve';
import { humanizer, modelNames } from './words';
import { voidRosterLimits } from './void-rosters';

const SIDES: Side[] = ['a', 'b'];
const PROGRESSION_KINDS: ReadonlySet<string> = new Set(PROGRESSION_ENTRY_KINDS);
const MEDICAL_GEAR = '(Medical Gear re-roll)';
const OVERRIDDEN = /— Herald rolled [^;]*; changed at (.+)'s request: (.+)$/;

/** Everything an amendment of `game` is worked out from. */
export function amendContext(db: Db, game: GameRow) {
  if (game.status !== 'committed') throw new AppError('VALIDATION', `Game ${game.number} is ${game.status}: only a committed game can be amended.`);
  const campaign = mustFindCampaignRow(db, game.campaignId);
  const teamIds = { a: game.teamAId, b: game.teamBId };
  const places = gamePlaces(db, [teamIds.a, teamIds.b]);
  const ledger = ordered(teamsLedger(db, [teamIds.a, teamIds.b]), places);
  // The game's place: its first entry's, or — a game that wrote none — the first entry written after it was applied.
  let start = ledger.findIndex((r) => r.gameId === game.id);
  if (start < 0) start = ledger.findIndex((r) => r.createdAt > (game.committedAt ?? ''));
  if (start < 0) start = ledger.length;
  // Campaign-wide: the other teams' Threats are folded up to it.
  const place = start < ledger.length ? placeOf(places)(ledger[start]!) : Number.MAX_SAFE_INTEGER;
  const before = ledger.slice(0, start);
  const slice = ledger.slice(start);
  // Each row's data parsed once, for the teams before the game and the sums below (issue 29: three times before).
  // A game's entries are taken as stored (checked against their schema when written or imported, as a rebuild takes
  // them: issue 29, most of an amendment's parsing); the roster entries, whose models' defaults the checks read, are parsed.
  const parsed: ReadonlyMap<string, LedgerData | ProgressionEntry> = new Map(
    ledger.map((r) => [r.id, PROGRESSION_KINDS.has(r.kind) ? (r.data as ProgressionEntry) : parseLedgerData(r)]),
  );
  const dataOf = (r: LedgerRow) => parsed.get(r.id)!;
  // Everything judged from the game's moment: the ruleset it was played with, the two teams as they stood before it.
  const ruleset = rulesetOfGame(db, campaign, game);
  const teams = {
    a: teamBeforeGame(
      db,
      teamIds.a,
      campaign,
      ruleset,
      before.filter((r) => r.teamId === teamIds.a),
      dataOf,
    ),
    b: teamBeforeGame(
      db,
      teamIds.b,
      campaign,
      ruleset,
      before.filter((r) => r.teamId === teamIds.b),
      dataOf,
    ),
  };
  const state = stateOf(campaign, ruleset, [teams.a, teams.b]);
  // What the entries before the game add up to, as planAmend counts them.
  const sums = { balance: {} as Record<string, number>, exp: {} as Record<string, number>, injuries: {} as Record<string, number> };
  for (const t of SIDES) sums.balance[teamIds[t]] = teams[t].req;
  for (const m of Object.values(state.projection.models)) sums.exp[m.model] = m.exp;
  const beforeItems = campaignLedgerItems(before, dataOf);
  for (const item of beforeItems) {
    const d = item.data;
    if (item.voided || d.kind !== 'injury.rolled' || d.result.kind !== 'permanent-injury') continue;
    sums.injuries[d.model] = (sums.injuries[d.model] ?? 0) + 1;
  }
  for (const item of beforeItems) {
    const d = item.data;
    if (!item.voided && d.kind === 'honour.bought' && d.model !== null && d.honour === 'restorative-surgery')
      sums.injuries[d.model] = Math.max(0, (sums.injuries[d.model] ?? 0) - 1);
  }
  // Later committed games of either team, and who of the team took part in them (each game once).
  const later = new Map<string, GameRow>();
  for (const side of SIDES)
    for (const g of gamesRepo.listGames(db, campaign.id, { teamId: teamIds[side], status: ['committed'], after: game.number }))
      if (g.report !== null) later.set(g.id, g);
  const laterGames = [...later.values()].flatMap((g) => {
    const report = GameReport.parse(g.report);
    return SIDES.map((side) => ({
      gameId: g.id,
      team: report.sides[side].teamId,
      models: report.models.filter((m) => m.side === side && m.tookPart).map((m) => m.id),
    }));
  });
  const items = campaignLedgerItems(slice, dataOf).map((item, n) => ({ ...item, seq: n + 1 }));
  const firstSeq = slice[0]?.seq ?? Number.MAX_SAFE_INTEGER;
  return { game, campaign, teams, state, slice, items, sums, laterGames, firstSeq, place, parsed, ledger };
}
export type AmendContext = ReturnType<typeof amendContext>;

/** The committed game as a draft to edit: its report, and its awards, honours, recruits and rolls read back from the ledger. */
export function committedDraft(c: AmendContext): GameDraft {
  return draftOfRecord(c, GameReport.parse(c.game.report), GamePlan.parse(c.game.plan).rolls);
}

/**
 * committedDraft from a report and plan rolls already checked (the replay: an import checked every game's report and
 * plan as it read the file, and resolving the draft validates its report again), without parsing them once more.
 */
export function draftOfRecord(
  c: Pick<AmendContext, 'game' | 'items' | 'state'>,
  report: GameReport,
  planRolls: readonly GameReport['rolls'][number][],
): GameDraft {
  const live = c.items.filter((i) => i.gameId === c.game.id && !i.voided);
  const sideOf = (team: string): Side => (team === c.game.teamAId ? 'a' : 'b');
  const expAwardIds = new Set((c.state.ruleset.progression.experience.awards ?? []).map((a) => a.id));
  const awards: GameDraft['awards'] = { a: { otherAwards: [], expAwards: [] }, b: { otherAwards: [], expAwards: [] } };
  const honours: GameDraft['honours'] = [];
  const recruits: (GameDraft['recruits'][number] & { at: string })[] = [];
  for (const { team, data: d } of live) {
    const side = sideOf(team);
    // Built-in awards listed here are ignored by the rules (they are worked out from the result).
    if (d.kind === 'req.awarded') awards[side].otherAwards.push(d.award);
    if (d.kind === 'exp.gained' && expAwardIds.has(d.source)) {
      const award = c.state.ruleset.progression.experience.awards!.find((a) => a.id === d.source)!;
      awards[side].expAwards.push({ model: d.model, award: d.source, times: Math.max(1, Math.round(d.amount / Math.max(1, award.exp))) });
    }
    if (d.kind === 'injury.rolled' && d.rolls.some((r) => r.purpose.includes(MEDICAL_GEAR))) awards[side].injuryReroll = d.model;
    if (d.kind === 'honour.bought') honours.push({ side, model: d.model, honour: d.honour, elite: d.surcharge > 0 });
    if (d.kind === 'model.recruited') recruits.push({ side, entryId: d.model.entryId, name: d.model.name, at: d.model.id });
  }
  const index = (id: string) => Number(/:r(\d+)$/.exec(id)?.[1] ?? 0);
  recruits.sort((x, y) => index(x.at) - index(y.at));
  const post = report.rolls.filter((r) => r.key?.startsWith('post|'));
  const faces: GameDraft['faces'] = {};
  const overrides: GameDraft['overrides'] = {};
  for (const r of post) {
    if (c.game.diceMode === 'physical') faces[r.key!] = [...r.faces];
    const changed = OVERRIDDEN.exec(r.purpose);
    if (c.game.diceMode === 'app' && changed) overrides[r.key!] = { faces: [...r.faces], by: changed[1]!, reason: changed[2]! };
  }
  const { amendments: _history, ...current } = report;
  return {
    step: 'result',
    report: { ...current, rolls: [...planRolls] },
    awards,
    honours,
    recruits: recruits.map(({ at: _at, ...r }) => r),
    faces,
    overrides,
  };
}

/** The amended entries as the ledger will hold them (ids of their own: the game's old entries keep theirs). */
function amendedEntries(c: AmendContext, resolved: Resolved, round: number): (NewEntry & AmendEntry)[] {
  const teamOf = (side: Side) => c.teams[side].row.id;
  const sideOfTeam = (team: string): Side => (team === c.teams.a.row.id ? 'a' : 'b');
  const id = (n: number) => amendmentEntryId(c.game.id, round, n);
  const games = resolved.entries.map((e, n) => {
    const view = resolved.texts.get(e.id)!;
    const data: ProgressionEntry = { ...e, id: id(n) };
    return {
      id: id(n),
      team: teamOf(sideOfTeam(e.team)),
      teamId: teamOf(sideOfTeam(e.team)),
      modelId: 'model' in e ? e.model : null,
      kind: e.kind,
      req: view.req,
      data,
      reason: view.text,
    };
  });
  const recruits = resolved.recruits.map((r, n) => ({
    id: id(games.length + n),
    team: teamOf(r.side),
    teamId: teamOf(r.side),
    modelId: r.modelId,
    kind: 'model.recruited',
    req: r.req,
    data: r.data as LedgerData,
    reason: r.reason,
  }));
  return [...games, ...recruits];
}

/** A dependent in words ("Brother Orin reaches level 2 (10 EXP) in game 5: the EXP is no longer there."). */
function dependentWords(db: Db, d: AmendDependent, c: AmendContext, name: (id: string | null) => string, human: (t: string) => string) {
  const row = d.entryId === null ? undefined : c.slice.find((r) => r.id === d.entryId);
  const what = row ? human(row.reason).replace(/\.$/, '') : `${name(d.modelId)} took part`;
  const where = d.gameId === null ? '' : ` in game ${gamesRepo.findGameLine(db, d.gameId)?.number ?? '?'}`;
  switch (d.reason) {
    case 'req-short':
      return `${what}${where}: the team would be ${d.short ?? 0} Req short.`;
    case 'model-gone':
    case 'later-game':
      return `${what}${where}: ${name(d.modelId)} would no longer be on the roster after this game.`;
    case 'level-lost':
      return `${what}${where}: ${name(d.modelId)} would no longer have the EXP for it.`;
    case 'level-twice':
      return `${what}${where}: ${name(d.modelId)} would reach that level in this game already.`;
    case 'surgery':
      return `${what}${where}: the injury it healed would no longer have happened.`;
    case 'replaced-dead-model':
      return `${what}${where}: with the model this amendment brings back, the team would have ${(d.breaks ?? []).join(', and ')}.`;
  }
}

/**
 * The Threats the Underdog is judged against (docs/progression.md Threat), all as they stood just before the game: the
 * game's two teams (so its own deaths, honours and recruits do not count) and every other team founded by then.
 */
function threatsForAmend(db: Db, c: AmendContext): number[] {
  const others = otherThreatsBefore(db, c.campaign.id, [c.teams.a.row.id, c.teams.b.row.id], c.place);
  return [teamThreat(c.teams.a), teamThreat(c.teams.b), ...others];
}

/** JSON with keys sorted and undefined left out: two reports saying the same compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : v,
  );
}

/** What amending the game to `draft` does, in words, with what the handler writes. */
export function planAmendment(db: Db, game: GameRow, draft: GameDraft | undefined) {
  const c = amendContext(db, game);
  const wanted = draft ?? committedDraft(c);
  const resolved = resolveGame({ game, state: c.state, teams: c.teams, threats: threatsForAmend(db, c), draft: wanted });
  const history = GameReport.parse(game.report).amendments ?? [];
  const entries = amendedEntries(c, resolved, history.length + 1);
  const plan = planAmend(c.items, game.id, entries, {
    before: c.sums,
    laterGames: c.laterGames,
    roster: voidRosterLimits(db, c.campaign.pointsLimit, c.firstSeq),
  });
  const names = modelNames(c.teams, c.state);
  // Models recruited after the game (named in a later entry that depends on it): their names as the teams have them now.
  for (const team of [c.teams.a, c.teams.b])
    for (const [id, m] of Object.entries(readTeamState(db, team.row.id)?.state.directory ?? {})) if (!names.has(id)) names.set(id, m.name);
  const human = humanizer(c.teams, names);
  const name = (id: string | null) => (id === null ? 'a model' : (names.get(id) ?? 'a model'));
  const teamName = (team: string) => (team === c.teams.a.row.id ? c.teams.a.row.name : c.teams.b.row.name);
  const rowOf = new Map(c.slice.map((r) => [r.id, r]));
  const oldLine = (i: CampaignLedgerItem): AmendLine => ({ teamName: teamName(i.team), text: human(rowOf.get(i.id)?.reason ?? i.data.kind), req: i.req });
  const newLine = (e: NewEntry): AmendLine => ({ teamName: teamName(e.teamId), text: e.reason, req: e.req });
  const dependents = plan.dependents.map((d) => dependentWords(db, d, c, name, human));
  const p = resolved.preview;
  const nothing = plan.diff.added.length + plan.diff.removed.length + plan.diff.changed.length === 0;
  // A VP miscounted may change no entry: the amendment is then the report alone, still worth applying.
  const sameReport = nothing && canonical({ ...wanted.report, rolls: [] }) === canonical({ ...committedDraft(c).report, rolls: [] });
  const refusal = p.pendingRoll
    ? `Roll ${p.pendingRoll.expression} for ${p.pendingRoll.purpose} first.`
    : p.blocked
      ? p.blocked
      : !p.ready
        ? p.problems.join(' ') || 'The amended result is not complete.'
        : dependents.length > 0
          ? `Later entries depend on what this amendment changes: ${dependents.join(' ')} Amend or void those first.`
          : sameReport
            ? 'Nothing is amended yet: change the result first.'
            : null;
  const view: AmendPreview = {
    draft: wanted,
    preview: p,
    added: plan.diff.added.map((a) => newLine(a)),
    removed: plan.diff.removed.map(oldLine),
    changed: plan.diff.changed.map((ch) => ({ before: oldLine(ch.before), after: newLine(ch.after) })),
    kept: plan.diff.kept.length,
    dependents,
    refusal,
  };
  return { c, resolved, plan, entries, view, wanted };
}
