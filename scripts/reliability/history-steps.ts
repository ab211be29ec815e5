/**
 * What a club does to a campaign, as fast-check steps driven through the real handlers (issues 18 and 27): founding
 * two six-model teams, games committed with deaths, injuries, EXP, honours and recruits bought in the wizard, voids
 * (with their dependents), amendments, and the organiser's actions on the team page — recruits, dismissals, wargear,
 * renames, Req adjustments and Tactical Reserves (models and gear parked and brought back).
 *
 * Shared by ledger-sequences.test.ts (the ledger and its caches agree after every step) and history-roundtrip.test.ts
 * (every history survives export and import). Every step takes the laptop (`Core`) it runs on, so one history can move
 * between laptops.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { AmendPreview } from '../../shared/ipc/schemas/amend';
import type { GameDetail, GameDraft } from '../../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary, TeamSummary } from '../../shared/ipc/schemas/teams';
import type { Ruleset, RosterModel } from '../../shared/rules';
import { Sfc32, battleHonoursPreset } from '../../shared/rules';
import { result as plausibleResult } from '../../bench/scenario';
import type { Core } from '../../src-main/core';
import { call } from '../../src-main/test-support';

export const HELD_THE_LINE = {
  id: 'held-the-line',
  name: 'Held the line',
  exp: 1,
  modelTypes: ['team-leader', 'special', 'core'],
  condition: 'The model was still fighting when the game ended.',
  citation: { source: 'house rule', section: 'Property test EXP award' },
};

export const ROSTERS = {
  'orks-sample': { leader: 'boss-nob', special: 'burna-boy', core: 'boy', wargear: 'cybork-body' },
  'imperial-guard-sample': { leader: 'veteran-sergeant', special: 'specialist', core: 'guardsman', wargear: 'camo-cloak' },
} as const;
export type ListKey = keyof typeof ROSTERS;

export interface PlayedTeam {
  id: string;
  key: ListKey;
}
/** Where a history stands now: the laptop, the campaign's id there and its two teams (side A first). */
export interface Place {
  core: Core;
  campaignId: string;
  teams: PlayedTeam[];
}

export const GameStepArbitrary = fc.record({
  kind: fc.constant('game' as const),
  deaths: fc.integer({ min: 0, max: 60 }).map((n) => n / 100),
  exp: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
  honour: fc.boolean(),
  recruit: fc.boolean(),
  seed: fc.nat(),
});
export type GameStep = typeof GameStepArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The organiser's actions on the team page (no game involved). */
const organiserSteps = [
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('recruit' as const), team: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dismiss' as const), team: fc.nat(), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wargear' as const), team: fc.nat(), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), team: fc.nat(), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('adjust' as const), team: fc.nat(), amount: fc.integer({ min: -120, max: 60 }).filter((n) => n !== 0) }),
  },
  // Tactical Reserves (docs/progression.md): park a model or bring one back; park an Armoury item or fit a parked one.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reserve' as const), team: fc.nat(), pick: fc.nat(), back: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('gear' as const), team: fc.nat(), pick: fc.nat(), fit: fc.boolean() }) },
] as const;
export const OrganiserStep = fc.oneof(...organiserSteps);

/** Every shared step with its weight: games, voids, amendments and the organiser's actions. */
export const SHARED_STEPS = [
  { weight: 5, arbitrary: GameStepArbitrary },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat(), withDependents: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('amend' as const), pick: fc.nat(), model: fc.nat(), by: fc.nat() }) },
  ...organiserSteps,
] as const;
type ArbitraryOf<T> = T extends { arbitrary: fc.Arbitrary<infer U> } ? U : never;
export type SharedStep = ArbitraryOf<(typeof SHARED_STEPS)[number]>;
export const SHARED_KINDS: ReadonlySet<string> = new Set(['game', 'void', 'amend', 'recruit', 'dismiss', 'wargear', 'rename', 'adjust', 'reserve', 'gear']);

/** How often the steps did what they are meant to (each test file runs in its own process). */
export const tally = { amended: 0 };

const d6 = (id: string, name: string, rows: [number, number, string, string][]) => ({
  id,
  name,
  expression: 'D6',
  rows: rows.map(([from, to, result, text]) => ({ from, to, result, text })),
  citation: { source: 'house rule', section: name },
});

/**
 * Experience & Levels with the tables a club would enter (house numbers, for the test only): every third sequence
 * plays it, so models level up and roll advances, and voids take levels back.
 */
