/**
 * The campaign's central promise (issue 18, docs/architecture.md properties 3 and 5): a team's ledger, its roster
 * cache (teams.roster) and its stored projection (team_projections) always agree, and Req never goes below 0.
 *
 * fast-check drives random sequences of what a club does — founding, games committed with deaths, injuries, EXP,
 * honours and recruits bought in the wizard, voids (with their dependents), recruits, dismissals, wargear, renames,
 * Req adjustments, Tactical Reserves (models and gear parked and brought back), and the campaign exported and imported again — through the real handlers on a real SQLite file.
 * Every third campaign plays Experience & Levels (tables entered), so models also level up and roll advances; committed
 * games are also amended (issue 20).
 * After every step, every team's stored projection and roster equal a rebuild from its ledger, and Req is ≥ 0.
 * A refused step must be refused in words (never INTERNAL) and change nothing.
 * `npm test`: 200 sequences; `npm run test:reliability`: 1,000.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { AmendPreview } from '../../shared/ipc/schemas/amend';
import type { GameDetail, GameDraft } from '../../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Ruleset, RosterModel } from '../../shared/rules';
import { Sfc32, battleHonoursPreset } from '../../shared/rules';
import { result as plausibleResult } from '../../bench/scenario';
import { staleTeams } from '../../src-main/ledger';
import { call, testCore } from '../../src-main/test-support';

const FULL = process.env.RELIABILITY_FULL === '1' || process.env.npm_lifecycle_event === 'test:reliability';
const SEQUENCES = FULL ? 1000 : 200;

const core = testCore();
afterAll(() => core.close());
const db = core.opened.db;
const sqlite = core.opened.sqlite;
/** Every row of one campaign a ledger write can touch (a refused step must leave them as they were). */
const campaignRows = (campaignId: string) =>
  ['teams', 'ledger_entries', 'team_projections', 'games', 'players'].map((t) =>
    sqlite.prepare(`SELECT * FROM ${t} WHERE campaign_id = ? ORDER BY rowid`).all(campaignId),
  );

const HELD_THE_LINE = {
  id: 'held-the-line',
  name: 'Held the line',
  exp: 1,
  modelTypes: ['team-leader', 'special', 'core'],
  condition: 'The model was still fighting when the game ended.',
  citation: { source: 'house rule', section: 'Property test EXP award' },
};

const ROSTERS = {
  'orks-sample': { leader: 'boss-nob', special: 'burna-boy', core: 'boy', wargear: 'cybork-body' },
  'imperial-guard-sample': { leader: 'veteran-sergeant', special: 'specialist', core: 'guardsman', wargear: 'camo-cloak' },
} as const;
type ListKey = keyof typeof ROSTERS;

const Step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('game' as const),
      deaths: fc.integer({ min: 0, max: 60 }).map((n) => n / 100),
      exp: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
      honour: fc.boolean(),
      recruit: fc.boolean(),
      seed: fc.nat(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat(), withDependents: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('amend' as const), pick: fc.nat(), model: fc.nat(), by: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('recruit' as const), team: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dismiss' as const), team: fc.nat(), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wargear' as const), team: fc.nat(), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), team: fc.nat(), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('adjust' as const), team: fc.nat(), amount: fc.integer({ min: -120, max: 60 }).filter((n) => n !== 0) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('import' as const) }) },
  // Tactical Reserves (docs/progression.md): park a model or bring one back; park an Armoury item or fit a parked one.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reserve' as const), team: fc.nat(), pick: fc.nat(), back: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('gear' as const), team: fc.nat(), pick: fc.nat(), fit: fc.boolean() }) },
);
type Step = typeof Step extends fc.Arbitrary<infer T> ? T : never;

let lists: TeamListSummary[] | undefined;
let missions: string[] | undefined;
let sequence = 0;
let amended = 0;

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

