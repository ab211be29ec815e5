/**
 * resolveGame (issue 32): the whole path from a draft to what a commit writes, in the rules package. Each stage has its
 * own tests in resolve-stages.test.ts; main's games tests prove the path through the campaign file is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { battleHonoursPreset } from '../presets/index';
import { GamePreview } from './preview';
import { resolveGame } from './resolve';
import { catoDown, input } from './resolve-fixture';

describe('resolveGame: a draft to what the commit writes (issue 32)', () => {
  it('a complete result is ready: its score, every entry in words with the names put in, the Req balances', () => {
    const r = resolveGame(input({ models: catoDown }));
    expect(r.preview.problems).toEqual([]);
    expect(r.preview.ready).toBe(true);
    expect(r.score?.vp).toEqual(r.preview.score?.vp);
    expect(r.entries.length).toBeGreaterThan(0);
    expect(r.entries.every((e) => e.gameId === 'g1')).toBe(true);
    // Every entry has its text (the ledger's reason), and no text names a side as "Player A/B".
    for (const e of r.entries) expect(r.texts.get(e.id)?.text).toBeTruthy();
    expect(r.preview.changes.map((c) => c.text).join(' ')).not.toMatch(/Player [AB]/);
    expect(r.preview.changes.some((c) => c.text.includes('Brother Cato'))).toBe(true);
    const b = r.preview.balances!;
    expect(b.a.after).toBe(b.a.before + b.a.earned - b.a.spent);
    // What main answers over IPC is checked against this schema: the preview fits it.
    expect(GamePreview.parse(r.preview)).toEqual(r.preview);
  });

  it('is the same answer every time for the same draft and seed (a preview and its commit agree)', () => {
    expect(resolveGame(input({ models: catoDown }))).toEqual(resolveGame(input({ models: catoDown })));
  });

  it('a draft with problems writes nothing, and says why in words', () => {
    const r = resolveGame(input({ models: (m) => (m.id === 'cato' ? { ...m, aliveAtEnd: false, outOfAction: { by: 'nobody-here', how: 'melee' } } : m) }));
    expect(r.preview.ready).toBe(false);
    expect(r.preview.problems.length).toBeGreaterThan(0);
    expect(r.entries).toEqual([]);
    expect(r.recruits).toEqual([]);
  });

  it('real dice: the first roll the rules need is asked for, with the score so far', () => {
    const base = input({ models: catoDown });
    const r = resolveGame({ ...base, game: { ...base.game, diceMode: 'physical' } });
    expect(r.preview.pendingRoll).toMatchObject({ expression: expect.any(String) });
    expect(r.preview.score).not.toBeNull();
    expect(r.preview.ready).toBe(false);
  });

  it('docs/progression.md Requisition: a team cannot spend more Req than it has after the game', () => {
    const r = resolveGame(input({ models: catoDown, draft: { honours: [{ side: 'a', model: null, honour: 'master-tactician', elite: false }] } }));
    // Master Tactician is a model's honour; bought for the team it is refused — and with 0 Req it could not be paid.
    expect(r.preview.ready).toBe(false);
    const rich = resolveGame(
      input({ models: catoDown, req: 100, draft: { honours: [{ side: 'a', model: 'sarge', honour: 'strident-voice', elite: false }] } }),
    );
    expect(rich.preview.problems).toEqual([]);
    expect(rich.entries.some((e) => e.kind === 'honour.bought')).toBe(true);
    const recruits = Array.from({ length: 9 }, (_, i) => ({ side: 'a' as const, entryId: 'guardsman', name: `Trooper ${i + 1}` }));
    const poor = resolveGame(input({ models: catoDown, draft: { recruits } }));
    expect(poor.preview.problems.join(' ')).toMatch(/Hydra Platoon would spend \d+ Req but has \d+ after this game\./);
    expect(poor.recruits).toEqual([]);
  });

  it('docs/progression.md: "until a table is filled in, the app says exactly which table is missing" — the score stands', () => {
    const base = input({ models: catoDown });
    const ruleset = battleHonoursPreset();
    ruleset.progression.requisition.awards = null;
    const r = resolveGame({ ...base, state: { ...base.state, ruleset } });
    expect(r.preview).toMatchObject({ blocked: expect.stringMatching(/requisition/i), ready: false, problems: [] });
    expect(r.preview.score).not.toBeNull();
    // An award that takes Req away is a Req adjustment, never applied by a game.
    const taking = battleHonoursPreset();
    taking.progression.requisition.awards![0]!.req = -5;
    expect(resolveGame({ ...base, state: { ...base.state, ruleset: taking } }).preview.blocked).toMatch(/takes Req away/);
  });

  it('real dice: faces that cannot be that roll are a problem in words', () => {
    const base = input({ models: catoDown });
    const physical = { ...base, game: { ...base.game, diceMode: 'physical' as const } };
    const key = resolveGame(physical).preview.pendingRoll!.key;
    const r = resolveGame({ ...physical, draft: { ...physical.draft, faces: { [key]: [9] } } });
    expect(r.preview.problems).toEqual([expect.stringContaining('9')]);
    expect(r.preview.ready).toBe(false);
  });
});
