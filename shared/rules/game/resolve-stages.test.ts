/**
 * Each stage of resolveGame on its own (issue 32): checks, score, apply, honours, recruits, texts and the words.
 */
import { describe, expect, it } from 'vitest';
import { battleHonoursPreset } from '../presets/index';
import type { ProgressionEntry } from '../progression/entries';
import { checkStage, takenOf } from './resolve-checks';
import { catoDown, hydra, input } from './resolve-fixture';
import { honoursStage, recruitModelId, recruitsStage } from './resolve-spend';
import { applyInputOf, applyStage, reqBookOf, scoreStage, teamThreat } from './resolve-stages';
import { textsStage } from './resolve';
import { CHANGE_STEP, entryText, humanizer, modelNames } from './resolve-words';

const plain = (t: string) => t;
const scored = (i = input({ models: catoDown })) => {
  const s = scoreStage(i);
  if ('problems' in s) throw new Error(s.problems.join(' '));
  return s.score;
};
const applied = (i = input({ models: catoDown })) => {
  const a = applyStage(i, applyInputOf(i, scored(i)), plain);
  if (a.stop) throw new Error(JSON.stringify(a.stop));
  return a.entries;
};

describe('checkStage: the report is about this game as it is now', () => {
  it('a report for these teams, models and mission has no problems', () => {
    expect(checkStage(input())).toEqual([]);
  });

  it('another team, a model no longer on the roster, another mission: each said in words', () => {
    const i = input({ models: (m) => (m.id === 'lenz' ? { ...m, id: 'ghost', name: 'Trooper Ghost' } : m) });
    i.draft.report.sides.b.teamId = 'someone-else';
    const problems = checkStage({ ...i, game: { ...i.game, missionId: 'relic-hunt' } });
    expect(problems).toEqual([
      expect.stringContaining("Trooper Ghost is no longer on Hydra Platoon's roster"),
      'The result is for another team than Grey Wolves.',
      'The result is for another mission than the game plan.',
    ]);
  });

  it('issue 19: a model left at home at set-up cannot take part', () => {
    const i = input();
    const setup = { taken: { a: ['sarge', 'kolt'], b: ['tarkus', 'kaelen', 'cato', 'brutus'] }, gameSize: 200 };
    expect(takenOf(setup)).toEqual(setup);
    expect(takenOf({})).toBeNull();
    expect(checkStage({ ...i, game: { ...i.game, setup } })).toEqual([
      'Trooper Lenz was not taken to this game at set-up (a 200-pt game): untick "took part".',
    ]);
  });

  it('docs/progression.md Injuries: a model "incapacitated, sits the next game out" — this is that game', () => {
    const i = input();
    const mauled = { effect: 'incapacitated', text: 'Incapacitated: sits the next game out.' };
    const state = { progression: { models: { lenz: { mauled } }, teams: {} }, directory: {}, stats: {} };
    i.teams.a = { ...i.teams.a, projection: { honourPoints: 0, state } as never };
    expect(checkStage(i).join(' ')).toMatch(/Trooper Lenz/);
  });

  it('issue 16 (004 Step 5 - Ending the Game): counts beyond what the plan allows are refused before any die is rolled', () => {
    const i = input();
    i.draft.report.gameTurns = 11;
    expect(checkStage(i)).toEqual([expect.stringMatching(/^11 game turns recorded, but the game lasts at most 10/)]);
  });
});

describe('scoreStage: 004 Step 5 Victory Points and the winner', () => {
  it('scores the report (Player A took a model out and kept all of theirs)', () => {
    expect(scored().outcome).toMatchObject({ kind: 'win' });
  });

  it('a report the rules cannot score comes back as problems, not a throw', () => {
    const i = input({ models: (m) => (m.id === 'cato' ? { ...m, aliveAtEnd: false, outOfAction: { by: 'nobody-here', how: 'melee' } } : m) });
    const s = scoreStage(i);
    expect('problems' in s && s.problems.join(' ')).toMatch(/nobody-here/);
  });
});

