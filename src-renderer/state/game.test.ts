/** One game's screen state (state/game.svelte.ts) over the real handlers: load, edits saved in the background, commit. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { foundedTeams } from '../../src-main/test-support/founded-teams';
import { bridge } from '../test-support/fake-bridge';
import { GameState } from './game.svelte';

let core: Core;
let gameId: string;
beforeEach(async () => {
  core = testCore();
  bridge.useCore(core);
  const { campaignId, a, b } = await foundedTeams(core, 'app', 'Vraks');
  gameId = (await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'skirmish' })).game.id;
});
afterEach(() => {
  vi.useRealTimers();
  core.close();
});

async function loaded() {
  const g = new GameState(gameId);
  await g.load();
  return g;
}

describe('GameState', () => {
  it('loads the game, its draft and the campaign for the breadcrumbs', async () => {
    const g = await loaded();
    expect(g.loaded).toBe(true);
    expect(g.error).toBeNull();
    expect(g.game?.status).toBe('draft');
    expect(g.draft?.report.models.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(g.campaignName).toMatch(/^Vraks/));
    expect(g.teamName('a')).toBe('Blades');
    expect(g.named('Player A deploys first; Player B attacks.')).toBe('Blades deploys first; Gitz attacks.');
  });

  it('says so when the game is gone', async () => {
    const g = new GameState('00000000-0000-4000-8000-999999999999');
    await g.load();
    expect(g.error).toMatch(/no longer exists/i);
    expect(g.loaded).toBe(true);
  });

  it('saves an edit in the background, and the preview follows it', async () => {
    const g = await loaded();
    g.edit((d) => {
      d.report.sides.a.kayfabe = true;
    });
    expect(g.status).toBe('saving');
    await g.flush();
    expect(g.status).toBe('saved');
    expect(bridge.inputsOf('games.keepDraft')).toHaveLength(1);
    const stored = await call<GameDetail>(core, 'games.get', { id: gameId });
    expect(stored.draft.report.sides.a.kayfabe).toBe(true);
  });

  it('previews an edit in the window (issue 32): the draft row alone is saved, and main resolves it the same', async () => {
    const g = await loaded();
    const before = bridge.calls.length;
    g.edit((d) => {
      const m = d.report.models.find((x) => x.side === 'b' && x.type !== 'team-leader')!;
      m.aliveAtEnd = false;
      m.outOfAction = { by: null, how: 'shooting' };
    });
    // The preview follows at once, with no call to main: the injury roll of the model taken out of action.
    expect(bridge.calls.length).toBe(before);
    const local = JSON.parse(JSON.stringify(g.preview)) as GameDetail['preview'];
    expect(local.changes.some((c) => c.kind === 'injury.rolled')).toBe(true);
    await g.flush();
    expect(bridge.inputsOf('games.keepDraft')).toHaveLength(1);
    expect(bridge.inputsOf('games.saveDraft')).toHaveLength(0);
    // Main, resolving the stored draft with the same function, shows (and would commit) exactly that.
    const stored = await call<GameDetail>(core, 'games.get', { id: gameId });
    expect(local).toEqual(stored.preview);
  });

  it('does not reload over an edit on its way when main says games.changed', async () => {
    const g = await loaded();
    bridge.hold('games.keepDraft');
    g.edit((d) => {
      d.report.sides.b.kayfabe = true;
    });
    void g.flush();
    await vi.waitFor(() => expect(bridge.heldCalls('games.keepDraft')).toHaveLength(1));
    const gets = bridge.inputsOf('games.get').length;
    bridge.emit('games.changed', { id: gameId, campaignId: g.game!.campaignId });
    g.subscribe();
    bridge.emit('games.changed', { id: gameId, campaignId: g.game!.campaignId });
    expect(bridge.inputsOf('games.get')).toHaveLength(gets);
    expect(g.draft?.report.sides.b.kayfabe).toBe(true);
    bridge.heldCalls('games.keepDraft')[0]!.pass();
    await g.flush();
    expect(g.status).toBe('saved');
  });

  it('a load that began before a save does not overwrite it', async () => {
    const g = await loaded();
    bridge.hold('games.get');
    const reload = g.load();
    await vi.waitFor(() => expect(bridge.heldCalls('games.get')).toHaveLength(1));
    g.edit((d) => {
      d.report.sides.a.sweepingAdvance = true;
    });
    await g.flush();
    bridge.heldCalls('games.get')[0]!.pass();
    await reload;
    expect(g.draft?.report.sides.a.sweepingAdvance).toBe(true);
  });

  it('shows why a save failed', async () => {
    const g = await loaded();
    bridge.answer('games.keepDraft', () => {
      throw { code: 'VALIDATION', message: 'That game was discarded in another window.' };
    });
    g.edit((d) => {
      d.report.sides.a.firstBlood = true;
    });
    await g.flush();
    expect(g.status).toBe('error');
    expect(g.actionError).toBe('That game was discarded in another window.');
  });

  it('goes to a step at once, and commits with every edit saved first', async () => {
    const g = await loaded();
    await g.goTo('review');
    expect(g.draft?.step).toBe('review');
    g.edit((d) => {
      d.report.sides.a.kayfabe = true;
    });
    const committed = await g.commit();
    expect(g.actionError ?? '').toBe('');
    expect(committed).toBe(true);
    expect(g.game?.status).toBe('committed');
    const saves = bridge.calls.map((c) => c.channel);
    expect(saves.lastIndexOf('games.keepDraft')).toBeLessThan(saves.indexOf('games.commit'));
  });

  it('discards the draft, and a late save changes nothing after', async () => {
    const g = await loaded();
    g.edit((d) => {
      d.report.sides.a.firstBlood = true;
    });
    expect(await g.discard()).toBe(true);
    expect(g.status).toBe('saved');
    expect(bridge.inputsOf('games.keepDraft')).toHaveLength(0);
    expect((await core.invoke('games.get', { id: gameId })).ok).toBe(false);
  });

  it('names the sides plainly before the game has loaded', () => {
    const g = new GameState(gameId);
    expect([g.teamName('a'), g.teamName('b')]).toEqual(['Team A', 'Team B']);
  });

  it('makes a model’s row when the draft has none yet', async () => {
    const g = await loaded();
    const snik = g.detail!.models.find((m) => m.name === 'Snik')!;
    g.edit((d) => {
      d.report.models = d.report.models.filter((m) => m.id !== snik.id);
      const row = g.reportOf(d, snik.id)!;
      row.aliveAtEnd = false;
    });
    expect(g.draft!.report.models.find((m) => m.id === snik.id)).toMatchObject({ name: 'Snik', side: 'b', tookPart: true, aliveAtEnd: false });
    g.edit((d) => {
      expect(g.reportOf(d, 'no such model')).toBeUndefined();
    });
  });

  it('records a player’s choice, and the plan follows it', async () => {
    const g = await loaded();
    const choice = (g.detail!.plan as { choices: { id: 'deploy'; value: string; options: { value: string }[] }[] }).choices[0]!;
    const other = choice.options.find((o) => o.value !== choice.value)!.value;
    expect(await g.choose(choice.id, other)).toBe(true);
    expect((g.detail!.plan as { choices: { value: string; made: boolean }[] }).choices[0]).toMatchObject({ value: other, made: true });
  });

  it('says why a roll could not be entered', async () => {
    const g = await loaded();
    expect(await g.enterRoll('plan|nothing|0', [4])).toBe(false);
    expect(g.actionError).toMatch(/./);
  });

  it('voids a committed game with a reason, after showing what depends on it', async () => {
    const g = await loaded();
    expect(await g.commit()).toBe(true);
    const plan = await g.voidPlan();
    expect(plan).not.toBeNull();
    expect(await g.void('Played with the wrong lists.', true)).toBe(true);
    expect(g.game?.status).toBe('voided');
  });
});
