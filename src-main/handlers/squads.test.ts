/**
 * Issue 19 through the real handlers on a real SQLite file: a Guardsman Squad's members are models of the game (seed
 * 004 "Squad"). Members are taken out one by one, each rolls for injury, a dead member takes one model off the squad
 * on the roster (and the roster rebuilt from the ledger agrees), and voiding the game gives the model back.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail, GameDraft } from '../../shared/ipc/schemas/games';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { foldRoster } from '../../shared/rules';
import { call, failure, tempDir, testCore } from '../test-support';
import { judgeHistory } from '../history/judge';
import { aliceAndBob } from '../test-support/two-teams';
import { listTeams, storedRoster } from '../repos/teams';
import { ledgerItems, teamLedger } from '../ledger';

async function setup(core = testCore(), squadId = 'third') {
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Squad test' });
  const { a: guard, b: orks } = await aliceAndBob(core, campaign.id, { list: 'imperial-guard-sample', name: 'Hydra Platoon' });
  await call(core, 'teams.saveDraft', {
    id: guard.team.id,
    roster: {
      models: [
        { id: 'sarge', entryId: 'veteran-sergeant', name: 'Sergeant Harker', options: {}, armoury: [], grenades: {} },
        { id: squadId, entryId: 'guardsman-squad', name: 'Third Squad', squadSize: 10, options: {}, armoury: [], grenades: {} },
      ],
    },
  });
  await call(core, 'teams.saveDraft', {
    id: orks.team.id,
    roster: {
      models: [
        { id: 'nob', entryId: 'boss-nob', name: 'Gorbag', options: {}, armoury: [], grenades: {} },
        ...['Grub', 'Snik', 'Mek'].map((n) => ({ id: n.toLowerCase(), entryId: 'boy', name: n, options: {}, armoury: [], grenades: {} })),
      ],
    },
  });
  const a = await call<TeamDetail>(core, 'teams.found', { id: guard.team.id });
  const b = await call<TeamDetail>(core, 'teams.found', { id: orks.team.id });
  return { core, campaign, a, b };
}

describe('004 Squad: a squad in a game, through the handlers', () => {
  it('members are models: four taken out by name, each rolls for injury, the dead leave the squad, a void gives them back', async () => {
    const { core, campaign, a, b } = await setup();
    const created = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    // 1 Sergeant + 10 guardsmen, 4 Orks.
    expect(created.models.filter((m) => m.side === 'a')).toHaveLength(11);
    expect(created.models.find((m) => m.id === 'third#3')).toMatchObject({
      name: 'Third Squad (3 of 10)',
      entryName: 'Guardsman Squad',
      type: 'core',
      squad: true,
    });

    const draft: GameDraft = structuredClone(created.draft);
    const killers = ['nob', 'grub', 'nob', 'snik'];
    draft.report.models = draft.report.models.map((m) => {
      const n = Number(/^third#(\d+)$/.exec(m.id)?.[1] ?? 0);
      if (n >= 1 && n <= 4) return { ...m, aliveAtEnd: false, outOfAction: { by: killers[n - 1]!, how: 'shooting' } };
      if (m.id === 'mek') return { ...m, aliveAtEnd: false, outOfAction: { by: 'third#7', how: 'shooting' } };
      return m;
    });
    draft.report.sides.b.firstBlood = true;
    draft.step = 'review';
    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: created.game.id, draft });
    expect(saved.preview.problems).toEqual([]);
    // Survival: "Over 75% of a Kill Team's models" — 7 of 11 Guard alive is not; 3 of 4 Orks is not either.
    expect(saved.preview.score?.lines.some((l) => l.source === 'survival')).toBe(false);
    const injured = saved.preview.changes.filter((c) => c.kind === 'injury.rolled').map((c) => c.modelName);
    expect(injured).toEqual(['Third Squad (1 of 10)', 'Third Squad (2 of 10)', 'Third Squad (3 of 10)', 'Third Squad (4 of 10)', 'Mek']);

    const committed = await call<GameDetail>(core, 'games.commit', { id: created.game.id });
    expect(committed.game.status).toBe('committed');
    const deadMembers = committed.entries.filter((e) => e.kind === 'model.died' && e.team === a.team.id).length;
    // The recorded game names the members as they were in it, not by the squad's size after the deaths.
    expect(committed.preview.changes.filter((c) => c.kind === 'injury.rolled').map((c) => c.modelName)).toEqual(injured);
    const guard = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    const squad = guard.roster.models.find((m) => m.id === 'third');
    if (deadMembers === 10) expect(squad).toBeUndefined();
    else expect(squad).toMatchObject({ squadSize: 10 - deadMembers, ...(deadMembers > 0 ? { squadLost: deadMembers } : {}) });
    expect(guard.report.issues.map((i) => i.code)).not.toContain('squad-size');
    // The squad played one game and took Mek out (a member's kill is the squad's), whatever the members' numbers.
    if (deadMembers < 10) expect(guard.progress['third']).toMatchObject({ games: 1, kills: 1 });
    expect(guard.fallen.map((f) => f.name)).toEqual(Array.from({ length: deadMembers }, () => 'Third Squad (a squad member)'));
    for (const t of listTeams(core.opened.db, campaign.id)) {
      expect(foldRoster(ledgerItems(teamLedger(core.opened.db, t.id)))).toEqual(storedRoster(t));
    }

    await call(core, 'games.void', { id: created.game.id, reason: 'Wrong squad' });
    const restored = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    expect(restored.roster.models.find((m) => m.id === 'third')).toMatchObject({ squadSize: 10 });
    expect(restored.roster.models.find((m) => m.id === 'third')?.squadLost).toBeUndefined();
  });

  it('a campaign file carries the squad: the members who died and the shorter squad arrive on the other laptop', async () => {
    const squadId = '5a1e0000-0000-4000-8000-000000000003';
    const home = testCore(tempDir());
    const { campaign, a, b } = await setup(home, squadId);
    const created = await call<GameDetail>(home, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    const draft: GameDraft = structuredClone(created.draft);
    draft.report.models = draft.report.models.map((m) =>
      m.id.startsWith(`${squadId}#`) && Number(m.id.split('#')[1]) <= 6 ? { ...m, aliveAtEnd: false, outOfAction: { by: 'nob', how: 'melee' } } : m,
    );
    draft.report.sides.b.firstBlood = true;
    draft.step = 'review';
    await call(home, 'games.saveDraft', { id: created.game.id, draft });
    const committed = await call<GameDetail>(home, 'games.commit', { id: created.game.id });
    const deadMembers = committed.entries.filter((e) => e.kind === 'model.died' && e.team === a.team.id).length;
    const exported = await call<{ base64: string; fileName: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });

    const club = testCore(tempDir());
    const imported = await call<{ campaign: { id: string } }>(club, 'campaigns.importFile', {
      source: 'upload',
      fileName: exported.fileName,
      base64: exported.base64,
    });
    const teams = await call<{ id: string; name: string }[]>(club, 'teams.list', { campaignId: imported.campaign.id });
    const hydra = await call<TeamDetail>(club, 'teams.get', { id: teams.find((t) => t.name === 'Hydra Platoon')!.id });
    const squad = hydra.roster.models.find((m) => m.name === 'Third Squad');
    if (deadMembers === 10) expect(squad).toBeUndefined();
    else expect(squad?.squadSize).toBe(10 - deadMembers);
    expect(hydra.fallen).toHaveLength(deadMembers);
    home.close();
    club.close();
  });

  it('issue 30: a depleted squad is brought back up to its size, paid per model, undone, carried by the file and judged by the replay', async () => {
    const squadId = '5a1e0000-0000-4000-8000-000000000004';
    const home = testCore(tempDir());
    const { campaign, a, b } = await setup(home, squadId);
    let g = await call<GameDetail>(home, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    const draft: GameDraft = structuredClone(g.draft);
    draft.report.models = draft.report.models.map((m) =>
      [1, 2, 3].some((n) => m.id === `${squadId}#${n}`) ? { ...m, aliveAtEnd: false, outOfAction: { by: 'nob', how: 'melee' } } : m,
    );
    draft.report.sides.b.firstBlood = true;
    draft.step = 'review';
    g = await call<GameDetail>(home, 'games.saveDraft', { id: g.game.id, draft });
    // The three members die of their injuries (Core: 1-2 dead), at the club's ruling so the test does not hang on dice.
    for (const roll of g.preview.rolls.filter((r) => /Injury/.test(r.purpose) && r.key)) {
      g = await call<GameDetail>(home, 'games.enterRoll', { id: g.game.id, key: roll.key!, faces: [1], change: { by: 'Alice', reason: 'test: they die' } });
    }
    await call(home, 'games.commit', { id: g.game.id });
    const depleted = await call<TeamDetail>(home, 'teams.get', { id: a.team.id });
    const squad = depleted.roster.models.find((m) => m.id === squadId)!;
    expect(squad).toMatchObject({ squadSize: 7, squadLost: 3 });

    // Past the list's maximum: refused in words, nothing changed.
    const over = await failure(home, 'teams.changeModel', { id: a.team.id, model: { ...squad, squadSize: 11 } });
    expect(over.message).toBe('Not allowed: Third Squad has 11 models; a Guardsman Squad has 5 to 10. Nothing was changed.');
    // Without the Req: refused in words.
    const req = depleted.team.requisition;
    await call(home, 'teams.adjustRequisition', { id: a.team.id, amount: -(req - 5), reason: 'spent elsewhere' });
    const poor = await failure(home, 'teams.changeModel', { id: a.team.id, model: { ...squad, squadSize: 9 } });
    expect(poor.message).toMatch(/8 Req/);
    await call(home, 'teams.adjustRequisition', { id: a.team.id, amount: req - 5, reason: 'found again' });

    // Two Guardsmen at 4 pts each take the places of two of the dead.
    const two = await call<TeamDetail>(home, 'teams.changeModel', { id: a.team.id, model: { ...squad, squadSize: 9 } });
    expect(two.roster.models.find((m) => m.id === squadId)).toMatchObject({ squadSize: 9, squadLost: 1 });
    expect(two.team.requisition).toBe(req - 8);
    const line = two.ledger.find((e) => e.reason.startsWith('Reinforced'))!;
    expect(line).toMatchObject({ kind: 'model.wargear', req: -8, reason: 'Reinforced Third Squad with 2 models (now 9) for 8 Req.' });
    expect(two.report.issues.map((i) => i.code)).not.toContain('squad-size');

    // Undone like any team-page step: the squad of 7 (3 lost) and the Req come back.
    await call(home, 'teams.undo', { id: a.team.id, entryId: line.id });
    const undone = await call<TeamDetail>(home, 'teams.get', { id: a.team.id });
    expect(undone.roster.models.find((m) => m.id === squadId)).toMatchObject({ squadSize: 7, squadLost: 3 });
    expect(undone.team.requisition).toBe(req);

    const full = await call<TeamDetail>(home, 'teams.changeModel', { id: a.team.id, model: { ...squad, squadSize: 10 } });
    expect(full.roster.models.find((m) => m.id === squadId)?.squadLost).toBeUndefined();
    expect(full.team.requisition).toBe(req - 12);
    for (const t of listTeams(home.opened.db, campaign.id)) expect(foldRoster(ledgerItems(teamLedger(home.opened.db, t.id)))).toEqual(storedRoster(t));
    // The history replay folds the reinforcement as the team page did.
    expect(() =>
      judgeHistory(home.opened.db, campaign.id, (p) => {
        throw new Error(p);
      }),
    ).not.toThrow();

    const exported = await call<{ base64: string; fileName: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });
    const club = testCore(tempDir());
    const imported = await call<{ campaign: { id: string } }>(club, 'campaigns.importFile', {
      source: 'upload',
      fileName: exported.fileName,
      base64: exported.base64,
    });
    const teams = await call<{ id: string; name: string }[]>(club, 'teams.list', { campaignId: imported.campaign.id });
    const hydra = await call<TeamDetail>(club, 'teams.get', { id: teams.find((t) => t.name === 'Hydra Platoon')!.id });
    expect(hydra.roster.models.find((m) => m.id === squadId)).toMatchObject({ squadSize: 10 });
    expect(hydra.team.requisition).toBe(req - 12);
    home.close();
    club.close();
  });
});
