/** Amending a committed game (state/amend.svelte.ts) over the real handlers: a preview per edit, applied with a reason. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { playedCampaign } from '../../src-main/test-support/played-campaign';
import { bridge } from '../test-support/fake-bridge';
import { AmendState } from './amend.svelte';

let core: Core;
let n = 0;
beforeAll(() => {
  core = testCore();
});
afterAll(() => core.close());
beforeEach(() => bridge.useCore(core));

/** A played campaign's committed game, opened for amending. */
async function amending() {
  const played = await playedCampaign(core, { name: `Vraks ${++n}` });
  const committed = await call<GameDetail>(core, 'games.get', { id: played.game });
  const s = new AmendState(played.game, committed);
  await s.load();
  return { s, played };
}

describe('AmendState', () => {
  it('opens the committed game as it was, with nothing to change yet', async () => {
    const { s } = await amending();
    expect(s.loaded).toBe(true);
    expect(s.error).toBeNull();
    expect(s.game?.status).toBe('committed');
    expect(s.draft?.report.models.find((m) => m.name === 'Skorcha')?.aliveAtEnd).toBe(false);
    expect(s.amend?.added).toEqual([]);
    expect(s.amend?.removed).toEqual([]);
  });

  it('previews an edit without storing anything', async () => {
    const { s, played } = await amending();
    s.edit((d) => {
      d.report.sides.a.kayfabe = true;
    });
    await s.flush();
    expect(bridge.inputsOf('games.previewAmend').at(-1)?.draft?.report.sides.a.kayfabe).toBe(true);
    expect(bridge.inputsOf('games.saveDraft')).toHaveLength(0);
    expect((s.amend?.added.length ?? 0) + (s.amend?.changed.length ?? 0)).toBeGreaterThan(0);
    const stored = await call<GameDetail>(core, 'games.get', { id: played.game });
    expect(stored.draft.report.sides.a.kayfabe).toBe(false);
  });

  it('applies the amendment with its reason', async () => {
    const { s, played } = await amending();
    s.edit((d) => {
      d.report.sides.b.kayfabe = true;
    });
    const detail = await s.applyAmendment('Bob’s Kayfabe was forgotten on the night.');
    expect(s.actionError).toBeNull();
    expect(detail?.draft.report.sides.b.kayfabe).toBe(true);
    const stored = await call<GameDetail>(core, 'games.get', { id: played.game });
    expect(stored.draft.report.sides.b.kayfabe).toBe(true);
  });

  it('refuses an amendment without a reason, in words', async () => {
    const { s } = await amending();
    s.edit((d) => {
      d.report.sides.b.kayfabe = true;
    });
    expect(await s.applyAmendment('')).toBeNull();
    expect(s.actionError).toMatch(/./);
  });

  it('asks who wanted a Herald roll changed, and why, before changing it', async () => {
    const { s } = await amending();
    expect(await s.enterRoll('post|Injury: Skorcha|0', [6])).toBe(false);
    expect(s.actionError).toBe('Herald made this roll: say who asked for the change and why.');
  });

  it('keeps the change asked for with who asked and why', async () => {
    const { s } = await amending();
    const roll = s.preview!.rolls.find((r) => r.key);
    expect(roll?.key).toBeTruthy();
    await s.enterRoll(roll!.key!, roll!.faces, { by: ' Bob ', reason: ' The die fell off the table. ' });
    expect(s.draft?.overrides[roll!.key!]).toEqual({ faces: roll!.faces, by: 'Bob', reason: 'The die fell off the table.' });
  });

  it('follows nothing: main’s events do not reload the amendment', async () => {
    const { s, played } = await amending();
    const off = s.subscribe();
    bridge.emit('games.changed', { id: played.game, campaignId: played.campaign.id, status: 'committed' } as never);
    expect(bridge.inputsOf('games.get')).toHaveLength(0);
    off();
  });

  it('says why the game cannot be amended', async () => {
    const { s } = await amending();
    bridge.answer('games.previewAmend', () => {
      throw { code: 'NOT_FOUND', message: 'That game no longer exists.' };
    });
    await s.load();
    expect(s.error).toBe('That game no longer exists.');
  });
});
