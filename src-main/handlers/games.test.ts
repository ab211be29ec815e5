/**
 * Integration (issue 5): a game through the real handlers on a real SQLite file — set-up, result, commit in one
 * transaction, void leaving every table as before, rosters rebuilt from the ledger equal to the stored ones, the same
 * seed giving the same outcome, physical dice typed in, drafts surviving a restart.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameDetail, GameDraft, GameSummary, StandingRow, VoidPlan } from '../../shared/ipc/schemas/games';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import type { Bulletin } from '../../shared/ipc/schemas/print';
import { foldRoster } from '../../shared/rules';
import type { Core } from '../core';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { aliceAndBob } from '../test-support/two-teams';
import { listTeams, storedRoster } from '../repos/teams';
import { ledgerItems, teamLedger } from '../ledger';
import { decompressFileSync } from '../db/zstd';

let uid = 0;
const mid = (p: string) => `${p}-${++uid}`;

async function setup(core: Core = testCore(), diceMode: 'app' | 'physical' = 'app') {
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: `Vraks ${++uid}` });
  if (diceMode === 'physical') {
    await call(core, 'campaigns.updateSettings', {
      id: campaign.id,
      diceMode,
      optionalRules: { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false },
    });
  }
  const { a: marines, b: orks } = await aliceAndBob(core, campaign.id);
  await call(core, 'teams.saveDraft', {
    id: marines.team.id,
    roster: {
      models: [
        { id: mid('sm'), entryId: 'sergeant', name: 'Sergeant Tarkus', options: { 'power-sword': 1 }, armoury: [], grenades: {} },
        { id: mid('sm'), entryId: 'veteran', name: 'Brother Kaelen', options: { 'plasma-gun': 1 }, armoury: [], grenades: {} },
        ...['Cato', 'Varro', 'Lucan'].map((n) => ({ id: mid('sm'), entryId: 'tactical-marine', name: `Brother ${n}`, options: {}, armoury: [], grenades: {} })),
      ],
    },
  });
  await call(core, 'teams.saveDraft', {
    id: orks.team.id,
    roster: {
      models: [
        { id: mid('ork'), entryId: 'boss-nob', name: 'Gorbag', options: {}, armoury: [], grenades: {} },
        { id: mid('ork'), entryId: 'burna-boy', name: 'Skorcha', options: {}, armoury: [], grenades: {} },
        ...['Grub', 'Snik', 'Mek', 'Zog'].map((n) => ({ id: mid('ork'), entryId: 'boy', name: n, options: {}, armoury: [], grenades: {} })),
      ],
    },
  });
  const a = await call<TeamDetail>(core, 'teams.found', { id: marines.team.id });
  const b = await call<TeamDetail>(core, 'teams.found', { id: orks.team.id });
  return { core, campaign, a, b };
}

const model = (d: GameDetail, name: string) => d.models.find((m) => m.name === name)!;

/** A Relic Hunt result: Kaelen takes out the Burna Boy (a Special), Gorbag takes out a Tactical Marine, Tarkus holds 2 relics. */
function relicHuntResult(d: GameDetail): GameDraft {
  const draft = structuredClone(d.draft);
  const kaelen = model(d, 'Brother Kaelen');
  const gorbag = model(d, 'Gorbag');
  draft.report.models = draft.report.models.map((m) => {
    if (m.name === 'Skorcha') return { ...m, aliveAtEnd: false, outOfAction: { by: kaelen.id, how: 'shooting' } };
    if (m.name === 'Brother Cato') return { ...m, aliveAtEnd: false, outOfAction: { by: gorbag.id, how: 'melee' } };
    if (m.name === 'Sergeant Tarkus') return { ...m, relicsCarried: 2 };
    return m;
  });
  draft.report.sides.a.firstBlood = true;
  draft.step = 'review';
  return draft;
}