function experienceLevels(r: Ruleset): Ruleset {
  const bh = battleHonoursPreset();
  r.progression.levelThresholds = [
    { level: 1, exp: 1 },
    { level: 2, exp: 3 },
    { level: 3, exp: 6 },
  ];
  r.progression.advanceTable = d6('club-advances', 'Advances', [[1, 6, 'plus-1-ws', '+1 Weapon Skill']]);
  r.progression.skills = [];
  r.progression.injuries = structuredClone(bh.progression.injuries);
  r.progression.injuryFollowUps = structuredClone(bh.progression.injuryFollowUps);
  r.progression.requisition.chart = d6('club-req-chart', 'Requisition chart', [
    [1, 3, 'req-10', '10 Req'],
    [4, 6, 'req-20', '20 Req'],
  ]);
  return r;
}

/** The library's team lists of a laptop, by id (ids differ between laptops). */
const listsOf = new WeakMap<Core, TeamListSummary[]>();
async function teamLists(core: Core): Promise<TeamListSummary[]> {
  const known = listsOf.get(core);
  if (known) return known;
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  listsOf.set(core, lists);
  return lists;
}

/**
 * Campaign `n`, with the club's EXP award and two founded six-model teams; every third one plays Experience & Levels.
 * Model ids start with `tag`, so campaigns sharing a laptop never share one.
 */
export async function foundCampaign(core: Core, n: number, name: string, tag: string): Promise<Place> {
  const preset = n % 3 === 0 ? 'hor-experience-levels' : 'hor-battle-honours';
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name, preset });
  const current = await call<{ ruleset: Ruleset; hash: string }>(core, 'rulesets.current', { id: campaign.id });
  const ruleset: Ruleset = preset === 'hor-experience-levels' ? experienceLevels(structuredClone(current.ruleset)) : structuredClone(current.ruleset);
  ruleset.progression.experience.awards = [...(ruleset.progression.experience.awards ?? []), HELD_THE_LINE as never];
  await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset, expectedHash: current.hash, reason: 'House rule: Held the line' });
  const lists = await teamLists(core);
  const teams: PlayedTeam[] = [];
  for (const key of Object.keys(ROSTERS) as ListKey[]) {
    const r = ROSTERS[key];
    const player = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: `${key} player` });
    const listId = lists.find((l) => l.listKey === key)!.id;
    const team = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: player.id, teamListId: listId, name: `${key} ${n}` });
    const model = (entryId: string, i: number): RosterModel => ({
      id: `${tag}-${key}-${i}`,
      entryId,
      name: `${entryId} ${i}`,
      options: {},
      armoury: [],
      grenades: {},
    });
    const models = [model(r.leader, 0), model(r.special, 1), ...[2, 3, 4, 5].map((i) => model(r.core, i))];
    await call(core, 'teams.saveDraft', { id: team.team.id, roster: { models } });
    await call(core, 'teams.found', { id: team.team.id });
    teams.push({ id: team.team.id, key });
  }
  return { core, campaignId: campaign.id, teams };
}

/** A campaign's two teams on this laptop (side A first), found again after it moved or was restored (new ids). */
export async function teamsOf(core: Core, campaignId: string): Promise<PlayedTeam[]> {
  const lists = await teamLists(core);
  const order = Object.keys(ROSTERS);
  return (await call<TeamSummary[]>(core, 'teams.list', { campaignId }))
    .map((t) => ({ id: t.id, key: lists.find((l) => l.id === t.teamListId)?.listKey as ListKey }))
    .sort((x, y) => order.indexOf(x.key) - order.indexOf(y.key));
}

/** Every row of one campaign a ledger write can touch (a refused step must leave them as they were). */
const campaignRows = (core: Core, campaignId: string) =>
  ['teams', 'ledger_entries', 'team_projections', 'games', 'players'].map((t) =>
    core.opened.sqlite.prepare(`SELECT * FROM ${t} WHERE campaign_id = ? ORDER BY rowid`).all(campaignId),
  );

/** Run a step that may be refused: a refusal is typed, in words, and changes nothing. */
export async function attempt(core: Core, campaignId: string, channel: string, input: unknown): Promise<unknown> {
  const before = campaignRows(core, campaignId);
  const r = await core.invoke(channel, input);
  if (r.ok) return r.value;
  expect(['VALIDATION', 'NOT_FOUND'], `${channel}: ${r.error.code}: ${r.error.message}`).toContain(r.error.code);
  expect(campaignRows(core, campaignId), `${channel} was refused (${r.error.message}) but changed the campaign`).toEqual(before);
  return undefined;
}

