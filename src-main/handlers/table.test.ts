/**
 * Issue 33: a game at the table through the real handlers on a real SQLite file — one row per tap, nothing in the
 * ledger until the commit, the same state after a restart, undo as a tap of its own, "Game over" filling the wizard's
 * draft, the log gone with the commit or the discard.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail, GameDraft } from '../../shared/ipc/schemas/games';
import type { TableView } from '../../shared/ipc/schemas/table';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { foundedTeams } from '../test-support/founded-teams';

const taps = (core: ReturnType<typeof testCore>, gameId: string) =>
  core.opened.sqlite.prepare('SELECT seq, event FROM table_taps WHERE game_id = ? ORDER BY seq').all(gameId) as { seq: number; event: string }[];

async function tableGame(dir = tempDir()) {
  const core = testCore(dir);
  const { campaignId, a, b } = await foundedTeams(core, 'app', 'Table');
  const game = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'skirmish' });
  const id = (name: string) => game.models.find((m) => m.name === name)!.id;
  return { core, dir, game, gameId: game.game.id, id };
}

describe('table: a game played at the table (issue 33)', () => {
  it('each tap is one row of the log; the ledger is untouched; a restart folds the same state', async () => {
    const { core, dir, gameId, id } = await tableGame();
    const ledgerBefore = snapshotTables(core).ledger_entries;
    let view = await call<TableView>(core, 'table.get', { gameId });
    expect(view.turn).toBe(0);
    expect(view.models.every((m) => m.state === 'in-play')).toBe(true);
    view = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 1 }, afterSeq: view.seq });
    view = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'casualty', model: id('Grub'), by: id('Tarkus') }, afterSeq: view.seq });
    view = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'state', model: id('Cato'), state: 'reserve' }, afterSeq: view.seq });
    expect(view.seq).toBe(3);
    expect(taps(core, gameId).map((t) => JSON.parse(t.event).kind)).toEqual(['turn', 'casualty', 'state']);
    expect(view.models.find((m) => m.id === id('Grub'))).toMatchObject({ state: 'out', by: id('Tarkus'), outInTurn: 1 });
    expect(view.counts.b).toMatchObject({ total: 4, out: 1, fallingBackOrOut: 1 });
    expect(view.lastTap).toBe('Cato in reserve');
    expect(snapshotTables(core).ledger_entries).toEqual(ledgerBefore);
    core.close();

    const again = testCore(dir);
    const after = await call<TableView>(again, 'table.get', { gameId });
    expect(after).toEqual(view);
    again.close();
  });

  it('undo appends a tap that takes the last one back; a refused tap changes nothing', async () => {
    const { core, gameId, id } = await tableGame();
    await call(core, 'table.tap', { gameId, event: { kind: 'casualty', model: id('Snik'), by: null } });
    const undone = await call<TableView>(core, 'table.undo', { gameId });
    expect(undone.models.find((m) => m.id === id('Snik'))?.state).toBe('in-play');
    expect(taps(core, gameId).map((t) => JSON.parse(t.event).kind)).toEqual(['casualty', 'undo']);
    expect((await failure(core, 'table.undo', { gameId })).message).toBe('There is no tap to undo.');

    const before = snapshotTables(core);
    expect((await failure(core, 'table.tap', { gameId, event: { kind: 'casualty', model: id('Snik'), by: id('Gorbag') } })).message).toBe(
      'A model cannot take out a model of its own side.',
    );
    expect((await failure(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 1 }, afterSeq: 0 })).message).toMatch(/changed on another screen/);
    expect((await failure(core, 'table.tap', { gameId, event: { kind: 'end', ending: { kind: 'turns' } } })).code).toBe('INVALID_INPUT');
    expect(snapshotTables(core)).toEqual(before);
  });

  it('"Game over" fills the draft as the wizard would be filled by hand; the commit clears the log', async () => {
    const { core, game, gameId, id } = await tableGame();
    for (const event of [
      { kind: 'turn', turn: 1 },
      { kind: 'casualty', model: id('Grub'), by: id('Tarkus') },
      { kind: 'turn', turn: 2 },
      { kind: 'casualty', model: id('Lucan'), by: null },
      { kind: 'state', model: id('Mek'), state: 'fallen-back' },
    ]) {
      await call(core, 'table.tap', { gameId, event });
    }
    const filled = await call<GameDetail>(core, 'table.gameOver', { gameId, ending: { kind: 'turns' } });

    // The same result typed into the wizard by hand.
    const byHand: GameDraft = structuredClone(game.draft);
    byHand.report.models = byHand.report.models.map((m) =>
      m.id === id('Grub')
        ? { ...m, aliveAtEnd: false, outOfAction: { by: id('Tarkus'), how: 'shooting' } }
        : m.id === id('Lucan')
          ? { ...m, aliveAtEnd: false, outOfAction: { by: null, how: 'shooting' } }
          : m,
    );
    byHand.report.sides.a.firstBlood = true;
    // No turns played: a Skirmish is not won outright, so the wizard never asks for them (e2e/game-night.spec.ts typed
    // this in through the screens and the two reports differed by that hidden field).
    expect(filled.draft.report).toEqual(byHand.report);
    expect(filled.preview.problems).toEqual([]);
    expect((await failure(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 3 } })).message).toMatch(/game is over/);

    await call(core, 'games.saveDraft', { id: gameId, draft: { ...filled.draft, step: 'review' } });
    await call(core, 'games.commit', { id: gameId });
    expect(taps(core, gameId)).toEqual([]);
    expect((await failure(core, 'table.get', { gameId })).message).toMatch(/committed: it is no longer played at the table/);
  });

  // Seed 004 Run Away!: "at the start of his turn if more than 50% of his force is falling back or has been removed as
  // a casualty"; 000 Reserves: a unit in reserve rolls to arrive at the start of its player's turn.
  it("the turn's prompts: a Run Away! test once the casualties pass half, Reserves arriving in one tap, each answer kept", async () => {
    const { core, gameId, id } = await tableGame();
    await call(core, 'table.tap', { gameId, event: { kind: 'state', model: id('Cato'), state: 'reserve' } });
    for (const n of ['Grub', 'Snik']) await call(core, 'table.tap', { gameId, event: { kind: 'casualty', model: id(n), by: id('Tarkus') } });
    let view = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 1 } });
    expect(view.prompts.some((p) => p.title.startsWith('Run Away!'))).toBe(false);
    await call(core, 'table.tap', { gameId, event: { kind: 'casualty', model: id('Mek'), by: id('Tarkus') } });
    view = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 2 } });
    const runAway = view.prompts.find((p) => p.title.startsWith('Run Away!'))!;
    const reserves = view.prompts.find((p) => p.title.startsWith('Reserves'))!;
    expect(runAway.roll?.expression).toBe('2D6');
    expect(reserves.roll?.expression).toBe('D6');

    view = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'prompt', key: reserves.key } });
    const told = view.prompts.find((p) => p.key === reserves.key)!.answered!;
    expect(told.source).toBe('app');
    expect(view.models.find((m) => m.id === id('Cato'))?.state).toBe(told.text.includes('arrives') ? 'in-play' : 'reserve');
    expect((await failure(core, 'table.tap', { gameId, event: { kind: 'prompt', key: reserves.key } })).message).toMatch(/answered already/);

    view = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'prompt', key: runAway.key } });
    const test = view.prompts.find((p) => p.key === runAway.key)!.answered!;
    expect(test.faces).toHaveLength(2);
    const failed = test.faces[0]! + test.faces[1]! > 7; // Gorbag's unmodified Leadership
    expect(view.suggestedEnding).toEqual(failed ? { kind: 'run-away', side: 'b', voluntary: false } : null);
    // The same log gives the same answers after it is read again.
    expect(await call<TableView>(core, 'table.get', { gameId })).toEqual(view);
  });

  // docs/decisions.md "The log stays on its laptop": the campaign file carries the draft game, not its table log.
  it('a campaign file with a game at the table round-trips: the draft travels, the log stays on its laptop', async () => {
    const { core, gameId, id } = await tableGame();
    await call(core, 'table.tap', { gameId, event: { kind: 'casualty', model: id('Grub'), by: id('Tarkus') } });
    const campaignId = (await call<GameDetail>(core, 'games.get', { id: gameId })).game.campaignId;
    const file = await call<{ fileName: string; base64: string }>(core, 'campaigns.exportFile', { id: campaignId, destination: 'download' });
    let n = 0;
    const other = testCore(tempDir(), { newId: () => `22222222-0000-4000-8000-${String(++n).padStart(12, '0')}` });
    const imported = await call<{ campaign: { id: string } }>(other, 'campaigns.importFile', {
      source: 'upload',
      fileName: file.fileName,
      base64: file.base64,
    });
    const games = await call<{ id: string; status: string }[]>(other, 'games.list', { campaignId: imported.campaign.id });
    expect(games.map((g) => g.status)).toEqual(['draft']);
    const there = await call<TableView>(other, 'table.get', { gameId: games[0]!.id });
    expect(there.seq).toBe(0);
    expect(there.models.every((m) => m.state === 'in-play')).toBe(true);
    expect((await call<TableView>(core, 'table.get', { gameId })).seq).toBe(1);
  });

  it("a turn past the game's length is refused in the rules' words and not kept", async () => {
    const { core, gameId } = await tableGame();
    let view = await call<TableView>(core, 'table.get', { gameId });
    while (view.turn < view.turns) view = await call<TableView>(core, 'table.tap', { gameId, event: { kind: 'turn', turn: view.turn + 1 } });
    const refused = await failure(core, 'table.tap', { gameId, event: { kind: 'turn', turn: view.turn + 1 } });
    expect(refused.message).toBe(`This game has turns 1 to ${view.turns}; there is no turn ${view.turns + 1}.`);
    expect((await call<TableView>(core, 'table.get', { gameId })).seq).toBe(view.seq);
  });

  it('a discarded game takes its log with it', async () => {
    const { core, gameId } = await tableGame();
    await call(core, 'table.tap', { gameId, event: { kind: 'turn', turn: 1 } });
    await call(core, 'games.discard', { id: gameId });
    expect(taps(core, gameId)).toEqual([]);
  });
});
