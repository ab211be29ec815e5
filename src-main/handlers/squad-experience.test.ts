/**
 * Issue 30 item 9 through the real handlers: under Experience & Levels, whether a Squad gains EXP is the club's
 * reading "Squads and EXP" (shared/rules/game/result-readings.ts). Seed 004 "Squad": "Simply treat the unit as
 * normal"; only "Non-Learning" says "The model never gains Experience Points". By default a squad gains none; read
 * "as one model", the wizard lists the squad once and its EXP and level are the squad's roster line's.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { RulesetView } from '../../shared/ipc/schemas/rulesets';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { battleHonoursPreset, setReading, type Ruleset } from '../../shared/rules';
import type { Core } from '../core';
import { call, testCore } from '../test-support';
import { aliceAndBob } from '../test-support/two-teams';

/** Club numbers for the test: Survived +1 EXP for any model, Level 1 at 2 EXP, one advance. */
function clubTables(r: Ruleset): Ruleset {
  const out = structuredClone(r);
  const bh = battleHonoursPreset();
  const citation = { source: 'house rule', section: 'EXP' };
  out.progression.experience.awards = [
    { id: 'survived', name: 'Survived', exp: 1, modelTypes: ['team-leader', 'special', 'core'], condition: 'Alive at the end.', citation },
  ];
  out.progression.levelThresholds = [{ level: 1, exp: 2 }];
  out.progression.advanceTable = { id: 'adv', name: 'Advances', expression: 'D6', rows: [{ from: 1, to: 6, result: 'plus-1-bs', text: '+1 BS' }], citation };
  out.progression.skills = [];
  out.progression.injuries = structuredClone(bh.progression.injuries);
  out.progression.injuryFollowUps = structuredClone(bh.progression.injuryFollowUps);
  out.progression.requisition.chart = { id: 'chart', name: 'Chart', expression: 'D6', rows: [{ from: 1, to: 6, result: 'req-10', text: '10 Req' }], citation };
  return out;
}

/** A Guard team with a Sergeant and Third Squad (5), against Orks, on an Experience & Levels campaign. */
async function setup(core: Core, reading: 'no-exp' | 'as-one-model') {
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Squad EXP', preset: 'hor-experience-levels' });
  const { a: guard, b: orks } = await aliceAndBob(core, campaign.id, { list: 'imperial-guard-sample', name: 'Hydra Platoon' });
  const line = (id: string, entryId: string, name: string, extra = {}) => ({ id, entryId, name, options: {}, armoury: [], grenades: {}, ...extra });
  await call(core, 'teams.saveDraft', {
    id: guard.team.id,
    roster: { models: [line('sarge', 'veteran-sergeant', 'Sergeant Harker'), line('third', 'guardsman-squad', 'Third Squad', { squadSize: 5 })] },
  });
  await call(core, 'teams.saveDraft', {
    id: orks.team.id,
    roster: { models: [line('nob', 'boss-nob', 'Gorbag'), ...['Grub', 'Snik', 'Mek'].map((n) => line(n.toLowerCase(), 'boy', n))] },
  });
  const a = await call<TeamDetail>(core, 'teams.found', { id: guard.team.id });
  const b = await call<TeamDetail>(core, 'teams.found', { id: orks.team.id });
  const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
  const next = clubTables(current.ruleset);
  setReading(next, 'squadExperience', reading);
  await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'Club tables' });
  const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
  return { a, g };
}

/** The game with Survived ticked twice for Third Squad, named by its roster line as the wizard names it. */
async function tickSquad(core: Core, g: GameDetail): Promise<GameDetail> {
  const draft = structuredClone(g.draft);
  draft.awards.a.expAwards = [{ model: 'third', award: 'survived', times: 2 }];
  draft.step = 'review';
  return call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
}

describe('004 Squad under Experience & Levels: the reading "Squads and EXP", through the handlers', () => {
  it('default: the wizard does not list squads for EXP, and an award to one is refused in words', async () => {
    const core = testCore();
    const { g } = await setup(core, 'no-exp');
    expect(g.squadsGainExp).toBe(false);
    const saved = await tickSquad(core, g);
    expect(saved.preview.changes.some((c) => c.kind === 'exp.gained')).toBe(false);
    expect(saved.preview.problems).toEqual([
      'EXP award "survived": Third Squad is a Squad, and in this campaign squads gain no EXP (House reading “Squads and EXP” (Squads gain no EXP); House rules can change it).',
    ]);
    core.close();
  });

  it('"as one model": the squad gains the EXP on its roster line, reaches Level 1 and keeps it after the game', async () => {
    const core = testCore();
    const { a, g } = await setup(core, 'as-one-model');
    expect(g.squadsGainExp).toBe(true);
    const saved = await tickSquad(core, g);
    expect(saved.preview.changes.filter((c) => c.kind === 'exp.gained').map((c) => c.modelName)).toEqual(['Third Squad']);
    expect(saved.preview.changes.filter((c) => c.kind === 'level.reached').map((c) => c.modelName)).toEqual(['Third Squad']);
    await call(core, 'games.commit', { id: g.game.id });
    const guard = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    expect(guard.progress['third']).toMatchObject({ exp: 2, level: 1, advances: ['Level 1: +1 BS'] });
    core.close();
  });
});
