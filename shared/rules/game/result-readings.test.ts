/**
 * Issue 30 item 10: the readings the campaign tables and seed 004 leave open, each option a test citing the sentence
 * that leaves it open; the default is what Herald did before, so no campaign's results change.
 */
import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import type { GameFacts, ModelFacts } from '../hor/facts';
import { GameFactsError } from '../hor/facts';
import { scoreMission } from '../hor/scoring';
import { battleHonoursPreset } from '../presets';
import { Ruleset } from '../ruleset/schema';
import { diffRulesets } from '../ruleset/diff';
import { applyGame, isUnderdog } from '../progression/apply';
import { progressionReadingNotes, victoryReadingNote } from '../progression/reading-notes';
import { input, m, withModel } from '../progression/test-helpers';
import { READINGS, plannedReadings, readingOf, setReading } from './readings';
import { RESULT_READINGS, readingNote } from './result-readings';
import type { GameReport } from './report';
import { scoreGame } from './score';

const withReadings = (readings: Ruleset['readings']): Ruleset => ({ ...battleHonoursPreset(), readings });
const gameReport = (models: readonly ModelFacts[], ending: GameReport['ending'] = { kind: 'turns' }): GameReport => ({
  reportVersion: 1,
  missionId: 'skirmish',
  sides: {
    a: { teamId: 'team-a', firstBlood: false, sweepingAdvance: false, kayfabe: false },
    b: { teamId: 'team-b', firstBlood: false, sweepingAdvance: false, kayfabe: false },
  },
  models: models.map((x) => ({ ...x, tookPart: true })),
  ending,
  rolls: [],
});
const underdogs = (entries: ReturnType<typeof applyGame>) => entries.filter((e) => e.kind === 'req.underdog');

describe('the result readings are readings of the ruleset (issue 30 item 10)', () => {
  it('each has a default among its choices, a reason, and is listed in House rules but not on the plan', () => {
    expect(RESULT_READINGS.map((r) => r.key)).toEqual(['underdogOnTie', 'underdogRelics', 'victoryAward', 'reservesInSecondaries', 'squadExperience']);
    for (const r of RESULT_READINGS) {
      expect(READINGS).toContain(r);
      expect(r.choices.map((c) => c.value)).toContain(r.default);
      expect(readingOf(battleHonoursPreset(), r.key)).toBe(r.default);
    }
    expect(plannedReadings(withReadings({ victoryAward: 'most-vp' })).map((p) => p.id)).toEqual(plannedReadings(battleHonoursPreset()).map((p) => p.id));
  });

  it('a ruleset pinned before them parses to the same content (same hash); the default is stored as nothing; a change is named', () => {
    const pinned = JSON.parse(JSON.stringify(battleHonoursPreset())) as unknown;
    expect(Ruleset.parse(pinned)).toEqual(pinned);
    const r = battleHonoursPreset();
    setReading(r, 'underdogOnTie', 'every-tied-team');
    expect(r.readings).toEqual({ underdogOnTie: 'every-tied-team' });
    setReading(r, 'underdogOnTie', 'no-underdog');
    expect(r.readings).toBeUndefined();
    expect(Ruleset.safeParse({ ...r, readings: { victoryAward: 'loser' } }).success).toBe(false);
    expect(diffRulesets(battleHonoursPreset(), withReadings({ victoryAward: 'most-vp', reservesInSecondaries: 'left-out' }))).toEqual([
      { area: 'Readings', kind: 'changed', text: 'Victory after an automatic win: the winner → the side with the most VP.' },
      { area: 'Readings', kind: 'changed', text: 'Models in reserve for Survival and Destroyer: counted, as alive → left out.' },
    ]);
  });
});

describe('docs/progression.md "Underdog ×1.5 — the team with the lowest Threat": two teams on the lowest Threat', () => {
  const tied = { campaignThreats: [3, 3, 5] };

  it('default "no Underdog": neither team on the shared lowest Threat gets ×1.5, and the game page says why', () => {
    const game = input(tied);
    expect(underdogs(applyGame(game, new PhysicalDice()))).toEqual([]);
    expect(isUnderdog(3, [3, 3, 5])).toBe(false);
    expect(progressionReadingNotes(game)).toEqual([
      'House reading “Underdog on a tie” (No Underdog): Player A and Player B share the lowest Threat, 3: neither is the Underdog.',
    ]);
  });

  it('"every team on the lowest Threat": both get ×1.5, the entry says the Threat is shared', () => {
    const game = input({ ...tied, ruleset: withReadings({ underdogOnTie: 'every-tied-team' }) });
    const entries = underdogs(applyGame(game, new PhysicalDice()));
    expect(entries.map((e) => e.team)).toEqual(['team-a', 'team-b']);
    expect(entries[0]?.kind === 'req.underdog' && entries[0].reason).toMatch(
      /Threat 3 is the lowest in the campaign \(House reading “Underdog on a tie” \(Every team on the lowest Threat\)\);/,
    );
    expect(isUnderdog(3, [3, 3, 5], 'every-tied-team')).toBe(true);
    expect(isUnderdog(4, [3, 3, 4], 'every-tied-team')).toBe(false);
    expect(progressionReadingNotes(game)[0]).toMatch(/\(Every team on the lowest Threat\): .*each is an Underdog\.$/);
  });

  it('no tie, no note: a reading that decided nothing is not named', () => {
    expect(
      progressionReadingNotes(input({ campaignThreats: [3, 4, 5], teams: { a: { team: 'team-a', threat: 3 }, b: { team: 'team-b', threat: 4 } } })),
    ).toEqual([]);
  });
});