/** A campaign with the club's EXP award and two founded six-model teams. */
async function setUp() {
  const n = ++sequence;
  const preset = n % 3 === 0 ? 'hor-experience-levels' : 'hor-battle-honours';
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: `Sequence ${n}`, preset });
  const current = await call<{ ruleset: Ruleset; hash: string }>(core, 'rulesets.current', { id: campaign.id });
  const ruleset: Ruleset = preset === 'hor-experience-levels' ? experienceLevels(structuredClone(current.ruleset)) : structuredClone(current.ruleset);
  ruleset.progression.experience.awards = [...(ruleset.progression.experience.awards ?? []), HELD_THE_LINE as never];
  await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset, expectedHash: current.hash, reason: 'House rule: Held the line' });
  lists ??= await call<TeamListSummary[]>(core, 'teamLists.list', {});
  missions ??= (await call<{ missions: { id: string }[] }>(core, 'campaigns.settings', { id: campaign.id })).missions
    .map((m) => m.id)
    .filter((id) => id !== 'last-stand');
  const teams: { id: string; key: ListKey }[] = [];
  for (const key of Object.keys(ROSTERS) as ListKey[]) {
    const r = ROSTERS[key];
    const player = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: `${key} player` });
    const listId = lists.find((l) => l.listKey === key)!.id;
    const team = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: player.id, teamListId: listId, name: `${key} ${n}` });
    const model = (entryId: string, i: number): RosterModel => ({
      id: `s${n}-${key}-${i}`,
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
  return { campaignId: campaign.id, teams };
}

/** Every stored projection and roster of these teams equals a rebuild from the ledger; no team's Req is below 0. */
function assertAgree(teamIds: readonly string[], after: string) {
  expect(staleTeams(db, teamIds), `after ${after}`).toEqual([]);
  const negative = sqlite.prepare(`SELECT team_id, req FROM team_projections WHERE req < 0`).all();
  expect(negative, `after ${after}`).toEqual([]);
}

/** Run a step that may be refused: a refusal is typed, in words, and changes nothing. */
async function attempt(campaignId: string, channel: string, input: unknown): Promise<unknown> {
  const before = campaignRows(campaignId);
  const r = await core.invoke(channel, input);
  if (r.ok) return r.value;
  expect(['VALIDATION', 'NOT_FOUND'], `${channel}: ${r.error.code}: ${r.error.message}`).toContain(r.error.code);
  expect(campaignRows(campaignId), `${channel} was refused (${r.error.message}) but changed the campaign`).toEqual(before);
  return undefined;
}

async function playGame(campaignId: string, teams: readonly { id: string; key: ListKey }[], step: Extract<Step, { kind: 'game' }>) {
  const sfc = Sfc32.fromSeed(`game-${step.seed}`);
  const rng = () => sfc.nextUint32() / 0x1_0000_0000;
  const mission = missions![step.seed % missions!.length]!;
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
    return;
  }
  const answer = await call<GameDetail>(core, 'games.commit', { id: created.game.id });
  // The commit answers from what it wrote (issue 18): exactly what reading the game back gives.
  expect(answer).toEqual(await call<GameDetail>(core, 'games.get', { id: created.game.id }));
}

/**
 * Amend a committed game (issue 20): one model's fate turned over — a casualty that was not, or one that was missed.
 * Applied when the preview allows it; otherwise the amendment must be refused in words and change nothing.
 */
async function amendGame(campaignId: string, step: Extract<Step, { kind: 'amend' }>) {
  const committed = sqlite.prepare(`SELECT id FROM games WHERE campaign_id = ? AND status = 'committed' ORDER BY number`).pluck().all(campaignId) as string[];
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
  const answer = await attempt(campaignId, 'games.amend', { id, draft: preview.draft, reason: 'property test' });
  if (preview.refusal === null) expect(answer, `the preview allowed it: ${JSON.stringify(preview.dependents)}`).toBeDefined();
  else expect(answer, `the preview refused it (${preview.refusal}) but the amendment was applied`).toBeUndefined();
  if (answer) {
    amended++;
    expect(answer).toEqual(await call<GameDetail>(core, 'games.get', { id }));
  }
}

