/** The House rules page's state (state/ruleset.svelte.ts) over the real handlers: the copy, its checks, preview and apply. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { bridge } from '../test-support/fake-bridge';
import { RulesetState } from './ruleset.svelte';

let core: Core;
let n = 0;
beforeAll(() => {
  core = testCore();
});
afterAll(() => core.close());
beforeEach(() => bridge.useCore(core));

async function loaded() {
  const c = await call<Campaign>(core, 'campaigns.create', { name: `Rules ${++n}` });
  const s = new RulesetState(c.id);
  await s.load();
  return s;
}

describe('RulesetState', () => {
  it('loads the campaign’s pinned rules as an unchanged copy', async () => {
    const s = await loaded();
    expect(s.loaded).toBe(true);
    expect(s.error).toBeNull();
    expect(s.campaign?.name).toMatch(/^Rules/);
    expect(s.source.kind).toBe('pinned');
    expect(s.dirty).toBe(false);
    expect(s.check.parses).toBe(true);
  });

  it('checks the copy as it is typed, and puts the problem in words', async () => {
    const s = await loaded();
    s.draft!.name = '';
    expect(s.dirty).toBe(true);
    expect(s.check.parses).toBe(false);
    expect(s.check.problems.length).toBeGreaterThan(0);
    expect(s.check.problems.every((p) => !p.text.includes('progression.'))).toBe(true);
  });

  it('asks main for the diff of an edited copy, and knows when it is fresh', async () => {
    const s = await loaded();
    s.draft!.name = 'Our club rules';
    await s.previewNow();
    expect(s.previewError).toBeNull();
    expect(s.previewFresh).toBe(true);
    expect(bridge.inputsOf('rulesets.preview')).toHaveLength(1);
    await s.previewNow();
    expect(bridge.inputsOf('rulesets.preview')).toHaveLength(1);
    s.draft!.name = 'Our club rules, second go';
    expect(s.previewFresh).toBe(false);
  });

  it('a preview for an older copy does not replace a newer one', async () => {
    const s = await loaded();
    bridge.hold('rulesets.preview');
    s.draft!.name = 'One';
    const first = s.previewNow();
    s.draft!.name = 'Two';
    const second = s.previewNow();
    await vi.waitFor(() => expect(bridge.heldCalls('rulesets.preview')).toHaveLength(2));
    const [older, newer] = bridge.heldCalls('rulesets.preview');
    newer!.pass();
    await second;
    older!.fail('INTERNAL', 'An old answer.');
    await first;
    expect(s.previewError).toBeNull();
    expect(s.previewFresh).toBe(true);
  });

  it('applies the copy with a reason, and says what it did', async () => {
    const s = await loaded();
    s.draft!.version = '9.1.0';
    expect(await s.apply('Our club plays version 9.1.0.')).toBeNull();
    expect(s.applied).toMatch(/^Applied\. .* 9\.1\.0 is now this campaign’s house rules/);
    expect(s.dirty).toBe(false);
    expect(s.view?.ruleset.version).toBe('9.1.0');
  });

  it('applying the rules already pinned says nothing changed', async () => {
    const s = await loaded();
    expect(await s.apply('No change.')).toBeNull();
    expect(s.applied).toBe('Nothing changed: these are already the campaign’s rules.');
  });

  it('a refused apply changes nothing and says why', async () => {
    const s = await loaded();
    s.draft!.version = '9.2.0';
    bridge.answer('rulesets.apply', () => {
      throw { code: 'VALIDATION', message: 'Say why the rules change.' };
    });
    expect(await s.apply('')).toBe('Say why the rules change.');
    expect(s.dirty).toBe(true);
  });

  it('starts a copy from a shipped preset, and throws it away again', async () => {
    const s = await loaded();
    const other = s.view!.presets.find((p) => p.differs)!;
    s.usePreset(other.hash);
    expect(s.source).toEqual({ kind: 'preset', label: other.ruleset.name, note: null });
    expect(s.dirty).toBe(true);
    await s.discard();
    expect(s.source.kind).toBe('pinned');
    expect(s.dirty).toBe(false);
  });

  it('keeps the organiser’s edits when another window applies new rules, and says so', async () => {
    const s = await loaded();
    const off = s.subscribe();
    s.draft!.name = 'Mine';
    await call(core, 'rulesets.apply', {
      campaignId: s.campaignId,
      ruleset: { ...s.view!.ruleset, version: '9.3.0' },
      expectedHash: s.view!.hash,
      reason: 'Other window.',
    });
    await vi.waitFor(() => expect(s.changedElsewhere).toBe(true));
    expect(s.draft!.name).toBe('Mine');
    off();
  });

  it('takes another window’s rules at once when nothing was edited', async () => {
    const s = await loaded();
    const off = s.subscribe();
    await call(core, 'rulesets.apply', {
      campaignId: s.campaignId,
      ruleset: { ...s.view!.ruleset, version: '9.3.0' },
      expectedHash: s.view!.hash,
      reason: 'Other window.',
    });
    await vi.waitFor(() => expect(s.view?.ruleset.version).toBe('9.3.0'));
    expect(s.changedElsewhere).toBe(false);
    off();
  });

  it('refuses a file too large to be a ruleset, before reading it', async () => {
    const s = await loaded();
    const big = new File(['x'.repeat(1024 * 1024 + 1)], 'huge.json');
    await s.importUpload(big);
    expect(s.message).toEqual({ ok: false, text: 'huge.json is too large for a ruleset (over 1 MB). Nothing was changed.' });
    expect(bridge.inputsOf('rulesets.import')).toHaveLength(0);
  });

  it('an uploaded file that is not a ruleset changes nothing, and says so', async () => {
    const s = await loaded();
    await s.importUpload(new File(['not json'], 'notes.txt'));
    expect(s.message?.ok).toBe(false);
    expect(s.message?.text).toMatch(/Nothing was changed\.$/);
    expect(s.source.kind).toBe('pinned');
  });

  it('an uploaded ruleset becomes the copy, with its diff', async () => {
    const s = await loaded();
    const exported = await call<{ text: string }>(core, 'rulesets.export', { campaignId: s.campaignId, destination: 'download' });
    await s.importUpload(new File([exported.text.replace(/"version": ?"[^"]*"/, '"version": "9.4.0"')], 'club.json'));
    expect(s.message).toBeNull();
    expect(s.source).toMatchObject({ kind: 'import', label: 'club.json' });
    expect(s.draft?.version).toBe('9.4.0');
    expect(s.previewFresh).toBe(true);
  });

  it('says the page could not load', async () => {
    const s = new RulesetState('00000000-0000-4000-8000-999999999999');
    await s.load();
    expect(s.error).toMatch(/./);
    expect(s.loaded).toBe(true);
  });
});
