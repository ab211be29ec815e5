/**
 * Issue 20, "Correct before commit": through the real handlers on a real SQLite file, a typed die is typed again
 * (and what followed from it asked for again), a roll Herald made is changed with who asked and why, and the
 * results of typed dice show at once, before the next roll is typed.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail, GameDraft } from '../../shared/ipc/schemas/games';
import { call, failure, testCore } from '../test-support';
import { foundedTeams } from '../test-support/founded-teams';

async function setup(diceMode: 'app' | 'physical') {
  const core = testCore();
  const { campaignId, a, b } = await foundedTeams(core, diceMode, 'Corrections');
  let g = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'relic-hunt' });
  for (let i = 0; i < 30 && g.plan === null; i++) {
    const p = g.planPendingRoll!;
    g = await call<GameDetail>(core, 'games.enterRoll', {
      id: g.game.id,
      key: p.key,
      faces: p.expression === 'D66' ? [3, 4] : p.expression.startsWith('2D6') ? [3, 4] : p.expression.startsWith('D3') ? [2] : [i % 2 ? 5 : 2],
    });
  }
  // Cato and Grub are taken out of action.
  const draft: GameDraft = structuredClone(g.draft);
  const by = (name: string) => g.models.find((m) => m.name === name)!.id;
  draft.report.models = draft.report.models.map((m) =>
    m.name === 'Cato'
      ? { ...m, aliveAtEnd: false, outOfAction: { by: by('Gorbag'), how: 'melee' } }
      : m.name === 'Grub'
        ? { ...m, aliveAtEnd: false, outOfAction: { by: by('Tarkus'), how: 'shooting' } }
        : m,
  );
  draft.step = 'injuries';
  g = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
  return { core, g };
}

const injuryOf = (g: GameDetail, name: string) => g.preview.rolls.find((r) => /Injury/.test(r.purpose) && r.purpose.includes(name));

describe('correct before commit (issue 20)', () => {
  it('real dice: a typed result shows at once; a mistyped die is typed again and everything after it recomputed', async () => {
    const { core, g: first } = await setup('physical');
    let g = first;
    // Cato's injury typed as 2 (a typo for 5): the result shows while Grub's roll is still to type.
    const cato = g.preview.pendingRoll!;
    expect(cato.purpose).toMatch(/Cato/);
    g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: cato.key, faces: [2] });
    expect(g.preview.pendingRoll?.purpose).toMatch(/Grub/);
    expect(injuryOf(g, 'Cato')).toMatchObject({ key: cato.key, total: 2, result: 'Dead: removed from the roster.' });
    g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: g.preview.pendingRoll!.key, faces: [4] });
    expect(g.preview.ready).toBe(true);
    expect(g.preview.changes.some((c) => c.kind === 'model.died' && c.modelName === 'Cato')).toBe(true);

    // Corrected: 5. Cato recovers; nothing else asked again.
    const bad = await failure(core, 'games.enterRoll', { id: g.game.id, key: cato.key, faces: [7] });
    expect(bad.message).toMatch(/D6/);
    g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: cato.key, faces: [5] });
    expect(injuryOf(g, 'Cato')).toMatchObject({ total: 5, result: 'Full recovery.' });
    expect(g.preview.ready).toBe(true);
    expect(g.preview.changes.some((c) => c.kind === 'model.died')).toBe(false);
    const done = await call<GameDetail>(core, 'games.commit', { id: g.game.id });
    expect(done.storedRolls.find((r) => r.purpose.includes('Cato'))).toMatchObject({ total: 5, source: 'physical' });
    // Committed: no more changes.
    expect((await failure(core, 'games.enterRoll', { id: g.game.id, key: cato.key, faces: [1] })).message).toMatch(/only a draft can be changed/);
    core.close();
  });

  it("Herald's dice: an injury changed at the club's ruling keeps who asked and why; without them it is refused", async () => {
    const { core, g: first } = await setup('app');
    let g = first;
    const cato = injuryOf(g, 'Cato')!;
    expect(cato.key).toMatch(/^post\|Injury/);
    const refused = await failure(core, 'games.enterRoll', { id: g.game.id, key: cato.key!, faces: [1] });
    expect(refused.message).toMatch(/who asked for the change and why/);
    const face = cato.total === 1 ? 6 : 1;
    g = await call<GameDetail>(core, 'games.enterRoll', {
      id: g.game.id,
      key: cato.key!,
      faces: [face],
      change: { by: 'Alice', reason: 'club ruling: re-roll' },
    });
    const changed = injuryOf(g, 'Cato')!;
    expect(changed.total).toBe(face);
    expect(changed.purpose).toContain(`Herald rolled ${cato.faces.join(', ')}; changed at Alice's request: club ruling: re-roll`);
    expect(g.preview.changes.some((c) => c.kind === 'model.died' && c.modelName === 'Cato')).toBe(face === 1);
    const done = await call<GameDetail>(core, 'games.commit', { id: g.game.id });
    expect(done.storedRolls.find((r) => r.purpose.includes('Cato'))?.purpose).toContain('club ruling: re-roll');
    core.close();
  });
});
