/**
 * Issue 20, "Precise dependents": twenty games through the real handlers on a real SQLite file, with physical dice so
 * the deaths are the ones typed in, and a routine recruit after every death. Voiding game 1 pulls in only the recruit
 * that truly replaced a model that died there (the Model Allowance is full without it), names the model with the game
 * it died in, and drags no other game along.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail, GameDraft, StandingRow, VoidPlan } from '../../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../core';
import { call, testCore } from '../test-support';

let uid = 0;
const model = (entryId: string, name: string) => ({ id: `m-${++uid}`, entryId, name, options: {}, armoury: [], grenades: {} });

async function team(core: Core, campaignId: string, listId: string, name: string, models: ReturnType<typeof model>[]) {
  const player = await call<Player>(core, 'players.create', { campaignId, name: `${name} player` });
  const t = await call<TeamDetail>(core, 'teams.create', { campaignId, playerId: player.id, teamListId: listId, name });
  await call(core, 'teams.saveDraft', { id: t.team.id, roster: { models } });
  await call(core, 'teams.found', { id: t.team.id });
  // Plenty of Req from the start, so no later purchase leans on one game's Req (that is another, truthful, dependent).
  await call(core, 'teams.adjustRequisition', { id: t.team.id, amount: 500, reason: 'Club start-up grant' });
  return t.team.id;
}

/** Type every pending roll; injury rolls kill the models named in `dies` and spare everyone else. */
async function typeRolls(core: Core, g: GameDetail, dies: readonly string[]): Promise<GameDetail> {
  for (let i = 0; i < 40 && (g.plan === null ? g.planPendingRoll : g.preview.pendingRoll); i++) {
    const p = (g.plan === null ? g.planPendingRoll : g.preview.pendingRoll)!;
    const dead = /Injury/.test(p.purpose) && dies.some((n) => p.purpose.includes(n));
    const injury = /Injury/.test(p.purpose);
    // Other rolls alternate (a roll-off typed 6 and 6 would tie for ever).
    const faces =
      p.expression === 'D66'
        ? dead
          ? [1, 1]
          : [6, 6]
        : p.expression.startsWith('2D6')
          ? [3, 4]
          : p.expression.startsWith('D3')
            ? [2]
            : [dead ? 1 : injury || i % 2 ? 6 : 2];
    g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: p.key, faces });
  }
  return g;
}

/** Play one game in which each model named in `out` is taken out of action and each in `dies` dies of it. */
async function play(core: Core, campaignId: string, teamA: string, teamB: string, out: readonly string[], dies: readonly string[]) {
  let g = await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'relic-hunt' });
  g = await typeRolls(core, g, []);
  const draft: GameDraft = structuredClone(g.draft);
  const firstOf = (side: 'a' | 'b') => g.models.find((m) => m.side === side && !out.includes(m.name))!.id;
  draft.report.models = draft.report.models.map((m) =>
    out.includes(m.name ?? '') ? { ...m, aliveAtEnd: false, outOfAction: { by: firstOf(m.side === 'a' ? 'b' : 'a'), how: 'shooting' } } : m,
  );
  draft.step = 'review';
  g = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
  g = await typeRolls(core, g, dies);
  expect(g.preview.problems).toEqual([]);
  const done = await call<GameDetail>(core, 'games.commit', { id: g.game.id });
  return done.game;
}

