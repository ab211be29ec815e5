/**
 * The evening of issue 33's e2e, told to the Tonight screen's state over the real handlers: four teams, last game
 * night Iron Wolves v Da Boyz; tonight the rematch is avoided, a swap with the team sitting out survives "Propose
 * again", a game set up tonight comes back after a restart, and the sheet's route code carries it.
 * (state/evening.test.ts covers the screen's plainer moves.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../src-main/test-support';
import { readEveningCode } from '../print/evening-code';
import { loadedEvening, teamNames, useEveningOfFour } from '../test-support/evening-fixture';
import { EveningState, forgetEvening } from './evening.svelte';
import type { Core } from '../../src-main/core';
import type { PlayedCampaign } from '../../src-main/test-support/played-campaign';

const evening = useEveningOfFour();
let core: Core;
let played: PlayedCampaign;
let ghosts: string;
let riders: string;
beforeAll(() => ({ core, played, ghosts, riders } = evening));

const loaded = () => loadedEvening(played.campaign.id);
const names = teamNames;

describe('EveningState: an evening of four teams', () => {
  it('three here: one pairing that is not last game’s rematch, one of the two who played it sits out, the fourth nowhere', async () => {
    const s = await loaded();
    for (const id of [played.teamA, played.teamB, ghosts]) s.toggle(id);
    const p = s.proposal!;
    expect(p.pairings).toHaveLength(1);
    expect([played.teamA, played.teamB]).toContain(p.bye);
    expect(names(s, [p.pairings[0]!.a, p.pairings[0]!.b])).toContain('Grey Ghosts');
    expect(p.pairings[0]!.rematch).toBe(false);
    expect(JSON.stringify(p)).not.toContain(riders);
  });

  it('a swap with the team sitting out locks the new pairing and survives Propose again; a lock can be undone', async () => {
    const s = await loaded();
    for (const id of [played.teamA, played.teamB, ghosts]) s.toggle(id);
    const out = s.proposal!.bye!;
    const playing = out === played.teamA ? played.teamB : played.teamA;
    s.pick(out);
    expect(s.picked).toBe(out);
    s.pick(playing);
    expect(s.picked).toBeNull();
    expect(s.proposal!.bye).toBe(playing);
    expect(s.proposal!.pairings[0]).toMatchObject({ locked: true, rematch: false });
    s.propose();
    expect(s.proposal!.bye).toBe(playing);
    expect([s.proposal!.pairings[0]!.a, s.proposal!.pairings[0]!.b]).toContain(out);
    s.toggleLock(0);
    expect(s.proposal!.pairings[0]!.locked).toBe(false);
  });

  it('sets a pairing’s game up for tonight; its teams stay here and paired when the screen opens again', async () => {
    const s = await loaded();
    s.setEveryone(true);
    expect(s.present).toHaveLength(4);
    const first = s.proposal!.pairings[0]!;
    await s.setUp(first);
    const game = s.gameOf(first)!;
    expect(game.playedOn).toBe('2026-11-27');
    expect(game.missionName).not.toBeNull();
    expect(s.proposal!.pairings[0]!.locked).toBe(true);
    // A team with a game tonight cannot be unticked.
    s.toggle(first.a);
    expect(s.isHere(first.a)).toBe(true);
    // "No one" keeps the teams of tonight's games.
    s.setEveryone(false);
    expect(names(s, s.present)).toEqual(names(s, [first.a, first.b]));

    // The sheet's code carries the pairing and its game.
    expect(readEveningCode(s.sheetCode).pairings).toEqual([{ a: first.a, b: first.b, gameId: game.id }]);

    // Leaving the screen and coming back keeps the evening as it was.
    const back = new EveningState(played.campaign.id);
    expect(back.present).toEqual(s.present);
    // After a restart (nothing kept) the screen finds tonight's game as a locked pairing.
    forgetEvening(played.campaign.id);
    const again = new EveningState(played.campaign.id);
    await again.load();
    expect(names(again, again.present)).toEqual(names(s, [first.a, first.b]));
    expect(again.gameOf(again.proposal!.pairings[0]!)?.id).toBe(game.id);
    await call(core, 'games.discard', { id: game.id });
  });
});

describe('readEveningCode', () => {
  it('reads pairings, games and the team sitting out, and leaves out what is not an id', () => {
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const code = `${id(1)}.${id(2)}.${id(9)}~${id(3)}.${id(4)}~${id(5)}~nonsense.${id(6)}`;
    expect(readEveningCode(code)).toEqual({
      pairings: [
        { a: id(1), b: id(2), gameId: id(9) },
        { a: id(3), b: id(4), gameId: null },
      ],
      bye: id(5),
    });
  });
});