describe('004 Relic Hunt "The Requisition Points generated is added once both players have rolled on the Requisition Chart": the Underdog and relics', () => {
  const relicGame = (ruleset: Ruleset) => {
    const base = input({ missionId: 'relic-hunt', ruleset, teams: { a: { team: 'team-a', threat: 2 }, b: { team: 'team-b', threat: 3 } } });
    return { ...base, facts: withModel(base.facts, 'a-sp', { relicsCarried: 2 }), winner: 'a' as const };
  };

  it('default "not multiplied": the relics\' Req are added as rolled, after the Underdog bonus', () => {
    const game = relicGame(battleHonoursPreset());
    const entries = applyGame(game, new PhysicalDice([[4], [2]]));
    expect(underdogs(entries)).toHaveLength(1);
    expect(entries.at(-1)).toMatchObject({ kind: 'relic.cashed', team: 'team-a', amount: 6 });
    expect(progressionReadingNotes(game)).toEqual([
      "House reading “Underdog and relics” (Not multiplied): Player A is the Underdog and cashed in 2 relics: its relics' Req are added as rolled, after the Underdog bonus.",
    ]);
  });

  it('"multiplied too": the Underdog\'s ×1.5 adds half the relics\' Req (rounded down) after the cash-in; the other team is not touched', () => {
    const entries = applyGame(relicGame(withReadings({ underdogRelics: 'multiplied' })), new PhysicalDice([[4], [3]]));
    const kinds = entries.slice(-2).map((e) => e.kind);
    expect(kinds).toEqual(['relic.cashed', 'req.underdog']);
    expect(entries.at(-1)).toMatchObject({ team: 'team-a', base: 7, amount: 3 });
    expect(entries.at(-1)?.kind === 'req.underdog' && entries.at(-1)).toMatchObject({
      reason: expect.stringMatching(/\(House reading “Underdog and relics” \(Multiplied too\)\); 7 Req from relics become 10\.$/),
    });
    expect(underdogs(entries).filter((e) => e.team === 'team-b')).toEqual([]);
  });
});

describe('docs/progression.md "Victory +10 — most VP" and 004 Step 5 "wins automatically regardless of VPs": an automatic winner with fewer VP', () => {
  const victory = (entries: ReturnType<typeof applyGame>) => entries.filter((e) => e.kind === 'req.awarded' && e.award === 'victory').map((e) => e.team);
  // Threats 3 and 4: Player A is the Underdog without a tie, so only the Victory reading can be named.
  const auto = (ruleset: Ruleset, vp: { a: number; b: number }) =>
    input({ ruleset, winner: 'a', vp, teams: { a: { team: 'team-a', threat: 3 }, b: { team: 'team-b', threat: 4 } } });

  it('default "the winner": Player A won automatically with 0 VP to 2 and gets Victory; the game\'s score names the reading', () => {
    const game = auto(battleHonoursPreset(), { a: 0, b: 2 });
    expect(victory(applyGame(game, new PhysicalDice()))).toEqual(['team-a']);
    expect(victoryReadingNote(game.ruleset, 'a', { a: 0, b: 2 })).toBe(
      'House reading “Victory after an automatic win” (The winner): Player A won automatically with 0 VP to 2 and gets Victory.',
    );
  });

  it('"the side with the most VP": Victory goes to Player B with 2 VP; with equal VP to neither; the VP must be given', () => {
    const ruleset = withReadings({ victoryAward: 'most-vp' });
    expect(victory(applyGame(auto(ruleset, { a: 0, b: 2 }), new PhysicalDice()))).toEqual(['team-b']);
    const given = applyGame(auto(ruleset, { a: 0, b: 2 }), new PhysicalDice()).find((e) => e.kind === 'req.awarded' && e.award === 'victory');
    expect(given?.kind === 'req.awarded' && given.reason).toBe(
      'Victory +10: had the most VP (2 to 0; House reading “Victory after an automatic win” (The side with the most VP))',
    );
    expect(victory(applyGame(auto(ruleset, { a: 1, b: 1 }), new PhysicalDice()))).toEqual([]);
    expect(victory(applyGame(auto(ruleset, { a: 3, b: 1 }), new PhysicalDice()))).toEqual(['team-a']);
    expect(victoryReadingNote(ruleset, 'a', { a: 0, b: 2 })).toMatch(/\(The side with the most VP\): .*Victory goes to Player B, which has the most VP\.$/);
    expect(victoryReadingNote(ruleset, 'a', { a: 1, b: 1 })).toMatch(/neither side has the most VP, so neither gets Victory\.$/);
    expect(() => applyGame(input({ ruleset, winner: 'a' }), new PhysicalDice())).toThrow(GameFactsError);
  });

  it('a winner with the most VP, or a draw: the reading decided nothing, no note', () => {
    expect(victoryReadingNote(battleHonoursPreset(), 'a', { a: 3, b: 1 })).toBeNull();
    expect(victoryReadingNote(battleHonoursPreset(), 'draw', { a: 1, b: 1 })).toBeNull();
    expect(progressionReadingNotes(auto(battleHonoursPreset(), { a: 0, b: 2 }))).toEqual([]);
  });

  it('a recorded game: Player B has no models left on the table (its last two in reserve), Player A wins automatically with 0 VP to 2', () => {
    const models: ModelFacts[] = [
      m('a-tl', 'a', 'team-leader'),
      ...[1, 2, 3, 4].map((i) => m(`a-c${i}`, 'a', 'core', { aliveAtEnd: false, outOfAction: { by: 'b-tl', how: 'shooting' } })),
      m('b-tl', 'b', 'team-leader', { aliveAtEnd: false, outOfAction: { by: null, how: 'other' } }),
      m('b-r1', 'b', 'core', { notArrived: true }),
      m('b-r2', 'b', 'core', { notArrived: true }),
    ];
    const score = scoreGame(gameReport(models, { kind: 'no-models-left', side: 'b' }), battleHonoursPreset());
    expect(score.outcome).toMatchObject({ kind: 'win', winner: 'a', automatic: true });
    expect(score.vp).toEqual({ a: 0, b: 2 });
    expect(score.notes).toContain(victoryReadingNote(battleHonoursPreset(), 'a', { a: 0, b: 2 }));
  });
});