describe('games: set-up, commit, void', () => {
  it('a Relic Hunt is planned with every roll logged, committed in one go, and voided back to exactly before', async () => {
    const { core, campaign, a, b } = await setup();
    const before = snapshotTables(core);
    const created = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'relic-hunt' });
    expect(created.plan?.mission).toMatchObject({ id: 'relic-hunt', how: 'chosen' });
    expect(created.plan?.counters[0]).toMatchObject({ kind: 'relic', how: 'rolled' });
    expect(created.plan?.rolls.length).toBeGreaterThan(0);
    expect(created.draft.report.relicCount).toBe(created.plan?.counters[0]?.count);
    expect(created.models).toHaveLength(11);

    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: created.game.id, draft: relicHuntResult(created) });
    expect(saved.preview.problems).toEqual([]);
    expect(saved.preview.ready).toBe(true);
    // 004 Relic Hunt: a relic is 1 VP to its holder; First Blood etc. are secondaries.
    expect(saved.preview.score?.vp.a).toBeGreaterThanOrEqual(2);
    const steps = new Set(saved.preview.changes.map((c) => c.step));
    expect(steps).toEqual(new Set(['injuries', 'experience', 'requisition']));
    expect(saved.preview.changes.some((c) => c.kind === 'relic.cashed' && c.side === 'a')).toBe(true);
    expect(
      saved.preview.changes
        .filter((c) => c.kind === 'injury.rolled')
        .map((c) => c.modelName)
        .sort(),
    ).toEqual(['Brother Cato', 'Skorcha']);
    // Names, not ids, in what the organiser reads.
    expect(saved.preview.changes.map((c) => c.text).join(' ')).not.toMatch(/sm-\d+|ork-\d+/);

    const committed = await call<GameDetail>(core, 'games.commit', { id: created.game.id });
    expect(committed.game.status).toBe('committed');
    expect(committed.entries.length).toBe(saved.preview.changes.length);
    // The recorded game still shows its score with reasons and every change it made.
    expect(committed.preview.score?.lines.length).toBeGreaterThan(0);
    expect(committed.preview.changes.map((c) => c.text)).toEqual(saved.preview.changes.map((c) => c.text));
    expect(committed.storedRolls.filter((r) => r.phase === 'plan')).toHaveLength(created.plan!.rolls.length);
    expect(committed.storedRolls.filter((r) => r.phase === 'post').length).toBeGreaterThanOrEqual(4); // 2 injuries + 2 relic dice

    const teamA = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    expect(teamA.team.requisition).toBe(a.team.requisition + (saved.preview.balances?.a.earned ?? NaN));
    expect(teamA.team.record).toEqual({ games: 1, wins: expect.any(Number), draws: expect.any(Number), losses: expect.any(Number) });
    const standings = await call<StandingRow[]>(core, 'campaigns.standings', { id: campaign.id });
    expect(standings.map((s) => s.games)).toEqual([1, 1]);

    // Rebuilding every roster from the ledger gives the stored roster.
    for (const t of listTeams(core.opened.db, campaign.id)) {
      expect(foldRoster(ledgerItems(teamLedger(core.opened.db, t.id)))).toEqual(storedRoster(t));
    }

    // The bulletin for the noticeboard: standings, the game, the casualty (Skorcha or Cato, whoever died).
    const bulletin = await call<Bulletin>(core, 'campaigns.bulletin', { id: campaign.id });
    expect(bulletin.latestGames.map((g) => g.number)).toEqual([1]);
    expect(bulletin.standings).toHaveLength(2);
    const deaths = committed.entries.filter((e) => e.kind === 'model.died').length;
    expect(bulletin.casualties.filter((c) => /died/.test(c.text))).toHaveLength(deaths);
    // Browser mode has no save dialog: the page prints itself through the browser.
    expect(await call(core, 'print.pdf', { kind: 'bulletin', id: campaign.id, paper: 'a4', fileName: 'Bulletin' })).toEqual({ outcome: 'browser' });

    const plan = await call<VoidPlan>(core, 'games.voidPlan', { id: created.game.id });
    expect(plan.dependents).toEqual([]);
    expect(plan.reverses.length).toBe(committed.entries.length);
    const voided = await call<GameSummary>(core, 'games.void', { id: created.game.id, reason: 'Played with the wrong lists' });
    expect(voided.status).toBe('voided');
    // docs/reliability.md rule 3: a verified backup was taken before the void.
    expect((await call<{ reason: string }[]>(core, 'backups.list', {})).map((b) => b.reason)).toContain('before-void-game-1');

    // Every table as before, apart from the voided game and its voided entries (kept as history).
    const after = snapshotTables(core);
    const live = (rows: unknown[]) => (rows as { voided_at: string | null }[]).filter((r) => r.voided_at === null);
    expect(live(after.ledger_entries!)).toEqual(before.ledger_entries);
    expect(after.teams!.map((t) => (t as { roster: string }).roster)).toEqual(before.teams!.map((t) => (t as { roster: string }).roster));
    expect(after.players).toEqual(before.players);
    expect(await call<StandingRow[]>(core, 'campaigns.standings', { id: campaign.id })).toEqual(
      expect.arrayContaining([expect.objectContaining({ games: 0, requisition: a.team.requisition })]),
    );
    core.close();
  });

  it('the same seed and the same result give the same outcome (two campaign files, same ids)', async () => {
    const run = async () => {
      const s = await setup(testCore(tempDir()));
      const g = await call<GameDetail>(s.core, 'games.create', { campaignId: s.campaign.id, teamA: s.a.team.id, teamB: s.b.team.id });
      const done = await call<GameDetail>(s.core, 'games.saveDraft', { id: g.game.id, draft: { ...structuredClone(g.draft), step: 'review' } });
      const out = { plan: g.plan, changes: done.preview.changes };
      s.core.close();
      return out;
    };
    uid = 1000;
    const first = await run();
    uid = 1000;
    const second = await run();
    expect(second).toEqual(first);
  });

  it('physical dice: the set-up and the injuries wait for the faces typed in; a wrong face is refused in words', async () => {
    const { core, campaign, a, b } = await setup(testCore(), 'physical');
    let g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'relic-hunt' });
    expect(g.plan).toBeNull();
    expect(g.planPendingRoll).toMatchObject({ expression: 'D3+2' });
    const wrong = await failure(core, 'games.enterRoll', { id: g.game.id, key: g.planPendingRoll!.key, faces: [5] });
    expect(wrong.message).toMatch(/D3/);
    for (let i = 0; i < 20 && g.plan === null; i++) {
      const p = g.planPendingRoll!;
      const faces = p.expression === 'D66' ? [3, 4] : p.expression.startsWith('2D6') ? [3, 4] : p.expression.startsWith('D3') ? [2] : [i % 2 === 0 ? 5 : 2];
      g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: p.key, faces });
    }
    expect(g.plan?.rolls.every((r) => r.source === 'physical')).toBe(true);
    g = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft: relicHuntResult(g) });
    expect(g.preview.pendingRoll?.purpose).toMatch(/Injury/);
    expect(g.preview.ready).toBe(false);
    expect((await failure(core, 'games.commit', { id: g.game.id })).message).toMatch(/^Roll D/);
    for (let i = 0; i < 10 && g.preview.pendingRoll; i++) {
      const p = g.preview.pendingRoll;
      g = await call<GameDetail>(core, 'games.enterRoll', { id: g.game.id, key: p.key, faces: p.expression === 'D66' ? [4, 4] : [4] });
    }
    expect(g.preview.ready).toBe(true);
    const done = await call<GameDetail>(core, 'games.commit', { id: g.game.id });
    expect(done.storedRolls.every((r) => r.source === 'physical')).toBe(true);
    core.close();
  });

  it('a draft survives a restart; a bad draft is refused and commit refuses an inconsistent result, changing nothing', async () => {
    const dir = tempDir();
    const first = await setup(testCore(dir));
    const g = await call<GameDetail>(first.core, 'games.create', {
      campaignId: first.campaign.id,
      teamA: first.a.team.id,
      teamB: first.b.team.id,
      mission: 'skirmish',
    });
    const draft = relicHuntResult(g);
    delete draft.report.models[0]!.outOfAction;
    draft.report.models = draft.report.models.map((m) => (m.name === 'Sergeant Tarkus' ? { ...m, relicsCarried: 0 } : m));
    draft.step = 'injuries';
    await call(first.core, 'games.saveDraft', { id: g.game.id, draft });
    first.core.close();

    const core = testCore(dir);
    const again = await call<GameDetail>(core, 'games.get', { id: g.game.id });
    expect(again.draft.step).toBe('injuries');
    expect(again.game.status).toBe('draft');

    const broken = structuredClone(again.draft);
    broken.report.models = broken.report.models.map((m) => (m.name === 'Gorbag' ? { ...m, aliveAtEnd: false } : m));
    await call(core, 'games.saveDraft', { id: g.game.id, draft: broken });
    const before = snapshotTables(core);
    const refused = await failure(core, 'games.commit', { id: g.game.id });
    expect(refused.message).toMatch(/Gorbag is a casualty/);
    const after = snapshotTables(core);
    expect({ ...after, games: [] }).toEqual({ ...before, games: [] });
    expect((await failure(core, 'games.saveDraft', { id: g.game.id, draft: { nonsense: true } })).code).toBe('INVALID_INPUT');
    core.close();
  });

  it('issue 16: report counts are bounded by the plan — more relics than placed is a problem in words, commit refuses, a huge count is refused whole', async () => {
    const { core, campaign, a, b } = await setup();
    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'relic-hunt' });
    const placed = g.plan!.counters[0]!.count;
    const draft = relicHuntResult(g);
    draft.report.relicCount = 20;
    draft.report.models = draft.report.models.map((m) => (m.name === 'Sergeant Tarkus' ? { ...m, relicsCarried: 20 } : m));
    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    expect(saved.preview.ready).toBe(false);
    expect(saved.preview.problems).toContain(`Relic Hunt: 20 Relic counters recorded, but the game plan placed ${placed} (004 · Mission 2: Relic Hunt).`);
    expect(saved.preview.problems.join(' ')).toMatch(new RegExp(`Sergeant Tarkus carries 20 relics, but there are only ${placed} Relic counters`));
    expect(saved.preview.changes).toEqual([]);
    const before = snapshotTables(core);
    expect((await failure(core, 'games.commit', { id: g.game.id })).message).toMatch(/20 Relic counters recorded/);
    expect(snapshotTables(core)).toEqual(before);
    // Far past any game (the schema's caps): refused whole, the stored draft unchanged.
    draft.report.relicCount = 100_000;
    expect((await failure(core, 'games.saveDraft', { id: g.game.id, draft })).code).toBe('INVALID_INPUT');
    expect((await call<GameDetail>(core, 'games.get', { id: g.game.id })).draft.report.relicCount).toBe(20);
    core.close();
  });

  it('voiding names what depends on the game (Req spent since) and voids it too only when asked', async () => {
    const { core, campaign, a, b } = await setup();
    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'relic-hunt' });
    await call(core, 'games.saveDraft', { id: g.game.id, draft: relicHuntResult(g) });
    await call(core, 'games.commit', { id: g.game.id });
    const now = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    // Spend everything the game gave on a recruit (Tactical Marine, 14 pts) and a Req adjustment.
    const recruit = await call<TeamDetail>(core, 'teams.recruit', {
      id: a.team.id,
      model: { id: 'x', entryId: 'tactical-marine', name: 'Brother Novus', options: {}, armoury: [], grenades: {} },
    });
    const left = recruit.team.requisition;
    if (left > 0) await call(core, 'teams.adjustRequisition', { id: a.team.id, amount: -left, reason: 'Spent on terrain' });
    expect(now.team.requisition).toBeGreaterThan(a.team.requisition);

    const plan = await call<VoidPlan>(core, 'games.voidPlan', { id: g.game.id });
    expect(plan.dependents.length).toBeGreaterThan(0);
    expect(plan.dependents.map((d) => d.message).join(' ')).toMatch(/Req short/);
    const refused = await failure(core, 'games.void', { id: g.game.id, reason: 'oops' });
    expect(refused.message).toMatch(/depend on it/);
    await call(core, 'games.void', { id: g.game.id, reason: 'oops', withDependents: true });
    const after = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    expect(after.team.requisition).toBe(a.team.requisition);
    expect(after.roster.models.map((m) => m.name)).not.toContain('Brother Novus');
    expect(after.team.requisition).toBeGreaterThanOrEqual(0);
    core.close();
  });

  it('the after-commit backup is taken in a worker thread; a void straight after waits for it and reuses it (issue 9)', async () => {
    const { core, campaign, a, b } = await setup(testCore(tempDir(), { automaticBackups: true }));
    await core.backupsIdle(); // the start-of-day backup
    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'relic-hunt' });
    await call(core, 'games.saveDraft', { id: g.game.id, draft: relicHuntResult(g) });
    await call(core, 'games.commit', { id: g.game.id });
    await new Promise((resolve) => setImmediate(resolve)); // the backup starts once the answer is sent
    // While the backup is copied in the worker, the app answers (the main thread is not held up by it).
    expect((await call<TeamDetail>(core, 'teams.get', { id: a.team.id })).team.record.games).toBe(1);
    await call(core, 'games.void', { id: g.game.id, reason: 'Entered by mistake' });
    await core.backupsIdle();
    const reasons = (await call<{ reason: string }[]>(core, 'backups.list', {})).map((b) => b.reason);
    // The void found the after-commit backup of exactly the state it changed, and took no second copy.
    expect(reasons).toContain('after-game-1');
    expect(reasons).not.toContain('before-void-game-1');
    // That backup holds the committed game: restoring it undoes the void.
    const backup = (await call<{ file: string; reason: string }[]>(core, 'backups.list', {})).find((x) => x.reason === 'after-game-1')!;
    await call(core, 'backups.restore', { file: backup.file });
    expect((await call<GameDetail>(core, 'games.get', { id: g.game.id })).game.status).toBe('committed');
    core.close();
  });

  it('a void after a later write takes a fresh backup in the worker, and refuses on a read-only file', async () => {
    const { core, campaign, a, b } = await setup(testCore(tempDir(), { automaticBackups: false }));
    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'relic-hunt' });
    await call(core, 'games.saveDraft', { id: g.game.id, draft: relicHuntResult(g) });
    await call(core, 'games.commit', { id: g.game.id });
    await call(core, 'players.create', { campaignId: campaign.id, name: 'Carol' });
    await call(core, 'games.void', { id: g.game.id, reason: 'Entered by mistake' });
    const made = await call<{ file: string; reason: string }[]>(core, 'backups.list', {});
    expect(made.map((x) => x.reason)).toEqual(['before-void-game-1']);
    // The backup is the state just before the void: the game committed, Carol there.
    // Backups are compressed (issue 21): what it holds is read from a decompressed copy.
    const copy = path.join(tempDir(), 'before-void.sqlite');
    decompressFileSync(path.join(core.paths.backupsDir, made[0]!.file), copy);
    const probe = new Database(copy, { readonly: true });
    expect(probe.prepare('SELECT status FROM games WHERE id = ?').pluck().get(g.game.id)).toBe('committed');
    expect(probe.prepare(`SELECT count(*) FROM players WHERE name = 'Carol'`).pluck().get()).toBe(1);
    probe.close();
    core.close();
  });
});