const missionsOf = new WeakMap<Core, string[]>();
async function missions(core: Core, campaignId: string): Promise<string[]> {
  const known = missionsOf.get(core);
  if (known) return known;
  const ids = (await call<{ missions: { id: string }[] }>(core, 'campaigns.settings', { id: campaignId })).missions
    .map((m) => m.id)
    .filter((id) => id !== 'last-stand');
  missionsOf.set(core, ids);
  return ids;
}

/** Play and commit a game between the two teams; discarded (returns false) when the wizard cannot make it ready. */
export async function playGame({ core, campaignId, teams }: Place, step: GameStep): Promise<boolean> {
  const sfc = Sfc32.fromSeed(`game-${step.seed}`);
  const rng = () => sfc.nextUint32() / 0x1_0000_0000;
  const all = await missions(core, campaignId);
  const mission = all[step.seed % all.length]!;
  const created = await call<GameDetail>(core, 'games.create', { campaignId, teamA: teams[0]!.id, teamB: teams[1]!.id, mission, playedOn: '2026-11-01' });
  const draft: GameDraft = plausibleResult(created, rng, step.deaths, step.exp);
  const survivor = draft.report.models.find((m) => m.side === 'a' && m.tookPart && m.aliveAtEnd);
  if (step.honour && survivor) draft.honours = [{ side: 'a', model: survivor.id, honour: 'furious-charge', elite: false }];
  if (step.recruit) draft.recruits = [{ side: 'b', entryId: ROSTERS[teams[1]!.key].core, name: `Recruit ${step.seed}` }];
  let saved = await call<GameDetail>(core, 'games.saveDraft', { id: created.game.id, draft });
  if (!saved.preview.ready && (draft.honours.length > 0 || draft.recruits.length > 0)) {
    // Not enough Req for what the wizard was asked to buy: play the game without the purchases.
    saved = await call<GameDetail>(core, 'games.saveDraft', { id: created.game.id, draft: { ...draft, honours: [], recruits: [] } });
  }
  if (!saved.preview.ready) {
    await call(core, 'games.discard', { id: created.game.id });
    return false;
  }
  const answer = await call<GameDetail>(core, 'games.commit', { id: created.game.id });
  // The commit answers from what it wrote (issue 18): exactly what reading the game back gives.
  expect(answer).toEqual(await call<GameDetail>(core, 'games.get', { id: created.game.id }));
  return true;
}

const committedGames = (core: Core, campaignId: string) =>
  core.opened.sqlite.prepare(`SELECT id FROM games WHERE campaign_id = ? AND status = 'committed' ORDER BY number`).pluck().all(campaignId) as string[];

/**
 * Amend a committed game (issue 20): one model's fate turned over — a casualty that was not, or one that was missed.
 * Applied when the preview allows it; otherwise the amendment must be refused in words and change nothing.
 */
async function amendGame({ core, campaignId }: Place, step: Extract<SharedStep, { kind: 'amend' }>) {
  const committed = committedGames(core, campaignId);
  if (committed.length === 0) return;
  const id = committed[step.pick % committed.length]!;
  const { draft } = await call<AmendPreview>(core, 'games.previewAmend', { id });
  const playing = draft.report.models.filter((m) => m.tookPart);
  const model = playing[step.model % playing.length];
  if (!model) return;
  const enemies = playing.filter((m) => m.side !== model.side);
  const by = enemies[step.by % Math.max(1, enemies.length)]?.id ?? null;
  draft.report.models = draft.report.models.map((m) =>
    m.id !== model.id
      ? m
      : m.aliveAtEnd
        ? { ...m, aliveAtEnd: false, outOfAction: { by, how: 'shooting' as const } }
        : { ...m, aliveAtEnd: true, outOfAction: null },
  );
  const preview = await call<AmendPreview>(core, 'games.previewAmend', { id, draft });
  const answer = await attempt(core, campaignId, 'games.amend', { id, draft: preview.draft, reason: 'property test' });
  if (preview.refusal === null) expect(answer, `the preview allowed it: ${JSON.stringify(preview.dependents)}`).toBeDefined();
  else expect(answer, `the preview refused it (${preview.refusal}) but the amendment was applied`).toBeUndefined();
  if (answer) {
    tally.amended++;
    expect(answer).toEqual(await call<GameDetail>(core, 'games.get', { id }));
  }
}