async function run(steps: readonly Step[]) {
  const { campaignId, teams } = await setUp();
  const checked = teams.map((t) => t.id);
  assertAgree(checked, 'founding');
  for (const [i, step] of steps.entries()) {
    const team = 'team' in step ? teams[step.team % teams.length]! : teams[0]!;
    const detail = () => call<TeamDetail>(core, 'teams.get', { id: team.id });
    switch (step.kind) {
      case 'game':
        await playGame(campaignId, teams, step);
        break;
      case 'void': {
        const committed = sqlite
          .prepare(`SELECT id FROM games WHERE campaign_id = ? AND status = 'committed' ORDER BY number`)
          .pluck()
          .all(campaignId) as string[];
        if (committed.length === 0) break;
        await attempt(campaignId, 'games.void', { id: committed[step.pick % committed.length], reason: 'property test', withDependents: step.withDependents });
        break;
      }
      case 'amend':
        await amendGame(campaignId, step);
        break;
      case 'recruit':
        await attempt(campaignId, 'teams.recruit', {
          id: team.id,
          model: { id: `r${sequence}-${i}`, entryId: ROSTERS[team.key].core, name: `Recruit ${i}`, options: {}, armoury: [], grenades: {} },
        });
        break;
      case 'dismiss': {
        const models = (await detail()).roster.models;
        if (models.length === 0) break;
        await attempt(campaignId, 'teams.dismiss', { id: team.id, modelId: models[step.pick % models.length]!.id, reason: 'property test' });
        break;
      }
      case 'wargear':
      case 'rename': {
        const models = (await detail()).roster.models;
        if (models.length === 0) break;
        const m = models[step.pick % models.length]!;
        const changed = step.kind === 'rename' ? { ...m, name: `Renamed ${i}` } : { ...m, armoury: [...m.armoury, ROSTERS[team.key].wargear] };
        await attempt(campaignId, 'teams.changeModel', { id: team.id, model: changed });
        break;
      }
      case 'reserve': {
        // Bringing back looks for a parked model in any team (sequences are short); with none, a model is parked.
        const rosters = await Promise.all(teams.map(async (t) => ({ t, roster: (await call<TeamDetail>(core, 'teams.get', { id: t.id })).roster })));
        const withParked = rosters.find((r) => (r.roster.reserve?.models.length ?? 0) > 0);
        const [at, back] = step.back && withParked ? [withParked, true] : [rosters.find((r) => r.t.id === team.id)!, false];
        const models = back ? at.roster.reserve!.models : at.roster.models;
        if (models.length === 0) break;
        await attempt(campaignId, 'teams.reserve', { id: at.t.id, modelId: models[step.pick % models.length]!.id, inReserve: !back });
        break;
      }
      case 'gear': {
        // Any team's carried item is parked (bought first when no model carries one: sequences are short); with `fit`,
        // a parked item is then fitted to the first model, from the picked one, that may take it.
        const rosters = async () => Promise.all(teams.map(async (t) => ({ t, roster: (await call<TeamDetail>(core, 'teams.get', { id: t.id })).roster })));
        const carrying = (await rosters()).flatMap((r) => r.roster.models.filter((m) => m.armoury.length > 0).map((m) => ({ t: r.t, m })));
        let c = carrying[step.pick % Math.max(1, carrying.length)];
        if (!c) {
          const m = (await detail()).roster.models[0];
          const bought = m && (await attempt(campaignId, 'teams.changeModel', { id: team.id, model: { ...m, armoury: [ROSTERS[team.key].wargear] } }));
          if (bought) c = { t: team, m: { ...m, armoury: [ROSTERS[team.key].wargear] } };
        }
        if (c) await attempt(campaignId, 'teams.parkGear', { id: c.t.id, modelId: c.m.id, item: c.m.armoury[0]! });
        const fitting = step.fit ? (await rosters()).find((r) => (r.roster.reserve?.gear.length ?? 0) > 0 && r.roster.models.length > 0) : undefined;
        if (!fitting) break;
        const item = fitting.roster.reserve!.gear[0]!;
        const models = fitting.roster.models;
        for (let k = 0; k < models.length; k++) {
          const modelId = models[(step.pick + k) % models.length]!.id;
          if (await attempt(campaignId, 'teams.fitGear', { id: fitting.t.id, modelId, item })) break;
        }
        break;
      }
      case 'adjust':
        await attempt(campaignId, 'teams.adjustRequisition', { id: team.id, amount: step.amount, reason: 'property test' });
        break;
      case 'import': {
        const file = await call<{ outcome: 'download'; text: string }>(core, 'campaigns.exportFile', { id: campaignId, destination: 'download' });
        // The same campaign here unchanged takes nothing from its own file; imported as a copy under a new name, the file
        // makes a second campaign (README, issue 22).
        const imported = await call<{ outcome: 'imported'; campaign: { id: string } }>(core, 'campaigns.importFile', {
          source: 'upload',
          fileName: 'sequence.json',
          text: file.text,
          asCopy: { name: `Sequence ${sequence} copy ${i}` },
        });
        const copy = sqlite.prepare(`SELECT id FROM teams WHERE campaign_id = ?`).pluck().all(imported.campaign.id) as string[];
        checked.push(...copy);
        break;
      }
    }
    assertAgree(checked, `step ${i + 1} (${step.kind})`);
  }
}

describe('ledger, roster caches and projections agree (issue 18)', () => {
  it(`after every step of ${SEQUENCES} random sequences through the handlers; Req never below 0`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(Step, { minLength: 2, maxLength: 7 }), async (steps) => {
        await run(steps);
      }),
      { numRuns: SEQUENCES, seed: 20261123, endOnFailure: true },
    );
    // The sequences did what they are meant to: every kind of ledger write happened, voids and imports included.
    const kinds = new Map(
      (
        sqlite.prepare(`SELECT kind, count(*) AS n, sum(voided_at IS NOT NULL) AS voided FROM ledger_entries GROUP BY kind`).all() as {
          kind: string;
          n: number;
          voided: number;
        }[]
      ).map((r) => [r.kind, r]),
    );
    for (const kind of [
      'team.founded',
      'req.awarded',
      'exp.gained',
      'level.reached',
      'injury.rolled',
      'model.died',
      'honour.bought',
      'model.recruited',
      'model.dismissed',
      'model.renamed',
      'model.wargear',
      'req.adjusted',
      'model.reserved',
      'model.returned',
      'gear.parked',
      'gear.fitted',
    ]) {
      expect(kinds.get(kind)?.n ?? 0, kind).toBeGreaterThan(0);
    }
    expect(
      [...kinds.values()].reduce((n, k) => n + k.voided, 0),
      'voided entries',
    ).toBeGreaterThan(0);
    expect(amended, 'games amended').toBeGreaterThan(0);
    expect(Number(sqlite.prepare(`SELECT count(*) FROM campaigns WHERE name LIKE 'Sequence %' `).pluck().get())).toBeGreaterThan(SEQUENCES);
  }, 600_000);

  it('the check can fail: a projection one Req off its ledger is found', async () => {
    const { teams } = await setUp();
    const ids = teams.map((t) => t.id);
    assertAgree(ids, 'founding');
    sqlite.prepare('UPDATE team_projections SET req = req + 1 WHERE team_id = ?').run(ids[0]);
    expect(() => assertAgree(ids, 'tampering')).toThrow();
  });
});
