/** The campaign page's Teams and Players panels (components/campaign/) over the real handlers. */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../shared/ipc/schemas/campaigns';
import type { Core } from '../../../src-main/core';
import { call, testCore } from '../../../src-main/test-support';
import { playedCampaign, type PlayedCampaign } from '../../../src-main/test-support/played-campaign';
import { CampaignState } from '../../state/campaign.svelte';
import { bridge } from '../../test-support/fake-bridge';
import PlayersPanel from './PlayersPanel.svelte';
import TeamsPanel from './TeamsPanel.svelte';

let core: Core;
let played: PlayedCampaign;
beforeAll(async () => {
  core = testCore();
  played = await playedCampaign(core);
});
afterAll(() => core.close());
beforeEach(() => bridge.useCore(core));

async function loaded(id = played.campaign.id) {
  const s = new CampaignState(id);
  await s.load();
  return s;
}

describe('TeamsPanel', () => {
  it('lists each team with its standing', async () => {
    render(TeamsPanel, { data: await loaded(), handedOver: null });
    const teams = screen.getByRole('list', { name: 'Teams' });
    expect(within(teams).getByRole('link', { name: 'Iron Wolves' })).toBeTruthy();
    expect(within(teams).getAllByText('Founded')).toHaveLength(2);
  });

  it('refuses a new team with no player or list, in words, and creates nothing', async () => {
    const data = await loaded();
    render(TeamsPanel, { data, handedOver: null });
    const before = data.teams.length;
    await fireEvent.submit(screen.getByRole('button', { name: 'Create team' }).closest('form')!);
    expect(screen.getByRole('alert').textContent).toBe('Choose a player and a team list.');
    expect((await loaded()).teams).toHaveLength(before);
  });

  it('an empty campaign says to add a player first', async () => {
    const empty = await call<Campaign>(core, 'campaigns.create', { name: 'Empty panels' });
    render(TeamsPanel, { data: await loaded(empty.id), handedOver: null });
    expect(screen.getByRole('button', { name: 'Add the first player' })).toBeTruthy();
  });
});

describe('PlayersPanel', () => {
  it('adds a player and clears the field', async () => {
    const data = await loaded();
    render(PlayersPanel, { data, handedOver: null });
    const field = screen.getByLabelText('Player name') as HTMLInputElement;
    await fireEvent.input(field, { target: { value: 'Carol' } });
    await fireEvent.submit(field.closest('form')!);
    await expect.poll(() => data.players.map((p) => p.name)).toContain('Carol');
    expect(field.value).toBe('');
    expect(within(screen.getByRole('list', { name: 'Players' })).getByText('Carol')).toBeTruthy();
  });

  it('renames a player in place', async () => {
    const data = await loaded();
    render(PlayersPanel, { data, handedOver: null });
    await fireEvent.click(within(screen.getByRole('list', { name: 'Players' })).getAllByRole('button', { name: 'Rename' })[0]!);
    const field = screen.getByRole('textbox', { name: /^New name for / });
    await fireEvent.input(field, { target: { value: 'Alicia' } });
    await fireEvent.submit(field.closest('form')!);
    await expect.poll(() => data.players.map((p) => p.name)).toContain('Alicia');
  });
});