/** Park or fit Armoury gear: see the `gear` step. */
async function moveGear(place: Place, team: PlayedTeam, step: Extract<SharedStep, { kind: 'gear' }>) {
  const { core, campaignId, teams } = place;
  // Any team's carried item is parked (bought first when no model carries one: sequences are short); with `fit`, a
  // parked item is then fitted to the first model, from the picked one, that may take it.
  const rosters = async () => Promise.all(teams.map(async (t) => ({ t, roster: (await call<TeamDetail>(core, 'teams.get', { id: t.id })).roster })));
  const carrying = (await rosters()).flatMap((r) => r.roster.models.filter((m) => m.armoury.length > 0).map((m) => ({ t: r.t, m })));
  let c = carrying[step.pick % Math.max(1, carrying.length)];
  if (!c) {
    const m = (await call<TeamDetail>(core, 'teams.get', { id: team.id })).roster.models[0];
    const bought = m && (await attempt(core, campaignId, 'teams.changeModel', { id: team.id, model: { ...m, armoury: [ROSTERS[team.key].wargear] } }));
    if (bought) c = { t: team, m: { ...m, armoury: [ROSTERS[team.key].wargear] } };
  }
  if (c) await attempt(core, campaignId, 'teams.parkGear', { id: c.t.id, modelId: c.m.id, item: c.m.armoury[0]! });
  const fitting = step.fit ? (await rosters()).find((r) => (r.roster.reserve?.gear.length ?? 0) > 0 && r.roster.models.length > 0) : undefined;
  if (!fitting) return;
  const item = fitting.roster.reserve!.gear[0]!;
  const models = fitting.roster.models;
  for (let k = 0; k < models.length; k++) {
    const modelId = models[(step.pick + k) % models.length]!.id;
    if (await attempt(core, campaignId, 'teams.fitGear', { id: fitting.t.id, modelId, item })) break;
  }
}

/** Run one shared step; `label` makes the ids and names it creates unique on the laptop. */
export async function runSharedStep(place: Place, step: SharedStep, label: string): Promise<void> {
  const { core, campaignId, teams } = place;
  const team = 'team' in step ? teams[step.team % teams.length]! : teams[0]!;
  const models = async () => (await call<TeamDetail>(core, 'teams.get', { id: team.id })).roster.models;
  switch (step.kind) {
    case 'game':
      await playGame(place, step);
      return;
    case 'void': {
      const committed = committedGames(core, campaignId);
      if (committed.length === 0) return;
      await attempt(core, campaignId, 'games.void', {
        id: committed[step.pick % committed.length],
        reason: 'property test',
        withDependents: step.withDependents,
      });
      return;
    }
    case 'amend':
      await amendGame(place, step);
      return;
    case 'recruit':
      await attempt(core, campaignId, 'teams.recruit', {
        id: team.id,
        model: { id: `r${label}`, entryId: ROSTERS[team.key].core, name: `Recruit ${label}`, options: {}, armoury: [], grenades: {} },
      });
      return;
    case 'dismiss': {
      const ms = await models();
      if (ms.length === 0) return;
      await attempt(core, campaignId, 'teams.dismiss', { id: team.id, modelId: ms[step.pick % ms.length]!.id, reason: 'property test' });
      return;
    }
    case 'wargear':
    case 'rename': {
      const ms = await models();
      if (ms.length === 0) return;
      const m = ms[step.pick % ms.length]!;
      const changed = step.kind === 'rename' ? { ...m, name: `Renamed ${label}` } : { ...m, armoury: [...m.armoury, ROSTERS[team.key].wargear] };
      await attempt(core, campaignId, 'teams.changeModel', { id: team.id, model: changed });
      return;
    }
    case 'reserve': {
      // Bringing back looks for a parked model in any team (sequences are short); with none, a model is parked.
      const rosters = await Promise.all(teams.map(async (t) => ({ t, roster: (await call<TeamDetail>(core, 'teams.get', { id: t.id })).roster })));
      const withParked = rosters.find((r) => (r.roster.reserve?.models.length ?? 0) > 0);
      const [at, back] = step.back && withParked ? [withParked, true] : [rosters.find((r) => r.t.id === team.id)!, false];
      const ms = back ? at.roster.reserve!.models : at.roster.models;
      if (ms.length === 0) return;
      await attempt(core, campaignId, 'teams.reserve', { id: at.t.id, modelId: ms[step.pick % ms.length]!.id, inReserve: !back });
      return;
    }
    case 'gear':
      await moveGear(place, team, step);
      return;
    case 'adjust':
      await attempt(core, campaignId, 'teams.adjustRequisition', { id: team.id, amount: step.amount, reason: 'property test' });
      return;
  }
}
