/** Which campaigns are handed over (state/read-only.svelte.ts): watched while a page shows them, following campaigns.changed. */
import { describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { bridge } from '../test-support/fake-bridge';
import { readOnly, readOnlyTitle } from './read-only.svelte';

const campaign = (id: string, handedOver: Campaign['handedOver']) => ({ id, name: 'Vraks', handedOver }) as unknown as Campaign;

describe('readOnly', () => {
  it('knows nothing of a campaign no page watches', () => {
    expect(readOnly.of('never-watched')).toBeNull();
  });

  it('reads a watched campaign’s hand-over and follows its changes', async () => {
    let handedOver: Campaign['handedOver'] = { to: 'Club laptop 2', at: '2026-11-01' };
    bridge.answer('campaigns.get', ({ id }) => campaign(id, handedOver));
    const release = readOnly.watch('c1');
    await vi.waitFor(() => expect(readOnly.of('c1')).toEqual({ to: 'Club laptop 2', at: '2026-11-01' }));
    handedOver = null;
    bridge.emit('campaigns.changed', { id: 'c1' });
    await vi.waitFor(() => expect(readOnly.of('c1')).toBeNull());
    release();
  });

  it('asks once for a campaign two parts of a page watch, and stops listening when both let go', async () => {
    bridge.answer('campaigns.get', ({ id }) => campaign(id, null));
    const one = readOnly.watch('c2');
    const two = readOnly.watch('c2');
    expect(bridge.inputsOf('campaigns.get')).toHaveLength(1);
    one();
    bridge.emit('campaigns.changed', { id: 'c2' });
    expect(bridge.inputsOf('campaigns.get')).toHaveLength(2);
    two();
    bridge.emit('campaigns.changed', { id: 'c2' });
    expect(bridge.inputsOf('campaigns.get')).toHaveLength(2);
  });

  it('ignores another campaign’s news', () => {
    bridge.answer('campaigns.get', ({ id }) => campaign(id, null));
    const release = readOnly.watch('c3');
    bridge.emit('campaigns.changed', { id: 'c4' });
    expect(bridge.inputsOf('campaigns.get')).toHaveLength(1);
    release();
  });

  it('guards nothing when the campaign cannot be read (its page says what went wrong)', async () => {
    bridge.answer('campaigns.get', ({ id }) => campaign(id, { to: 'Bob', at: 'x' }));
    const release = readOnly.watch('c5');
    await vi.waitFor(() => expect(readOnly.of('c5')).not.toBeNull());
    bridge.answer('campaigns.get', () => {
      throw { code: 'NOT_FOUND', message: 'gone' };
    });
    bridge.emit('campaigns.changed', { id: 'c5' });
    await vi.waitFor(() => expect(readOnly.of('c5')).toBeNull());
    release();
  });

  it('says in the tooltip to whom it was handed and what to do', () => {
    expect(readOnlyTitle({ to: 'Club laptop 2', at: 'x' })).toBe(
      'Read-only: handed over to Club laptop 2. Import the newer copy, or take the campaign back on its page.',
    );
  });
});
