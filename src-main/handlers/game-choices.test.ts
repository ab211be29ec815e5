/**
 * Issue 30 item 8: the players' choices are made on the game's page once the plan is shown (004 Step 3 "the winner
 * may choose to deploy first or second"; Breakthrough "Whoever scores higher decides which player will be the
 * Attacker"), recorded with the game's set-up like a typed die, changed until commit, and the plan follows. Games set
 * up with the choices stored the old way (asked on New game) still plan, commit and keep them.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { RulesetView } from '../../shared/ipc/schemas/rulesets';
import { withOptionalRules } from '../../shared/rules';
import { call, failure, snapshotTables, testCore } from '../test-support';
import { foundedTeams } from '../test-support/founded-teams';

async function game(diceMode: 'app' | 'physical', mission: string, extra: Record<string, unknown> = {}) {
  const core = testCore();
  const { campaignId, a, b } = await foundedTeams(core, diceMode, 'Choices');
  let g = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission, ...extra });
  for (let i = 0; i < 30 && g.plan === null; i++)
    g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: g.planPendingRoll!.key, faces: [i % 2 ? 5 : 2] });
  return { core, g };
}
const choose = (core: ReturnType<typeof testCore>, id: string, choice: string, value: string) => call<GameDetail>(core, 'games.choose', { id, choice, value });

describe('the players choose once the plan is shown (issue 30 item 8)', () => {
  it('004 Step 3: the winner deploys second after the mission is rolled; the plan follows with the same dice, and it can be changed back', async () => {
    const { core, g } = await game('app', 'skirmish');
    const asked = g.plan!.choices!;
    expect(asked.map((c) => [c.id, c.made])).toEqual([['deploy', false]]);
    const winner = asked[0]!.chooser!;
    expect(g.plan!.deploysFirst.side).toBe(winner);
    const second = await choose(core, g.game.id, 'deploy', 'second');
    expect(second.plan!.deploysFirst.side).not.toBe(winner);
    expect(second.plan!.deploysFirst.reason).toBe(`Player ${winner.toUpperCase()} won the roll-off and chose to deploy second.`);
    expect(second.plan!.firstTurn.side).not.toBe(g.plan!.firstTurn.side);
    expect(second.plan!.rolls.map((r) => r.faces)).toEqual(g.plan!.rolls.map((r) => r.faces));
    expect(second.plan!.choices![0]).toMatchObject({ value: 'second', made: true });
    const back = await choose(core, g.game.id, 'deploy', 'first');
    expect(back.plan!.deploysFirst.side).toBe(winner);
    core.close();
  });

  it('only a choice the mission has, with one of its answers; nothing changes when refused; none after commit', async () => {
    const { core, g } = await game('app', 'skirmish');
    const before = snapshotTables(core);
    expect((await failure(core, 'games.choose', { id: g.game.id, choice: 'attacker', value: 'winner-attacks' })).message).toBe(
      'Skirmish has no Attacker and Defender to choose.',
    );
    expect((await failure(core, 'games.choose', { id: g.game.id, choice: 'first-turn', value: 'give' })).message).toMatch(/Skirmish has no first-turn choice/);
    expect((await failure(core, 'games.choose', { id: g.game.id, choice: 'deploy', value: 'last' })).message).toMatch(/^That is not one of the answers/);
    expect(snapshotTables(core)).toEqual(before);
    await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft: { ...g.draft, step: 'review' } });
    await call<GameDetail>(core, 'games.commit', { id: g.game.id });
    expect((await failure(core, 'games.choose', { id: g.game.id, choice: 'deploy', value: 'second' })).message).toMatch(/only a draft can be changed/);
    core.close();
  });

  it('Breakthrough: the winner defends; the Attacker in the plan and in the result typed so far follow', async () => {
    const { core, g } = await game('physical', 'breakthrough');
    expect(g.plan!.choices!.map((c) => c.id)).toEqual(['attacker']);
    const winner = g.plan!.choices![0]!.chooser!;
    expect(g.draft.report.attacker).toBe(winner);
    const d = await choose(core, g.game.id, 'attacker', 'winner-defends');
    expect(d.plan!.roles).toMatchObject({ defender: winner, how: 'rolled' });
    expect(d.draft.report.attacker).toBe(d.plan!.roles!.attacker);
    expect(d.plan!.firstTurn.side).toBe(d.plan!.roles!.attacker); // the Attacker always goes first
    expect(Object.keys(d.draft.faces).sort()).toEqual(Object.keys(g.draft.faces).sort());
    core.close();
  });

  it('003 FIRST TURN with real dice: giving the first turn forgets the seize die; taking it again asks for the die', async () => {
    const core = testCore();
    const { campaignId, a, b } = await foundedTeams(core, 'physical', 'Choices 003');
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaignId });
    const ruleset = withOptionalRules(current.ruleset, { 'club-8th-missions': true });
    await call(core, 'rulesets.apply', { campaignId, ruleset, expectedHash: current.hash, reason: 'We play the 8th-edition supplement' });
    let g = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'deadlock', deployment: 'picked-by-a' });
    expect(g.planPendingRoll?.purpose).toMatch(/Seize the initiative/);
    g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: g.planPendingRoll!.key, faces: [2] });
    expect(g.plan!.choices!.map((c) => [c.id, c.chooser, c.made])).toEqual([['first-turn', 'b', false]]);
    expect(g.plan!.firstTurn.side).toBe('b');
    g = await choose(core, g.game.id, 'first-turn', 'give');
    expect(g.plan!.firstTurn).toMatchObject({ side: 'a', reason: 'Player B finished setting up first and chose to give the first turn to Player A.' });
    expect(Object.keys(g.draft.faces)).toEqual([]);
    g = await choose(core, g.game.id, 'first-turn', 'take');
    expect(g.plan).toBeNull();
    expect(g.planPendingRoll?.purpose).toMatch(/Seize the initiative/);
    g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: g.planPendingRoll!.key, faces: [6] });
    expect(g.plan!.firstTurn).toMatchObject({ side: 'a', stolen: true });
    expect(g.plan!.choices![0]).toMatchObject({ value: 'take', made: true });
    core.close();
  });

  it('a draft whose stored plan predates the listed choices: it loads as it was, and its choice can still be made', async () => {
    const { core, g } = await game('app', 'skirmish');
    const { choices: _listed, ...oldPlan } = g.plan!;
    core.opened.sqlite.prepare('UPDATE games SET plan = ? WHERE id = ?').run(JSON.stringify(oldPlan), g.game.id);
    const loaded = await call<GameDetail>(core, 'games.get', { id: g.game.id });
    expect(loaded.plan!.choices).toBeUndefined();
    expect(loaded.plan!.deploysFirst).toEqual(g.plan!.deploysFirst);
    const d = await choose(core, g.game.id, 'deploy', 'second');
    expect(d.plan!.choices![0]).toMatchObject({ value: 'second', made: true });
    core.close();
  });

  it('a game set up with the choices asked on New game (stored the old way) plans them as made and commits', async () => {
    const old = { rollOffWinnerDeploys: 'second', attacker: 'roll-off', rollOffWinnerChooses: 'attacker', firstTurnChoice: 'take' };
    const { core, g } = await game('app', 'skirmish', { choices: old });
    expect(g.plan!.choices![0]).toMatchObject({ id: 'deploy', value: 'second', made: true });
    expect(g.plan!.deploysFirst.reason).toMatch(/chose to deploy second/);
    await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft: { ...g.draft, step: 'review' } });
    const done = await call<GameDetail>(core, 'games.commit', { id: g.game.id });
    expect(done.plan!.deploysFirst.reason).toMatch(/chose to deploy second/);
    core.close();
  });
});
