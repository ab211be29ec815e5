/** The roster builder's summary card and ledger (components/team/) over the real handlers. */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../shared/ipc/schemas/campaigns';
import type { Core } from '../../../src-main/core';
import { call, testCore } from '../../../src-main/test-support';
import { wolvesAndBoyz } from '../../../src-main/test-support/founded-teams';
import { aliceAndBob } from '../../../src-main/test-support/two-teams';
import { TeamState } from '../../state/team.svelte';
import { bridge } from '../../test-support/fake-bridge';
import RosterSummary from './RosterSummary.svelte';
import TeamLedger from './TeamLedger.svelte';

let core: Core;
beforeAll(() => {
  core = testCore();
});
afterAll(() => core.close());
beforeEach(() => bridge.useCore(core));

async function loaded(id: string) {
  const t = new TeamState(id);
  await t.load();
  return t;
}
const summaryOf = (t: TeamState) => render(RosterSummary, { team: t, preview: t.report!, fieldProblems: [] });

describe('RosterSummary', () => {
  it('a draft team: its problems, no Found while it is not legal, and Delete offered', async () => {
    const campaign = await call<Campaign>(core, 'campaigns.create', { name: 'Summary drafts' });
    const { a } = await aliceAndBob(core, campaign.id);
    const t = await loaded(a.team.id);
    summaryOf(t);
    expect(within(screen.getByLabelText('Roster problems')).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Found the team…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete this team…' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('All changes saved');
  });

  it('a founded team: its Req, and adjusting it records the change', async () => {
    const { a } = await wolvesAndBoyz(core);
    const t = await loaded(a.team.id);
    summaryOf(t);
    const before = t.detail!.team.requisition;
    expect(screen.getByLabelText('Requisition').textContent).toContain(`${before} Req available`);
    await fireEvent.input(screen.getByLabelText('Req (+ or −)'), { target: { value: '2' } });
    await fireEvent.input(screen.getByLabelText('Reason'), { target: { value: 'carried over from paper' } });
    await fireEvent.submit(screen.getByRole('button', { name: 'Record' }).closest('form')!);
    await expect.poll(() => t.detail!.team.requisition).toBe(before + 2);
    expect((screen.getByLabelText('Req (+ or −)') as HTMLInputElement).value).toBe('');
  });
});

describe('TeamLedger', () => {
  it('lists the entries, and offers Undo on an organiser action only', async () => {
    const { a } = await wolvesAndBoyz(core);
    const t = await loaded(a.team.id);
    await t.adjustReq(1, 'a prize');
    render(TeamLedger, { team: t });
    const ledger = screen.getByRole('list', { name: 'Ledger' });
    expect(within(ledger).getByText(/a prize/)).toBeTruthy();
    const undos = within(ledger).getAllByRole('button', { name: /^Undo: / });
    expect(undos.map((b) => b.getAttribute('aria-label'))).toEqual([expect.stringMatching(/a prize/)]);
  });
});
