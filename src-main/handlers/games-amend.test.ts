/**
 * Issue 20, "Amend a committed game": through the real handlers on a real SQLite file, a kill given to the wrong model
 * is moved to the right one — the preview names exactly the entries added, removed and changed, the amendment is one
 * transaction that keeps the reason and the report before it, and the stored state equals a rebuild. An amendment
 * that later entries depend on is refused in words, changing nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AmendPreview, GameAmendments } from '../../shared/ipc/schemas/amend';
import type { GameDetail, TeamHistory } from '../../shared/ipc/schemas/games';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { rebuild } from '../ledger';
import { call, failure, snapshotTables, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';

const expOf = (h: TeamHistory, name: string) => h.models.find((m) => m.name === name)!;

describe('amend a committed game (issue 20)', () => {
  it('a kill given to the wrong model: exactly its EXP moves, in one amendment that keeps the reason and the report before it', async () => {
    const core = testCore();
    const pc = await playedCampaign(core, { name: 'Amend' });
    const committed = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game });
    expect(committed.refusal).toBe('Nothing is amended yet: change the result first.');
    expect([committed.added, committed.removed, committed.changed]).toEqual([[], [], []]);

    const draft = structuredClone(committed.draft);
    const tarkus = draft.report.models.find((m) => m.name === 'Tarkus')!.id;
    draft.report.models = draft.report.models.map((m) => (m.name === 'Skorcha' ? { ...m, outOfAction: { by: tarkus, how: 'melee' as const } } : m));
    const preview = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game, draft });
    expect(preview.refusal).toBeNull();
    expect(preview.removed.map((l) => l.text)).toEqual(['Kaelen: +1 EXP — killed 1 enemy Special model (+1 EXP each)']);
    expect(preview.added.map((l) => l.text)).toEqual(['Tarkus: +1 EXP — killed 1 enemy Special model (+1 EXP each)']);
    expect(preview.changed).toEqual([]);
    expect(preview.dependents).toEqual([]);

    // A reason is required; the preview changed nothing.
    const tables = snapshotTables(core);
    expect((await failure(core, 'games.amend', { id: pc.game, draft, reason: '  ' })).message).toMatch(/Say why the game is amended/);
    expect(snapshotTables(core)).toEqual(tables);

    const before = await call<TeamHistory>(core, 'teams.history', { id: pc.teamA });
    expect([expOf(before, 'Kaelen').exp, expOf(before, 'Kaelen').kills, expOf(before, 'Tarkus').exp]).toEqual([1, 1, 0]);
    const amended = await call<GameDetail>(core, 'games.amend', { id: pc.game, draft, reason: 'The kill was Tarkus’s' });
    expect(amended.game.status).toBe('committed');
    const after = await call<TeamHistory>(core, 'teams.history', { id: pc.teamA });
    expect([expOf(after, 'Kaelen').exp, expOf(after, 'Kaelen').kills, expOf(after, 'Tarkus').exp, expOf(after, 'Tarkus').kills]).toEqual([0, 0, 1, 1]);

    const history = await call<GameAmendments>(core, 'games.amendments', { id: pc.game });
    expect(history).toHaveLength(1);
    expect(history[0]!.reason).toBe('The kill was Tarkus’s');
    expect(history[0]!.original).toContain('Skorcha: taken out of action by Kaelen.');
    expect(history[0]!.changes).toEqual([
      'Iron Wolves: taken back — Kaelen: +1 EXP — killed 1 enemy Special model (+1 EXP each)',
      'Iron Wolves: added — Tarkus: +1 EXP — killed 1 enemy Special model (+1 EXP each)',
    ]);
    // The ledger keeps what was taken back (voided), and the stored projections equal a rebuild.
    const team = await call<TeamDetail>(core, 'teams.get', { id: pc.teamA });
    expect(team.ledger.filter((e) => e.kind === 'exp.gained').map((e) => [e.reason, e.voided])).toEqual([
      ['Kaelen: +1 EXP — killed 1 enemy Special model (+1 EXP each)', true],
      ['Tarkus: +1 EXP — killed 1 enemy Special model (+1 EXP each)', false],
    ]);
    const stored = snapshotTables(core).team_projections;
    rebuild(core.opened.db, 'all', new Date().toISOString());
    expect(snapshotTables(core).team_projections).toEqual(stored);

    // Amended again, back as it was: the preview starts from the amended game.
    const again = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game });
    expect(again.draft.report.models.find((m) => m.name === 'Skorcha')!.outOfAction?.by).toBe(tarkus);
    // Voiding the amended game still reverses exactly what stands.
    await call(core, 'games.void', { id: pc.game, reason: 'test', withDependents: false });
    const voided = await call<TeamHistory>(core, 'teams.history', { id: pc.teamA });
    expect([expOf(voided, 'Tarkus').exp, expOf(voided, 'Kaelen').exp]).toEqual([0, 0]);
    core.close();
  });

  it('refused in words when a later entry depends on what the amendment takes back (Req spent since), changing nothing', async () => {
    const core = testCore();
    const pc = await playedCampaign(core, { name: 'Amend short' });
    // Da Boyz spend every Req the draw gave them.
    const boyz = await call<TeamDetail>(core, 'teams.get', { id: pc.teamB });
    await call(core, 'teams.adjustRequisition', { id: pc.teamB, amount: -boyz.team.requisition, reason: 'spent at the club shop' });
    // Amended: Kaelen also took Grub out of action, so the Iron Wolves win and the Boyz lose the draw's Req.
    const { draft } = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game });
    draft.report.models = draft.report.models.map((m) =>
      m.name === 'Grub' ? { ...m, aliveAtEnd: false, outOfAction: { by: pc.kaelen, how: 'shooting' as const } } : m,
    );
    const preview = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game, draft });
    expect(preview.removed.length + preview.changed.length).toBeGreaterThan(0);
    expect(preview.dependents.join(' ')).toMatch(/spent at the club shop.*Req short/);
    expect(preview.refusal).toMatch(/^Later entries depend on what this amendment changes/);
    const tables = snapshotTables(core);
    expect((await failure(core, 'games.amend', { id: pc.game, draft, reason: 'Grub was killed too' })).message).toMatch(
      /cannot be amended: Later entries depend/,
    );
    expect(snapshotTables(core)).toEqual(tables);
    core.close();
  });
});
