/** The home screen's campaigns (state/campaigns.svelte.ts) over the real handlers on a temporary file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core';
import { testCore } from '../../src-main/test-support';
import { bridge } from '../test-support/fake-bridge';
import { CampaignsState, fetchCampaignsEarly } from './campaigns.svelte';

let core: Core;
beforeEach(() => {
  core = testCore();
  bridge.useCore(core);
});
afterEach(() => core.close());

describe('CampaignsState', () => {
  it('creates a campaign and lists it', async () => {
    const s = new CampaignsState();
    expect(await s.create({ name: 'Vraks', pointsLimit: 250, preset: 'hor-battle-honours' })).toBeNull();
    expect(s.active.map((c) => c.name)).toEqual(['Vraks']);
    expect(s.loaded).toBe(true);
  });

  it('puts a refusal next to the field it names, and the rest under the form', async () => {
    const s = new CampaignsState();
    const errors = await s.create({ name: '', pointsLimit: 250, preset: 'hor-battle-honours' });
    expect(errors?.name).toMatch(/name/i);
    expect(s.all).toEqual([]);
  });

  it('archives and brings back, and reloads when main says campaigns.changed', async () => {
    const s = new CampaignsState();
    const off = s.subscribe();
    await s.create({ name: 'Vraks', pointsLimit: 250, preset: 'hor-battle-honours' });
    const id = s.all[0]!.id;
    expect(await s.setArchived(id, true)).toBeNull();
    expect(s.archived.map((c) => c.id)).toEqual([id]);
    const before = bridge.inputsOf('campaigns.list').length;
    bridge.emit('campaigns.changed', { id });
    expect(bridge.inputsOf('campaigns.list').length).toBe(before + 1);
    off();
  });

  it('uses the early list once, unless a change came in meanwhile', async () => {
    await fetchCampaignsEarly();
    const s = new CampaignsState();
    await s.load();
    expect(bridge.inputsOf('campaigns.list')).toHaveLength(1);
    await fetchCampaignsEarly();
    bridge.emit('campaigns.changed', { id: 'x' });
    await s.load();
    expect(bridge.inputsOf('campaigns.list')).toHaveLength(3);
  });

  it('says why the list could not load', async () => {
    core.close();
    bridge.reset();
    bridge.answer('campaigns.list', () => {
      throw { code: 'INTERNAL', message: 'Herald is not answering.' };
    });
    const s = new CampaignsState();
    await s.load();
    expect(s.loadError).toBe('Herald is not answering.');
    expect(s.loaded).toBe(true);
    core = testCore();
  });
});
