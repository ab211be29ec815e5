import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import { battleHonoursPreset } from '../presets';
import { GamePlan, planGame } from './plan';
import { withOptionalRules } from './optional-rules';
import { choiceSettings } from './choices';

const sides = { a: { teamId: 'team-1' }, b: { teamId: 'team-2' } };
const ruleset = battleHonoursPreset();
const club = withOptionalRules(battleHonoursPreset(), { 'club-8th-missions': true });
const ids = (p: GamePlan) => (p.choices ?? []).map((c) => c.id);

describe('issue 30 item 8: the players choose once the plan is shown, and only what the mission asks', () => {
  it('004 Step 3 "the winner may choose to deploy first or second": not chosen yet, the plan says so and lists the choice', () => {
    // Roll-off A 5 vs B 2; B rolls 3: no steal.
    const plan = planGame(ruleset, { sides, mission: 'skirmish', deployment: 'deployment-1' }, new PhysicalDice([[5], [2], [3]]));
    expect(plan.choices).toEqual([
      expect.objectContaining({
        id: 'deploy',
        chooser: 'a',
        value: 'first',
        made: false,
        question: 'Player A won the roll-off to deploy: does it deploy first or second?',
      }),
    ]);
    expect(plan.deploysFirst.side).toBe('a');
    expect(plan.deploysFirst.reason).toMatch(/has not said yet whether it deploys first or second/);
    expect(GamePlan.parse(plan)).toEqual(plan);
  });

  it('004 Step 3: the answer changes who deploys first and so who has the first turn, with the same dice', () => {
    const dice = () => new PhysicalDice([[5], [2], [3]]);
    const first = planGame(ruleset, { sides, mission: 'skirmish', deployment: 'deployment-1', rollOffWinnerDeploys: 'first' }, dice());
    const second = planGame(ruleset, { sides, mission: 'skirmish', deployment: 'deployment-1', rollOffWinnerDeploys: 'second' }, dice());
    expect([first.deploysFirst.side, first.firstTurn.side]).toEqual(['a', 'a']);
    expect([second.deploysFirst.side, second.firstTurn.side]).toEqual(['b', 'b']);
    expect(second.choices?.[0]).toMatchObject({ id: 'deploy', value: 'second', made: true });
    expect(second.rolls.map((r) => r.faces)).toEqual(first.rolls.map((r) => r.faces));
  });

  it('004 Breakthrough "Whoever scores higher decides which player will be the Attacker": the only choice, no deploy choice', () => {
    const plan = planGame(ruleset, { sides, mission: 'breakthrough' }, new PhysicalDice([[6], [2]]));
    expect(ids(plan)).toEqual(['attacker']);
    expect(plan.choices?.[0]).toMatchObject({ chooser: 'a', value: 'winner-attacks', made: false });
    expect(plan.choices?.[0]?.options.map((o) => o.value)).toEqual(['winner-attacks', 'winner-defends']);
    expect(plan.roles?.reason).toMatch(/has not said yet who attacks/);
  });

  it('004 Last Stand "either by deciding yourselves, or by rolling a d6": the players may also decide', () => {
    const rolled = planGame(ruleset, { sides, mission: 'last-stand' }, new PhysicalDice([[1], [4]]));
    expect(rolled.choices?.[0]?.options.map((o) => o.value)).toEqual(['winner-attacks', 'winner-defends', 'a', 'b']);
    const decided = planGame(ruleset, { sides, mission: 'last-stand', ...choiceSettings('attacker', 'a') }, new PhysicalDice([]));
    expect(decided.roles).toMatchObject({ attacker: 'a', how: 'chosen' });
    expect(decided.choices?.[0]).toMatchObject({ chooser: null, value: 'a', made: true });
  });

  it('003 FIRST TURN "chooses who takes the first turn": the only choice of a seed-003 mission; giving it drops the seize roll', () => {
    const plan = planGame(club, { sides, mission: 'beachhead', deployment: 'picked-by-a' }, new PhysicalDice([[2]]));
    expect(ids(plan)).toEqual(['first-turn']);
    expect(plan.choices?.[0]).toMatchObject({ chooser: 'b', value: 'take', made: false });
    expect(plan.firstTurn.reason).toMatch(/has not said yet who takes the first turn/);
    const gave = planGame(club, { sides, mission: 'beachhead', deployment: 'picked-by-a', ...choiceSettings('first-turn', 'give') }, new PhysicalDice([]));
    expect(gave.firstTurn.side).toBe('a');
    expect(gave.choices?.[0]).toMatchObject({ value: 'give', made: true });
  });

  it('a mission without a roll-off to deploy, an Attacker or a first-turn choice asks nothing', () => {
    const plan = planGame(ruleset, { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a' }, new PhysicalDice([[1]]));
    expect(plan.choices).toBeUndefined();
  });

  it('every rolled plan lists only choices whose answer the plan follows', () => {
    for (let i = 0; i < 40; i++) {
      const plan = planGame(ruleset, { sides }, SeededDice.fromSeed(`choices-${i}`));
      for (const c of plan.choices ?? []) expect(c.options.map((o) => o.value)).toContain(c.value);
      expect(ids(plan).includes('attacker')).toBe(plan.roles !== null);
      expect(ids(plan).includes('deploy')).toBe(plan.deployment !== null);
    }
  });

  it('an answer the choice does not have sets nothing', () => {
    expect(choiceSettings('deploy', 'winner-attacks')).toBeUndefined();
    expect(choiceSettings('first-turn', 'second')).toBeUndefined();
    expect(choiceSettings('attacker', 'first')).toBeUndefined();
  });
});