describe('applyStage: docs/progression.md after the game (injuries, Req awards)', () => {
  it('004 Campaign: every model taken out of action rolls on the injury table; each side earns "Took part"', () => {
    const entries = applied();
    expect(entries.filter((e) => e.kind === 'injury.rolled').map((e) => 'model' in e && e.model)).toEqual(['cato']);
    expect(entries.filter((e) => e.kind === 'req.awarded').length).toBeGreaterThanOrEqual(2);
  });

  it('real dice: the roll to type in; faces that cannot be used; a missing table blocks', () => {
    const i = input({ models: catoDown });
    const physical = { ...i, game: { ...i.game, diceMode: 'physical' as const } };
    const waiting = applyStage(physical, applyInputOf(physical, scored(physical)), (t) => t.toUpperCase());
    expect(waiting.stop).toMatchObject({ pendingRoll: { key: expect.stringMatching(/^post\|/) } });
    const key = (waiting.stop as { pendingRoll: { key: string } }).pendingRoll.key;
    const typed = { ...physical, draft: { ...physical.draft, faces: { [key]: [9] } } };
    expect(applyStage(typed, applyInputOf(typed, scored(typed)), plain).stop).toEqual({ problems: [expect.stringContaining('9')] });
    const ruleset = battleHonoursPreset();
    ruleset.progression.requisition.awards = null;
    const bare = { ...i, state: { ...i.state, ruleset } };
    expect(applyStage(bare, applyInputOf(bare, scored(bare)), plain).stop).toEqual({ blocked: expect.stringMatching(/requisition/i) });
  });

  it("docs/progression.md Threat: a team's points plus its honours' Req value, ÷ 100 rounded up", () => {
    const t = hydra();
    expect(teamThreat(t)).toBe(Math.ceil(t.report.points / 100));
    expect(teamThreat({ ...t, projection: { honourPoints: 100, state: undefined as never } })).toBe(Math.ceil((t.report.points + 100) / 100));
  });

  it("the Req book: each side's balance and what the game's entries earn it", () => {
    const i = input({ models: catoDown, req: 7 });
    const book = reqBookOf(i.teams, applied(i));
    expect(book.balance).toEqual({ a: 7, b: 7 });
    expect(book.earned.a).toBeGreaterThan(0);
    expect(book.spent).toEqual({ a: 0, b: 0 });
  });
});

describe('honoursStage: docs/progression.md Battle Honours bought after the game', () => {
  const buy = (honours: ReturnType<typeof input>['draft']['honours'], req = 100) => {
    const i = input({ models: catoDown, req, draft: { honours } });
    const entries = applied(i);
    const book = reqBookOf(i.teams, entries);
    return { ...honoursStage(i, entries, book, (id) => id), book };
  };

  it('an honour is bought for its cost, tied to the game', () => {
    const r = buy([{ side: 'a', model: 'sarge', honour: 'strident-voice', elite: false }]);
    expect(r.problems).toEqual([]);
    expect(r.honours).toEqual([expect.objectContaining({ kind: 'honour.bought', id: 'g1/h1', gameId: 'g1', model: 'sarge' })]);
    expect(r.book.spent.a).toBe(10);
  });

  it('a model not on the roster, a model that died in this game, an honour it cannot take: refused in words', () => {
    const r = buy([
      { side: 'a', model: 'nobody', honour: 'strident-voice', elite: false },
      { side: 'b', model: 'tarkus', honour: 'open-mind', elite: false },
    ]);
    expect(r.problems[0]).toBe("Honour 1: that model is not on Hydra Platoon's roster.");
    expect(r.problems[1]).toMatch(/^Grey Wolves: /);
    expect(r.honours).toEqual([]);
  });

  it('docs/progression.md: a dead model cannot gain honours; "reserve models can\'t gain honours"', () => {
    const i = input({ models: catoDown, req: 100, draft: { honours: [{ side: 'b', model: 'cato', honour: 'strident-voice', elite: false }] } });
    const entries = [...applied(i), { kind: 'model.died', model: 'cato', team: 'wolves' } as unknown as ProgressionEntry];
    expect(honoursStage(i, entries, reqBookOf(i.teams, []), (id) => `Brother ${id}`).problems).toEqual([
      'Brother cato died in this game: a dead model cannot gain honours.',
    ]);
    const parked = {
      ...i.teams.b,
      roster: { ...i.teams.b.roster, reserve: { models: [{ ...i.teams.b.roster.models[2]!, id: 'cato', name: 'Brother Cato' }] } },
    };
    const reserve = { ...i, teams: { ...i.teams, b: parked as typeof i.teams.b } };
    expect(honoursStage(reserve, applied(i), reqBookOf(i.teams, []), plain).problems).toEqual([
      "Grey Wolves: Brother Cato is in Tactical Reserves, and reserve models can't gain honours.",
    ]);
  });
});

describe('recruitsStage: docs/progression.md Requisition — recruits cost their points', () => {
  it("a recruit is a roster entry tied to the game, for its points in Req, checked against the roster's rules", () => {
    const i = input({ models: catoDown, draft: { recruits: [{ side: 'a', entryId: 'guardsman', name: 'Trooper Vell' }] } });
    const book = reqBookOf(i.teams, []);
    const r = recruitsStage(i, applied(i), book);
    expect(r.problems).toEqual([]);
    expect(r.recruits).toEqual([
      expect.objectContaining({
        id: 'g1/r1',
        side: 'a',
        modelId: recruitModelId('g1', 0),
        req: -5,
        reason: 'Recruited Trooper Vell (Guardsman) for 5 Req after game 1.',
      }),
    ]);
    expect(book.spent.a).toBe(5);
  });

  it('an entry the list does not have, and a recruit that breaks the list, are refused in words', () => {
    const i = input({
      draft: {
        recruits: [
          { side: 'b', entryId: 'ogryn', name: 'Big Lug' },
          { side: 'a', entryId: 'veteran-sergeant', name: 'Second Sergeant' },
        ],
      },
    });
    const r = recruitsStage(i, [], reqBookOf(i.teams, []));
    expect(r.problems).toEqual(['Hydra Platoon: Only one Team Leader: this team has 2.', 'Grey Wolves: the team list has no entry "ogryn".']);
  });
});