describe('void: precise dependents over a 20-game campaign (issue 20)', () => {
  it('voiding game 1 pulls in only the true replacement, named with the game its model died in', async () => {
    const core = testCore();
    const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Long Vraks' });
    await call(core, 'campaigns.updateSettings', {
      id: campaign.id,
      diceMode: 'physical',
      optionalRules: { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false },
    });
    const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
    const listId = (key: string) => lists.find((l) => l.listKey === key)!.id;
    const marines = (prefix: string) => [
      model('sergeant', `${prefix} Sergeant`),
      // Three Veterans: the Model Allowance's Special slots are full (Space Marines: at most 3).
      ...[1, 2, 3].map((n) => model('veteran', `${prefix} Veteran ${n}`)),
      ...[1, 2, 3].map((n) => model('tactical-marine', `${prefix} Marine ${n}`)),
    ];
    const A = await team(core, campaign.id, listId('space-marines-sample'), 'Blades', marines('Blade'));
    const B = await team(core, campaign.id, listId('orks-sample'), 'Gitz', [
      model('boss-nob', 'Gitz Nob'),
      ...[1, 2, 3, 4].map((n) => model('boy', `Gitz Boy ${n}`)),
    ]);
    const C = await team(core, campaign.id, listId('space-marines-sample'), 'Sons', marines('Son'));

    // Each game, one Core model per side dies, and its team recruits another of the same entry after the game.
    const names = new Map<string, number>();
    const next = (prefix: string) => `${prefix} ${(names.set(prefix, (names.get(prefix) ?? 3) + 1), names.get(prefix))}`;
    const core1 = { [A]: 'Blade Marine', [B]: 'Gitz Boy', [C]: 'Son Marine' } as Record<string, string>;
    const alive = {
      [A]: ['Blade Marine 1', 'Blade Marine 2', 'Blade Marine 3'],
      [B]: ['Gitz Boy 1', 'Gitz Boy 2', 'Gitz Boy 3', 'Gitz Boy 4'],
      [C]: ['Son Marine 1', 'Son Marine 2', 'Son Marine 3'],
    } as Record<string, string[]>;
    const entry = { [A]: 'tactical-marine', [B]: 'boy', [C]: 'tactical-marine' } as Record<string, string>;
    const pairs = [
      [A, B],
      [B, C],
      [C, A],
    ] as const;
    const recruitFor = async (t: string) => {
      const name = next(core1[t]!);
      await call(core, 'teams.recruit', { id: t, model: model(entry[t]!, name) });
      alive[t]!.push(name);
    };
    for (let n = 1; n <= 20; n++) {
      const [x, y] = pairs[(n - 1) % 3]!;
      const victims = [alive[x]!.shift()!, alive[y]!.shift()!];
      // Game 1 also kills a Veteran of the Blades, and game 3's Blades recruit a Veteran: the one true replacement.
      const extra = n === 1 ? ['Blade Veteran 1'] : [];
      await play(core, campaign.id, x, y, [...victims, ...extra], [...victims, ...extra]);
      await recruitFor(x);
      await recruitFor(y);
      if (n === 3) await call(core, 'teams.recruit', { id: A, model: model('veteran', 'Blade Veteran 4') });
    }
    const standings = await call<StandingRow[]>(core, 'campaigns.standings', { id: campaign.id });
    expect(standings.reduce((sum, r) => sum + r.games, 0)).toBe(40);

    const games = await call<{ id: string; number: number }[]>(core, 'games.list', { campaignId: campaign.id });
    const game1 = games.find((g) => g.number === 1)!;
    const plan = await call<VoidPlan>(core, 'games.voidPlan', { id: game1.id });
    // Every routine recruit of Blades and Gitz after game 1 (a Core model for a dead one) is left alone, and so is every other game.
    expect(plan.alsoVoidsGames).toEqual([]);
    expect(plan.dependents).toHaveLength(1);
    expect(plan.dependents[0]!.teamName).toBe('Blades');
    expect(plan.dependents[0]!.message).toMatch(/Blade Veteran 4/);
    expect(plan.dependents[0]!.message).toContain(
      'with Blade Veteran 1 (died in game 1) back, the team would have 4 Special models where the Model Allowance allows 3.',
    );
    expect(plan.dependents[0]!.message).not.toMatch(/Blade Marine 1/);

    await call(core, 'games.void', { id: game1.id, reason: 'Wrong mission entered', withDependents: true });
    const after = await call<StandingRow[]>(core, 'campaigns.standings', { id: campaign.id });
    expect(after.reduce((sum, r) => sum + r.games, 0)).toBe(38);
    const blades = await call<TeamDetail>(core, 'teams.get', { id: A });
    const roster = blades.roster.models.map((m) => m.name);
    expect(roster).toEqual(expect.arrayContaining(['Blade Veteran 1', 'Blade Marine 1']));
    expect(roster).not.toContain('Blade Veteran 4');
    core.close();
  }, 120_000);
});
