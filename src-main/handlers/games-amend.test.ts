/**
 * Issue 20, "Amend a committed game": through the real handlers on a real SQLite file, a kill given to the wrong model
 * is moved to the right one — the preview names exactly the entries added, removed and changed, the amendment is one
 * transaction that keeps the reason and the report before it, and the stored state equals a rebuild. An amendment
 * that later entries depend on is refused in words, changing nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AmendPreview, GameAmendments } from '../../shared/ipc/schemas/amend';
import type { GameDetail, TeamHistory } from '../../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { rebuild } from '../ledger';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
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
  it('a model that did not take part: its game and its share of the result are taken back; the amended game travels in the campaign file', async () => {
    const core = testCore(tempDir());
    const pc = await playedCampaign(core, { name: 'Amend travel' });
    const { draft } = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game });
    draft.report.models = draft.report.models.map((m) => (m.name === 'Lucan' ? { ...m, tookPart: false } : m));
    const preview = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game, draft });
    expect(preview.refusal).toBeNull();
    expect(preview.changed.map((c) => c.after.text)).toEqual(['Considerate Commander +10: 4 of 4 models survived']);
    await call(core, 'games.amend', { id: pc.game, draft, reason: 'Lucan stayed home' });
    const history = await call<TeamHistory>(core, 'teams.history', { id: pc.teamA });
    expect(history.models.find((m) => m.name === 'Lucan')!.games).toBe(0);
    expect(history.models.find((m) => m.name === 'Cato')!.games).toBe(1);
    // Its games are counted by the amendment's change alone (issue 29), and the stored projections equal a rebuild.
    const stored = snapshotTables(core).team_projections;
    rebuild(core.opened.db, 'all', new Date().toISOString());
    expect(snapshotTables(core).team_projections).toEqual(stored);

    // Exported and imported on another laptop: the amended result, its history and its ledger arrive whole.
    const file = await call<{ fileName: string; base64: string }>(core, 'campaigns.exportFile', { id: pc.campaign.id, destination: 'download' });
    const club = testCore(tempDir());
    const imported = await call<{ campaign: Campaign }>(club, 'campaigns.importFile', { source: 'upload', fileName: file.fileName, base64: file.base64 });
    const [game] = await call<{ id: string }[]>(club, 'games.list', { campaignId: imported.campaign.id });
    const amendments = await call<GameAmendments>(club, 'games.amendments', { id: game!.id });
    expect(amendments.map((a) => a.reason)).toEqual(['Lucan stayed home']);
    expect(amendments[0]!.original).toContain('Lucan: took part, not taken out of action.');
    core.close();
    club.close();
  });

  it('real dice: a model newly taken out of action asks for its injury roll before the amendment can be applied', async () => {
    const core = testCore();
    const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Amend dice' });
    await call(core, 'campaigns.updateSettings', {
      id: campaign.id,
      diceMode: 'physical',
      optionalRules: { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false },
    });
    const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
    let n = 0;
    const m = (entryId: string, name: string) => ({ id: `ad-${++n}`, entryId, name, options: {}, armoury: [], grenades: {} });
    const team = async (name: string, list: string, models: ReturnType<typeof m>[]) => {
      const p = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: `${name} player` });
      const t = await call<TeamDetail>(core, 'teams.create', {
        campaignId: campaign.id,
        playerId: p.id,
        teamListId: lists.find((l) => l.listKey === list)!.id,
        name,
      });
      await call(core, 'teams.saveDraft', { id: t.team.id, roster: { models } });
      await call(core, 'teams.found', { id: t.team.id });
      return t.team.id;
    };
    const a = await team('Blades', 'space-marines-sample', [m('sergeant', 'Tarkus'), ...['Cato', 'Varro', 'Lucan'].map((x) => m('tactical-marine', x))]);
    const b = await team('Gitz', 'orks-sample', [m('boss-nob', 'Gorbag'), ...['Grub', 'Snik', 'Mek'].map((x) => m('boy', x))]);
    let g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a, teamB: b, mission: 'skirmish' });
    for (let i = 0; i < 30 && g.plan === null; i++)
      g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: g.planPendingRoll!.key, faces: [i % 2 ? 5 : 2] });
    await call(core, 'games.commit', { id: g.game.id });

    const { draft } = await call<AmendPreview>(core, 'games.previewAmend', { id: g.game.id });
    const gorbag = draft.report.models.find((x) => x.name === 'Gorbag')!.id;
    draft.report.models = draft.report.models.map((x) =>
      x.name === 'Cato' ? { ...x, aliveAtEnd: false, outOfAction: { by: gorbag, how: 'melee' as const } } : x,
    );
    const asked = await call<AmendPreview>(core, 'games.previewAmend', { id: g.game.id, draft });
    expect(asked.preview.pendingRoll?.purpose).toMatch(/Injury, Blades, Core/);
    expect(asked.refusal).toMatch(/^Roll D6 for Injury/);
    expect((await failure(core, 'games.amend', { id: g.game.id, draft, reason: 'Cato fell' })).message).toMatch(/cannot be amended: Roll D6 for Injury/);
    draft.faces[asked.preview.pendingRoll!.key] = [3];
    const rolled = await call<AmendPreview>(core, 'games.previewAmend', { id: g.game.id, draft });
    expect(rolled.refusal).toBeNull();
    expect(rolled.added.map((l) => l.text)).toContain('Cato: injury roll 3 — Full recovery.');
    const amended = await call<GameDetail>(core, 'games.amend', { id: g.game.id, draft, reason: 'Cato fell' });
    expect(amended.storedRolls.filter((r) => r.phase === 'post').map((r) => r.faces)).toEqual([[3]]);
    core.close();
  });
  it("an honour and a recruit bought with the game are kept; an injury Herald rolled is changed at the club's ruling, with who and why", async () => {
    const core = testCore();
    const pc = await playedCampaign(core, { name: 'Amend kept' });
    const g = await call<GameDetail>(core, 'games.create', { campaignId: pc.campaign.id, teamA: pc.teamA, teamB: pc.teamB, mission: 'skirmish' });
    const draft = structuredClone(g.draft);
    const id = (name: string) => g.models.find((m) => m.name === name)!.id;
    draft.report.models = draft.report.models.map((m) =>
      m.name === 'Grub' ? { ...m, aliveAtEnd: false, outOfAction: { by: id('Kaelen'), how: 'melee' as const } } : m,
    );
    draft.honours = [{ side: 'a', model: id('Tarkus'), honour: 'deadeye', elite: false }];
    draft.recruits = [{ side: 'b', entryId: 'boy', name: 'Snotling Bob' }];
    draft.step = 'review';
    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    expect(saved.preview.problems).toEqual([]);
    await call(core, 'games.commit', { id: g.game.id });

    const start = await call<AmendPreview>(core, 'games.previewAmend', { id: g.game.id });
    expect(start.draft.honours).toEqual(draft.honours);
    expect(start.draft.recruits).toEqual(draft.recruits);
    const amended = structuredClone(start.draft);
    const injury = start.preview.rolls.find((r) => r.purpose.includes('Injury'))!;
    const face = injury.faces[0] === 1 ? 2 : 1;
    amended.overrides[injury.key!] = { faces: [face, ...injury.faces.slice(1)], by: 'Bob', reason: 'club ruling: re-roll' };
    const preview = await call<AmendPreview>(core, 'games.previewAmend', { id: g.game.id, draft: amended });
    expect([...preview.removed, ...preview.changed.map((c) => c.before)].map((l) => l.text).join(' ')).not.toMatch(/Deadeye|Snotling Bob/);
    expect(preview.preview.rolls.find((r) => r.key === injury.key)!.purpose).toMatch(/changed at Bob's request: club ruling: re-roll/);
    expect(preview.changed.length + preview.added.length + preview.removed.length).toBeGreaterThan(0);
    await call(core, 'games.amend', { id: g.game.id, draft: amended, reason: 'Grub’s injury re-rolled' });
    // Amended again from what is stored: the override is read back with who and why.
    const again = await call<AmendPreview>(core, 'games.previewAmend', { id: g.game.id });
    expect(again.draft.overrides[injury.key!]).toEqual({ faces: [face, ...injury.faces.slice(1)], by: 'Bob', reason: 'club ruling: re-roll' });
    expect(again.draft.honours).toEqual(draft.honours);
    expect(again.refusal).toBe('Nothing is amended yet: change the result first.');
    core.close();
  });
  it('a correction that changes no entry (how Skorcha fell) is still an amendment, kept in the history with the score before', async () => {
    const core = testCore();
    const pc = await playedCampaign(core, { name: 'Amend VP' });
    const { draft } = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game });
    draft.report.models = draft.report.models.map((m) => (m.name === 'Skorcha' ? { ...m, outOfAction: { by: pc.kaelen, how: 'melee' as const } } : m));
    const preview = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game, draft });
    expect(preview.refusal).toBeNull();
    expect([preview.added, preview.removed, preview.changed]).toEqual([[], [], []]);
    await call<GameDetail>(core, 'games.amend', { id: pc.game, draft, reason: 'Skorcha fell in melee' });
    const again = await call<AmendPreview>(core, 'games.previewAmend', { id: pc.game });
    expect(again.draft.report.models.find((m) => m.name === 'Skorcha')!.outOfAction?.how).toBe('melee');
    const [history] = await call<GameAmendments>(core, 'games.amendments', { id: pc.game });
    expect(history!.originalScore).toBe('Iron Wolves 1 – 1 Da Boyz, a draw');
    core.close();
  });
});