describe('textsStage and the words: every change as the ledger and the screens say it', () => {
  it('entries then recruits, each with its step, side, Req and text', () => {
    const i = input({ models: catoDown });
    const entries = applied(i);
    const recruit = {
      id: 'g1/r1',
      side: 'a' as const,
      modelId: 'g1:r1',
      req: -5,
      data: { kind: 'model.recruited' as const, model: { id: 'g1:r1', entryId: 'guardsman', name: 'Vell', options: {}, armoury: [], grenades: {} } },
      reason: 'Recruited Vell.',
    };
    const names = modelNames(i.teams, i.state);
    const { texts, changes } = textsStage(i.teams, entries, [recruit as never], {
      human: humanizer(i.teams, names),
      name: (id) => names.get(id) ?? id,
      honourName: plain,
    });
    expect(changes).toHaveLength(entries.length + 1);
    expect(changes.at(-1)).toMatchObject({ step: 'requisition', kind: 'model.recruited', modelName: 'Vell', req: -5, text: 'Recruited Vell.' });
    const injury = changes.find((c) => c.kind === 'injury.rolled')!;
    expect(injury).toMatchObject({ step: CHANGE_STEP['injury.rolled'], side: 'b', modelName: 'Brother Cato' });
    expect(texts.get(entries[0]!.id)).toBe(changes[0]);
  });

  it('humanizer: "Player A/B" and a quoted id read as the names; modelNames keeps the ledger\'s names', () => {
    const i = input();
    const names = modelNames(i.teams, { names: new Map([['old', 'Trooper Gone']]) });
    const human = humanizer(i.teams, names);
    expect(human('Player A beat Player B; "lenz" and "old" fought, "who" watched')).toBe(
      'Hydra Platoon beat Grey Wolves; Trooper Lenz and Trooper Gone fought, "who" watched',
    );
  });

  it('entryText: each kind of entry in words', () => {
    const name = (id: string) => id.toUpperCase();
    const honour = (id: string) => `«${id}»`;
    const base = { v: 1, id: 'x', team: 't', gameId: 'g', citation: '', rolls: [] };
    const e = (x: object) => ({ ...base, ...x }) as unknown as ProgressionEntry;
    expect(entryText(e({ kind: 'exp.gained', model: 'm', amount: 2, reason: 'a kill' }), name, honour)).toBe('M: +2 EXP — a kill');
    expect(entryText(e({ kind: 'level.reached', model: 'm', level: 2, threshold: 6 }), name, honour)).toBe('M reaches level 2 (6 EXP).');
    expect(entryText(e({ kind: 'advance.rolled', model: 'm', level: 2, text: '+1 BS.', followUps: [{ text: 'Again.' }] }), name, honour)).toBe(
      'M, level 2 advance: +1 BS. Again.',
    );
    expect(entryText(e({ kind: 'model.died', model: 'm', reason: 'Dead.' }), name, honour)).toBe('M died (Dead).');
    expect(entryText(e({ kind: 'req.awarded', reason: 'Took part.' }), name, honour)).toBe('Took part.');
    expect(entryText(e({ kind: 'req.underdog', amount: 5, reason: 'lowest Threat' }), name, honour)).toBe('Underdog +5: lowest Threat');
    expect(entryText(e({ kind: 'req.chart', amount: 3, text: 'Supplies' }), name, honour)).toBe('Requisition chart: Supplies (+3)');
    expect(entryText(e({ kind: 'relic.cashed', relics: 1, amount: 10 }), name, honour)).toBe('1 relic cashed in: +10 Req (seed 004 Relic Hunt).');
    expect(entryText(e({ kind: 'relic.cashed', relics: 2, amount: 20 }), name, honour)).toMatch(/^2 relics/);
    expect(entryText(e({ kind: 'honour.bought', model: null, honour: 'h', cost: 20, baseCost: 20, surcharge: 0 }), name, honour)).toBe(
      'The team gains «h» for 20 Req.',
    );
    expect(entryText(e({ kind: 'honour.bought', model: 'm', honour: 'h', cost: 25, baseCost: 20, surcharge: 5 }), name, honour)).toBe(
      'M gains «h» for 25 Req (20 + 5 elite surcharge).',
    );
  });
});
