/**
 * Issue 32: the result wizard previews in the window from games.previewContext with shared/rules resolveGame, and
 * saves its draft row alone (games.keepDraft). The preview is main's own (the commit's function), and a save is one
 * read and one write.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameDetail, GameDraft, GamePreviewContext } from '../../shared/ipc/schemas/games';
import { resolveGame, validateRoster, type ResolveTeam } from '../../shared/rules';
import { countStatements } from '../../bench/draft-save';
import type { Core } from '../core';
import { call, testCore } from '../test-support';
import { foundedTeams } from '../test-support/founded-teams';

let core: Core;
let created: GameDetail;
beforeEach(async () => {
  core = testCore();
  const { campaignId, a, b } = await foundedTeams(core, 'app', 'Draft channels');
  created = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'skirmish' });
});
afterEach(() => core.close());

/** A's first model that is no Team Leader taken out of action by B's Team Leader (an injury roll follows). */
function withCasualty(draft: GameDraft): GameDraft {
  const next = structuredClone(draft);
  const killer = next.report.models.find((m) => m.side === 'b' && m.type === 'team-leader')!;
  const victim = next.report.models.find((m) => m.side === 'a' && m.type !== 'team-leader')!;
  victim.aliveAtEnd = false;
  victim.outOfAction = { by: killer.id, how: 'melee' };
  return next;
}

/** What the renderer does with the context (src-renderer/state/game-preview.ts), written out again here. */
function previewFrom(c: GamePreviewContext, draft: GameDraft) {
  const team = (t: GamePreviewContext['teams']['a']): ResolveTeam => ({
    row: { id: t.id, name: t.name },
    list: t.list,
    roster: t.roster,
    report: validateRoster(t.list, t.roster, t.limit),
    req: t.req,
    projection: { honourPoints: t.honourPoints, state: { progression: { models: c.projection.models } } },
  });
  const state = { campaign: { pointsLimit: c.pointsLimit }, ruleset: c.ruleset, projection: c.projection, names: new Map(c.names) };
  return resolveGame({ game: c.game, state, teams: { a: team(c.teams.a), b: team(c.teams.b) }, threats: c.threats, draft }).preview;
}

describe('games.previewContext and games.keepDraft (issue 32)', () => {
  it("the window's preview from the context is main's preview of the same draft", async () => {
    const context = await call<GamePreviewContext>(core, 'games.previewContext', { id: created.game.id });
    const draft = withCasualty(created.draft);
    await call(core, 'games.keepDraft', { id: created.game.id, draft });
    const main = await call<GameDetail>(core, 'games.get', { id: created.game.id });
    expect(main.preview.changes.some((c) => c.kind === 'injury.rolled')).toBe(true);
    expect(previewFrom(context, draft)).toEqual(main.preview);
  });

  it('keeps the draft in one read and one write, and never the faces typed in (only games.enterRoll changes those)', async () => {
    const id = created.game.id;
    const draft = { ...withCasualty(created.draft), faces: { 'post|forged|1': [6] } };
    await call(core, 'games.keepDraft', { id, draft }); // statements prepared once
    const sql: string[] = [];
    await countStatements(() => call(core, 'games.keepDraft', { id, draft }), sql);
    // One batch: the game row read and its draft written between BEGIN and COMMIT (and dispatch's hand-over check).
    const batch = sql.slice(sql.findIndex((q) => q.startsWith('BEGIN')));
    expect(batch.map((q) => q.split(' ').slice(0, 3).join(' '))).toEqual(['BEGIN DEFERRED', 'select "id", "campaign_id",', 'update "games" set', 'COMMIT']);
    expect(sql.length).toBeLessThanOrEqual(5);
    const stored = await call<GameDetail>(core, 'games.get', { id });
    expect(stored.draft.report).toEqual(draft.report);
    expect(stored.draft.faces).toEqual({});
  });

  it('refuses, in words and changing nothing, a game that is no longer a draft', async () => {
    const id = created.game.id;
    await call(core, 'games.keepDraft', { id, draft: withCasualty(created.draft) });
    await call(core, 'games.commit', { id });
    for (const out of [await core.invoke('games.keepDraft', { id, draft: created.draft }), await core.invoke('games.previewContext', { id })]) {
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.error.message).toMatch(/^Game \d+ is committed: only a draft can be changed\.$/);
    }
  });
});