describe('004 Secondary Objectives "Over 75% of a Kill Team\'s models are alive" / "Under 25% of the enemy\'s models are left alive": models still in reserve', () => {
  // Player A: 5 models, one still in reserve, one dead. Player B: 9 models, two still in reserve, six dead.
  const facts: GameFacts = {
    ending: { kind: 'turns' },
    models: [
      m('a-tl', 'a', 'team-leader'),
      m('a-c1', 'a'),
      m('a-c2', 'a'),
      m('a-c3', 'a', 'core', { aliveAtEnd: false, outOfAction: { by: 'b-tl', how: 'shooting' } }),
      m('a-r1', 'a', 'core', { notArrived: true }),
      m('b-tl', 'b', 'team-leader'),
      ...[1, 2, 3, 4, 5, 6].map((i) => m(`b-c${i}`, 'b', 'core', { aliveAtEnd: false, outOfAction: { by: 'a-tl', how: 'shooting' } })),
      m('b-r1', 'b', 'core', { notArrived: true }),
      m('b-r2', 'b', 'core', { notArrived: true }),
    ],
  };
  const secondaries = (reserves: 'counted' | 'left-out') =>
    scoreMission('skirmish', facts, { reservesInSecondaries: reserves })
      .lines.filter((l) => l.source !== 'mission')
      .map((l) => `${l.side} ${l.reason}`);

  it('default "counted, as alive": Survival 4 of 5 for Player A; no Destroyer (3 of 9 Player B models alive)', () => {
    expect(secondaries('counted')).toEqual(['a Survival: 4 of 5 models alive (over 75%)']);
    expect(scoreMission('skirmish', facts).lines).toEqual(scoreMission('skirmish', facts, { reservesInSecondaries: 'counted' }).lines);
  });

  it('"left out": only the models that reached the table count: no Survival (3 of 4), Destroyer (1 of 7 left alive)', () => {
    expect(secondaries('left-out')).toEqual(['a Destroyer: 1 of 7 enemy models left alive (under 25%)']);
  });

  it('the game page names the reading where it decided Survival or Destroyer, and only there', () => {
    expect(scoreGame(gameReport(facts.models), battleHonoursPreset()).notes).toEqual([
      readingNote('reservesInSecondaries', 'counted', 'Player A scores Survival, with the models still in reserve counted.'),
      readingNote('reservesInSecondaries', 'counted', 'Player A does not score Destroyer, with the models still in reserve counted.'),
    ]);
    const leftOut = scoreGame(gameReport(facts.models), withReadings({ reservesInSecondaries: 'left-out' }));
    expect(leftOut.notes[0]).toBe(
      'House reading “Models in reserve for Survival and Destroyer” (Left out): Player A does not score Survival, with the models still in reserve left out.',
    );
    const nobodyInReserve = facts.models.map((x) => ({ ...x, notArrived: false }));
    expect(scoreGame(gameReport(nobodyInReserve), battleHonoursPreset()).notes).toEqual([]);
  });
});
