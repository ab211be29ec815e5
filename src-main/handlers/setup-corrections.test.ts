/**
 * Issue 20, "Correct before commit" for the set-up: every typed die and every roll Herald made for the plan can be
 * changed until the game is committed (Herald's with who asked and why), and the plan and the result follow.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import { call, failure, testCore } from '../test-support';
import { foundedTeams } from '../test-support/founded-teams';

async function setup(diceMode: 'app' | 'physical') {
  const core = testCore();
  const { campaignId, a, b } = await foundedTeams(core, diceMode, 'Setup');
  const g = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b });
  return { core, g };
}

const enter = (core: Awaited<ReturnType<typeof setup>>['core'], id: string, key: string, faces: number[], change?: { by: string; reason: string }) =>
  call<GameDetail>(core, 'games.enterRoll', { id, key, faces, ...(change ? { change } : {}) });

describe('set-up rolls can be changed until commit (issue 20)', () => {
  it("Herald's mission roll changed at the club's ruling: who and why kept with the roll, the plan and the result follow", async () => {
    const { core, g } = await setup('app');
    const mission = g.plan!.rolls.find((r) => r.key === 'plan|Mission|1')!;
    expect((await failure(core, 'games.enterRoll', { id: g.game.id, key: mission.key, faces: [1] })).message).toMatch(/say who asked for the change and why/);
    const face = mission.faces[0] === 1 ? 2 : 1;
    const changed = await enter(core, g.game.id, mission.key!, [face], { by: 'Alice', reason: 'club ruling: re-roll' });
    const roll = changed.plan!.rolls.find((r) => r.key === 'plan|Mission|1')!;
    expect(roll.faces).toEqual([face]);
    expect(roll.purpose).toMatch(new RegExp(`Herald rolled ${mission.faces[0]}; changed at Alice's request: club ruling: re-roll`));
    expect(changed.plan!.mission.name).not.toBe(g.plan!.mission.name);
    expect(changed.draft.report.missionId).toBe(changed.plan!.mission.id);
    expect(changed.game.missionName).toBe(changed.plan!.mission.name);
    core.close();
  });

  it('real dice: a typed set-up die is typed again — before the plan is complete and after — and the result typed so far is kept when the mission stays', async () => {
    const { core, g } = await setup('physical');
    const id = g.game.id;
    let d = await enter(core, id, 'plan|Mission|1', [3]);
    expect(d.planPendingRoll?.key).not.toBe('plan|Mission|1');
    // Mistyped: typed again while the set-up is still being typed.
    d = await enter(core, id, 'plan|Mission|1', [1]);
    expect(d.draft.faces['plan|Mission|1']).toEqual([1]);
    expect((await failure(core, 'games.enterRoll', { id, key: 'plan|Mission|1', faces: [1, 2] })).message).toMatch(/Type the die again/);
    for (let i = 0; i < 30 && d.plan === null; i++) d = await enter(core, id, d.planPendingRoll!.key, [i % 2 ? 5 : 2]);
    const first = d.plan!;
    // A result typed so far.
    const draft = structuredClone(d.draft);
    draft.report.models[0] = { ...draft.report.models[0]!, tookPart: false };
    d = await call<GameDetail>(core, 'games.saveDraft', { id, draft });
    // A roll-off die typed again: same mission, the result is kept.
    const rollOff = first.rolls.find((r) => r.key !== 'plan|Mission|1')!;
    d = await enter(core, id, rollOff.key!, [rollOff.faces[0] === 6 ? 1 : 6]);
    expect(d.plan!.mission.id).toBe(first.mission.id);
    expect(d.draft.report.models[0]!.tookPart).toBe(false);
    // The mission die typed again: another mission, a fresh result for it.
    d = await enter(core, id, 'plan|Mission|1', [3]);
    for (let i = 0; i < 30 && d.plan === null; i++) d = await enter(core, id, d.planPendingRoll!.key, [i % 2 ? 5 : 2]);
    expect(d.plan!.mission.id).not.toBe(first.mission.id);
    expect(d.draft.report.missionId).toBe(d.plan!.mission.id);
    // Dice the new plan does not roll are forgotten.
    const planKeys = Object.keys(d.draft.faces).filter((k) => k.startsWith('plan|'));
    expect(planKeys.sort()).toEqual(d.plan!.rolls.map((r) => r.key!).sort());
    core.close();
  });
});
