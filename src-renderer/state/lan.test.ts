/** The Club Wi-Fi indicator's state (state/lan.svelte.ts): asked at start, polled while the view runs. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LanStatus } from '../../shared/ipc/schemas/lan';
import { bridge } from '../test-support/fake-bridge';
import { lan } from './lan.svelte';

const on = { running: true, phones: 2 } as unknown as LanStatus;
const off = { running: false } as unknown as LanStatus;

afterEach(() => {
  lan.set(off);
  vi.useRealTimers();
});

describe('lan', () => {
  it('shows main’s answer', async () => {
    bridge.answer('lan.status', () => off);
    await lan.refresh();
    expect(lan.status).toEqual(off);
  });

  it('asks again while the view runs, and stops once it is off', async () => {
    vi.useFakeTimers();
    let status = on;
    bridge.answer('lan.status', () => status);
    await lan.refresh();
    expect(bridge.inputsOf('lan.status')).toHaveLength(1);
    await vi.advanceTimersToNextTimerAsync();
    expect(bridge.inputsOf('lan.status')).toHaveLength(2);
    status = off;
    await vi.advanceTimersToNextTimerAsync();
    expect(lan.status).toEqual(off);
    await vi.advanceTimersToNextTimerAsync();
    expect(bridge.inputsOf('lan.status')).toHaveLength(3);
  });

  it('keeps the last known state when a poll fails, and tries again', async () => {
    vi.useFakeTimers();
    lan.set(on);
    bridge.answer('lan.status', () => {
      throw { code: 'INTERNAL', message: 'busy' };
    });
    await vi.advanceTimersToNextTimerAsync();
    expect(lan.status).toEqual(on);
    await vi.advanceTimersToNextTimerAsync();
    expect(bridge.inputsOf('lan.status')).toHaveLength(2);
  });

  it('does not poll a view that is off after a failure', async () => {
    vi.useFakeTimers();
    lan.set(off);
    bridge.answer('lan.status', () => {
      throw { code: 'INTERNAL', message: 'busy' };
    });
    await lan.refresh();
    await vi.advanceTimersToNextTimerAsync();
    expect(bridge.inputsOf('lan.status')).toHaveLength(1);
  });
});
