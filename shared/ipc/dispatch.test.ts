import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, channels, type ChannelName } from './contract';
import { dispatch, markKept, type Handlers } from './dispatch';
import { AppError, ERROR_CODES } from './result';

const campaign = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Vraks',
  pointsLimit: 250,
  archivedAt: null,
  createdAt: '2026-11-01T19:00:00.000Z',
  updatedAt: '2026-11-01T19:00:00.000Z',
  handedOver: null,
  sample: false,
};

function handlers(overrides: Partial<Handlers<{ calls: string[] }>> = {}): Handlers<{ calls: string[] }> {
  const record = (name: ChannelName) => (_input: unknown, ctx: { calls: string[] }) => {
    ctx.calls.push(name);
    return name === 'campaigns.list' ? [campaign] : name === 'app.info' ? undefined : campaign;
  };
  const base = Object.fromEntries(CHANNEL_NAMES.map((c) => [c, record(c)])) as unknown as Handlers<{ calls: string[] }>;
  return { ...base, ...overrides };
}

describe('dispatch()', () => {
  it('runs the handler with the parsed input and returns its checked output', async () => {
    const ctx = { calls: [] as string[] };
    const result = await dispatch(handlers(), ctx, 'campaigns.create', { name: '  Vraks  ' });
    expect(result).toEqual({ ok: true, value: campaign });
    expect(ctx.calls).toEqual(['campaigns.create']);
  });

  it('checks a live answer each time it is given; a kept one (markKept) once (issue 29)', async () => {
    // A live object, changed between calls (as the app's info is during a recovery): never answered from an old check.
    const live = { ...campaign };
    const h = handlers({ 'campaigns.get': () => live });
    expect(await dispatch(h, { calls: [] }, 'campaigns.get', { id: campaign.id })).toEqual({ ok: true, value: campaign });
    live.name = 'Vraks, renamed';
    expect(await dispatch(h, { calls: [] }, 'campaigns.get', { id: campaign.id })).toEqual({ ok: true, value: { ...campaign, name: 'Vraks, renamed' } });
    // A kept answer is checked once: the same checked value comes back.
    const kept = markKept({ ...campaign });
    const k = handlers({ 'campaigns.get': () => kept });
    const first = await dispatch(k, { calls: [] }, 'campaigns.get', { id: campaign.id });
    const again = await dispatch(k, { calls: [] }, 'campaigns.get', { id: campaign.id });
    expect(first.ok && again.ok && first.value === again.value).toBe(true);
  });

  it('applies schema defaults and normalisation before the handler sees the input', async () => {
    let seen: unknown;
    const h = handlers({ 'campaigns.create': (input) => ((seen = input), campaign) });
    await dispatch(h, { calls: [] }, 'campaigns.create', { name: '  The   Siege ' });
    expect(seen).toEqual({ name: 'The Siege', pointsLimit: 250, preset: 'hor-battle-honours' });
  });

  it('rejects an unknown channel with UNKNOWN_CHANNEL and runs nothing', async () => {
    const ctx = { calls: [] as string[] };
    for (const name of ['campaigns.drop', '__proto__', 'constructor', 42, null]) {
      const result = await dispatch(handlers(), ctx, name, {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('UNKNOWN_CHANNEL');
    }
    expect(ctx.calls).toEqual([]);
  });

  it('rejects malformed input with INVALID_INPUT naming the field, and runs nothing', async () => {
    const ctx = { calls: [] as string[] };
    const bad: [ChannelName, unknown][] = [
      ['campaigns.create', { name: '' }],
      ['campaigns.create', { name: 'x', pointsLimit: 12.5 }],
      ['campaigns.create', { name: 'x', extra: true }],
      ['campaigns.create', 'Vraks'],
      ['campaigns.rename', { id: 'not-a-uuid', name: 'x' }],
      ['campaigns.archive', {}],
      ['campaigns.list', { includeArchived: 'yes' }],
      ['app.info', { anything: 1 }],
    ];
    for (const [channel, input] of bad) {
      const result = await dispatch(handlers(), ctx, channel, input);
      expect(result.ok, `${channel} ${JSON.stringify(input)}`).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_INPUT');
        expect(result.error.issues?.length).toBeGreaterThan(0);
      }
    }
    expect(ctx.calls).toEqual([]);
    const empty = await dispatch(handlers(), ctx, 'campaigns.create', { name: ' ' });
    expect(!empty.ok && empty.error.issues).toEqual([{ path: 'name', message: 'Give the campaign a name.' }]);
  });

  it('passes an AppError through with its code and field issues', async () => {
    const h = handlers({
      'campaigns.create': () => {
        throw new AppError('VALIDATION', 'Taken.', [{ path: 'name', message: 'Taken.' }]);
      },
    });
    expect(await dispatch(h, { calls: [] }, 'campaigns.create', { name: 'x' })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'Taken.', issues: [{ path: 'name', message: 'Taken.' }] },
    });
  });

  it('turns a classified failure into its code and anything else into INTERNAL, never throwing', async () => {
    const logged: string[] = [];
    const h = handlers({
      'campaigns.get': () => {
        throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      },
      'campaigns.list': () => {
        throw new TypeError('boom');
      },
    });
    const options = {
      classifyError: (e: unknown) => ((e as { code?: string }).code === 'SQLITE_BUSY' ? new AppError('BUSY', 'Busy.') : undefined),
      logError: (c: string) => logged.push(c),
    };
    const busy = await dispatch(h, { calls: [] }, 'campaigns.get', { id: campaign.id }, options);
    expect(!busy.ok && busy.error.code).toBe('BUSY');
    const bug = await dispatch(h, { calls: [] }, 'campaigns.list', {}, options);
    expect(!bug.ok && bug.error.code).toBe('INTERNAL');
    expect(logged).toEqual(['campaigns.list']);
  });

  it('issue 16: never throws, whatever the channel and input are (objects, deep nesting, throwing getters, failing hooks)', async () => {
    const deep = (n: number): unknown => {
      let v: unknown = 'x';
      for (let i = 0; i < n; i++) v = [v];
      return v;
    };
    const deepObject = (n: number): unknown => {
      let v: unknown = {};
      for (let i = 0; i < n; i++) v = { name: v };
      return v;
    };
    const throwing = Object.defineProperty({}, 'name', {
      enumerable: true,
      get: () => {
        throw new Error('getter');
      },
    });
    const proxy = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
        ownKeys: () => {
          throw new Error('trap');
        },
        getPrototypeOf: () => {
          throw new Error('trap');
        },
      },
    );
    const channelsTried: unknown[] = [
      { toString: 1 },
      {
        toString: () => {
          throw new Error('x');
        },
      },
      deep(200_000),
      Symbol('s'),
      10n,
      () => 1,
      proxy,
      [['campaigns.list']],
    ];
    const ctx = { calls: [] as string[] };
    for (const channel of channelsTried) {
      const result = await dispatch(handlers(), ctx, channel, {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('UNKNOWN_CHANNEL');
    }
    const inputsTried: unknown[] = [deep(200_000), deepObject(200_000), { name: deepObject(200_000) }, throwing, proxy, { name: { toString: 1 } }];
    const logged: string[] = [];
    for (const input of inputsTried) {
      const result = await dispatch(handlers(), ctx, 'campaigns.create', input, {
        logError: (c) => {
          logged.push(c);
          throw new Error('the log failed too');
        },
      });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(['INVALID_INPUT']).toContain(result.error.code);
    }
    expect(ctx.calls).toEqual([]);
    // A classifier or a logger that throws does not make dispatch() throw either.
    const h = handlers({
      'campaigns.list': () => {
        throw new TypeError('boom');
      },
    });
    const failingHooks = {
      classifyError: () => {
        throw new Error('classifier');
      },
      logError: () => {
        throw new Error('logger');
      },
    };
    const bug = await dispatch(h, { calls: [] }, 'campaigns.list', {}, failingHooks);
    expect(!bug.ok && bug.error.code).toBe('INTERNAL');
  });

  it('refuses to return an output that does not match the contract', async () => {
    const h = handlers({ 'campaigns.get': () => ({ ...campaign, pointsLimit: 'many' }) as never });
    const result = await dispatch(h, { calls: [] }, 'campaigns.get', { id: campaign.id });
    expect(!result.ok && result.error.code).toBe('INTERNAL');
  });

  it('every channel has input and output schemas and a summary, and every error code is documented', () => {
    for (const name of CHANNEL_NAMES) {
      expect(name).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/);
      expect(channels[name].summary.length).toBeGreaterThan(5);
    }
    expect(ERROR_CODES).toContain('INVALID_INPUT');
  });
});
