/** Autosave (issue 32): debounce, the latest save wins, echoes, a flush during a save, failures, cancel. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosave } from './autosave.svelte';

/** A send whose answers the test gives, in any order. */
function sender() {
  const pending: { resolve: (v: () => void) => void; reject: (e: unknown) => void; sent: number }[] = [];
  const applied: number[] = [];
  let sent = 0;
  const send = () =>
    new Promise<() => void>((resolve, reject) => {
      const n = ++sent;
      pending.push({ resolve, reject, sent: n });
    });
  const answer = async (i: number) => {
    const p = pending[i]!;
    p.resolve(() => applied.push(p.sent));
    await vi.advanceTimersByTimeAsync(0);
  };
  const fail = async (i: number, message: string) => {
    pending[i]!.reject(new Error(message));
    await vi.advanceTimersByTimeAsync(0);
  };
  return { send, pending, applied, answer, fail, count: () => sent };
}

let clock = 0;
beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
});
afterEach(() => vi.useRealTimers());

describe('Autosave', () => {
  it('waits for the debounce, and one burst of edits is one save', async () => {
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300 });
    a.soon();
    await vi.advanceTimersByTimeAsync(200);
    a.soon();
    await vi.advanceTimersByTimeAsync(200);
    expect(s.count()).toBe(0);
    expect(a.status).toBe('saving');
    expect(a.waiting).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(s.count()).toBe(1);
    expect(a.waiting).toBe(false);
    await s.answer(0);
    expect(a.status).toBe('saved');
    expect(s.applied).toEqual([1]);
  });

  it('drops a late answer to an older save: the latest save wins', async () => {
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300 });
    void a.now();
    void a.now();
    await s.answer(1);
    await s.answer(0);
    expect(s.applied).toEqual([2]);
    expect(a.status).toBe('saved');
  });

  it('drops an answer that arrives while a newer edit is still waiting', async () => {
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300 });
    void a.now();
    a.soon();
    await s.answer(0);
    expect(s.applied).toEqual([]);
    expect(a.status).toBe('saving');
    await vi.advanceTimersByTimeAsync(300);
    await s.answer(1);
    expect(s.applied).toEqual([2]);
    expect(a.status).toBe('saved');
  });

  it('flush saves a waiting edit at once and resolves when it is saved', async () => {
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300 });
    a.soon();
    let flushed = false;
    void a.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.count()).toBe(1);
    expect(flushed).toBe(false);
    await s.answer(0);
    expect(flushed).toBe(true);
  });

  it('flush during a save waits for that save, and sends nothing more', async () => {
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300 });
    void a.now();
    let flushed = false;
    void a.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(false);
    await s.answer(0);
    expect(flushed).toBe(true);
    expect(s.count()).toBe(1);
  });

  it('a failed save says why; an older save failing after a newer one succeeded says nothing', async () => {
    const failed: string[] = [];
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300, failed: (m) => failed.push(m) });
    void a.now();
    await s.fail(0, 'That game was discarded.');
    expect(a.status).toBe('error');
    expect(a.error).toBe('That game was discarded.');
    expect(failed).toEqual(['That game was discarded.']);
    void a.now();
    void a.now();
    await s.answer(2);
    await s.fail(1, 'late');
    expect(a.status).toBe('saved');
    expect(a.error).toBeNull();
    expect(failed).toEqual(['That game was discarded.']);
  });

  it("takes main's changed-event as an echo while busy and shortly after its own save", async () => {
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300, echoMs: 1500, now: () => clock });
    expect(a.isEcho()).toBe(false);
    a.soon();
    expect(a.isEcho()).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    clock = 10_000;
    await s.answer(0);
    clock = 11_000;
    expect(a.isEcho()).toBe(true);
    clock = 11_600;
    expect(a.isEcho()).toBe(false);
  });

  it('cancel forgets a waiting edit and drops the answer of a save under way', async () => {
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300 });
    void a.now();
    a.soon();
    a.cancel();
    expect(a.status).toBe('saved');
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.count()).toBe(1);
    await s.answer(0);
    expect(s.applied).toEqual([]);
  });

  it('counts saves started, so a load begun before one can tell', () => {
    const s = sender();
    const a = new Autosave(s.send, { delayMs: 300 });
    const before = a.saves;
    void a.now();
    expect(a.saves).toBe(before + 1);
  });
});
