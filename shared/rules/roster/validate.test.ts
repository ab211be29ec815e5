import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { Roster, type RosterModelInput } from './roster';
import { TeamList } from './team-list';
import { validateRoster } from './validate';

const lists = SAMPLE_TEAM_LISTS.map((l) => TeamList.parse(l));
const marines = lists.find((l) => l.id === 'space-marines-sample')!;
const guard = lists.find((l) => l.id === 'imperial-guard-sample')!;
const orks = lists.find((l) => l.id === 'orks-sample')!;

let n = 0;
const model = (entryId: string, name: string, extra: Partial<RosterModelInput> = {}): RosterModelInput => ({ id: `m${++n}`, entryId, name, ...extra });
const roster = (...models: RosterModelInput[]) => Roster.parse({ models });

/** A legal 250-point Space Marine team: Sergeant, two Veterans, seven Tactical Marines. */
const legalMarines = () => [
  model('sergeant', 'Sergeant Tarkus', { options: { 'power-sword': 1 } }),
  model('veteran', 'Brother Kaelen', { options: { 'plasma-gun': 1 } }),
  model('veteran', 'Brother Aulus', { options: { flamer: 1 } }),
  ...['Cato', 'Decimus', 'Varro', 'Lucan', 'Septimus', 'Titus', 'Marius'].map((nm) => model('tactical-marine', `Brother ${nm}`)),
];

describe('sample team lists', () => {
  it('all three parse against the team-list schema and are marked as sample data', () => {
    expect(lists.map((l) => l.faction)).toEqual(['Space Marines', 'Imperial Guard', 'Orks']);
    for (const l of lists) {
      expect(l.sample).toBe(true);
      expect(l.source).toMatch(/check every entry against your club's own list/);
    }
  });
});

describe('validateRoster (seed 004 "Building your Team")', () => {
  it('004 Building your Team: a legal 250-point Space Marine team has its total and no issues', () => {
    const report = validateRoster(marines, roster(...legalMarines()), 250);
    expect(report.issues).toEqual([]);
    expect(report.legal).toBe(true);
    // 25+15 + 18+15 + 18+5 + 7×14 = 194
    expect(report.points).toBe(194);
    expect(report.pointsText).toBe('194 / 250 pts');
  });

  it('004 Building your Team: "All models in the team lists have the Infantry unit type unless stated otherwise"', () => {
    expect(marines.entries.every((e) => e.unitType === 'Infantry')).toBe(true);
    const list = TeamList.parse({
      ...(SAMPLE_TEAM_LISTS[0] as object),
      entries: marines.entries.map((e, i) => (i === 0 ? { ...e, unitType: 'Jump Infantry' } : e)),
    });
    expect(list.entries[0]?.unitType).toBe('Jump Infantry');
    expect(validateRoster(marines, roster(...legalMarines()), 250).models[0]?.unitType).toBe('Infantry');
  });

  it('004 Building your Team: over the points limit says by how much', () => {
    const models = [...legalMarines(), ...['A', 'B', 'C', 'D', 'E'].map((x) => model('tactical-marine', `Brother ${x}`))];
    const report = validateRoster(marines, roster(...models), 250);
    expect(report.points).toBe(264);
    expect(report.issues.map((i) => i.message)).toContain('264 / 250 pts: 14 over the limit.');
    expect(report.legal).toBe(false);
  });

  it('004 Model Allowance: only one Team Leader, at most three Special models, a minimum of Core', () => {
    const two = validateRoster(marines, roster(...legalMarines(), model('sergeant', 'Sergeant Two')), 400);
    expect(two.issues.map((i) => i.message)).toContain('Only one Team Leader: this team has 2.');
    const four = validateRoster(marines, roster(...legalMarines(), model('veteran', 'Brother Three'), model('veteran', 'Brother Four')), 400);
    expect(four.issues.map((i) => i.message)).toContain('At most 3 Special models: this team has 4.');
    expect(four.allowance.special).toEqual({ count: 4, min: 0, max: 3 });
    const none = validateRoster(marines, roster(model('veteran', 'Brother Lone')), 250);
    expect(none.issues.map((i) => i.message)).toEqual(['No Team Leader: every team needs one.', 'At least 2 Core models: this team has 0.']);
  });

  it('Model Allowance unlocks: a Commissar allows one more Special model (sample Imperial Guard list)', () => {
    const base = [model('veteran-sergeant', 'Sgt Harker'), ...[1, 2, 3].map((i) => model('specialist', `Specialist ${i}`))];
    expect(validateRoster(guard, roster(...base), 250).legal).toBe(true);
    const withCommissar = validateRoster(guard, roster(...base, model('commissar', 'Commissar Ferro')), 250);
    expect(withCommissar.allowance.special).toEqual({ count: 4, min: 0, max: 4 });
    expect(withCommissar.legal).toBe(true);
    const fifth = validateRoster(guard, roster(...base, model('commissar', 'Commissar Ferro'), model('specialist', 'Specialist 5')), 250);
    expect(fifth.issues.map((i) => i.message)).toContain('At most 4 Special models: this team has 5.');
  });

  it('004 Kill Team Armouries: each item once per model, only for the model types allowed, only if the model may buy', () => {
    const models = legalMarines();
    models[1] = { ...models[1]!, armoury: ['melta-bombs', 'melta-bombs'] };
    models[3] = { ...models[3]!, armoury: ['storm-shield'] };
    models[4] = model('scout', 'Scout Varn', { armoury: ['melta-bombs'] });
    const messages = validateRoster(marines, roster(...models), 400).issues.map((i) => i.message);
    expect(messages).toContain('Melta bombs twice on Brother Kaelen: a model may take each Armoury item only once.');
    expect(messages).toContain('Storm shield is not for Core models (Brother Cato).');
    expect(messages).toContain('Scout Varn may not buy from the Armoury (Melta bombs).');
  });

  it('004 Grenades: extra grenades only of a kind the model already has, at the seed prices', () => {
    const models = legalMarines();
    models[1] = { ...models[1]!, grenades: { krak: 2, 'frag-assault': 1 } };
    const ok = validateRoster(marines, roster(...models), 250);
    expect(ok.issues).toEqual([]);
    expect(ok.points).toBe(194 + 3); // 1 pt each (seed 004 table)
    expect(ok.models[1]!.grenades).toEqual([
      { type: 'frag-assault', name: 'Frag/Assault Grenade', count: 2 },
      { type: 'krak', name: 'Krak Grenade', count: 3 },
    ]);
    const guardModels = [model('veteran-sergeant', 'Sgt Harker', { grenades: { krak: 1 } })];
    expect(validateRoster(guard, roster(...guardModels), 250).issues.map((i) => i.message)).toContain(
      'Krak grenades can only be bought by a model that already has them (Sgt Harker).',
    );
    // Once the option gives him krak grenades, he may buy more.
    const withOption = [model('veteran-sergeant', 'Sgt Harker', { options: { 'krak-grenades': 1 }, grenades: { krak: 1 } })];
    expect(validateRoster(guard, roster(...withOption), 250).issues.map((i) => i.code)).not.toContain('grenade-not-had');
  });

  it('options: alternatives exclude each other, limits per model hold, and the card shows the resulting wargear', () => {
    const models = legalMarines();
    models[1] = { ...models[1]!, options: { 'plasma-gun': 1, meltagun: 1 } };
    models[2] = { ...models[2]!, options: { flamer: 2 } };
    const report = validateRoster(marines, roster(...models), 400);
    const messages = report.issues.map((i) => i.message);
    expect(messages).toContain('Brother Kaelen can take only one of these options: Replace boltgun with plasma gun; Replace boltgun with meltagun.');
    expect(messages).toContain('Replace boltgun with flamer twice on Brother Aulus: at most once.');
    expect(validateRoster(marines, roster(...legalMarines()), 250).models[0]!.wargear).toEqual(['Bolt pistol', 'Power sword']);
  });

  it('004 Squad: squad size within the list, priced per model; "individual models will still count toward the maximum Model Availability"', () => {
    const base = [model('veteran-sergeant', 'Sgt Harker')];
    const squad = validateRoster(guard, roster(...base, model('guardsman-squad', 'Third Squad', { squadSize: 7 })), 250);
    expect(squad.legal).toBe(true);
    expect(squad.points).toBe(10 + 7 * 4);
    // One of the list's Squad slots, and seven models toward the Core maximum.
    expect(squad.allowance.squad.count).toBe(1);
    expect(squad.allowance.core).toMatchObject({ count: 0, squadModels: 7 });
    const guardsmen = Array.from({ length: 14 }, (_, i) => model('guardsman', `Trooper ${i + 1}`));
    const crowded = validateRoster(guard, roster(...base, ...guardsmen, model('guardsman-squad', 'Third Squad', { squadSize: 7 })), 400);
    expect(crowded.issues.map((i) => i.message)).toContain('At most 20 Core models, Squad members included (004 Squad): this team has 14 + 7 in Squads.');
    expect(validateRoster(guard, roster(...base, ...guardsmen.slice(0, 13), model('guardsman-squad', 'Third Squad', { squadSize: 7 })), 400).legal).toBe(true);
    const big = validateRoster(guard, roster(...base, model('guardsman-squad', 'Huge Squad', { squadSize: 12 })), 250);
    expect(big.issues.map((i) => i.message)).toContain('Huge Squad has 12 models; a Guardsman Squad has 5 to 10.');
  });

  it('004 Squad ("will state how many models form the unit"): a Squad option is priced once, or per model where the list says so', () => {
    // The list prices an option for a squad either way: one vox-caster for the squad, or carapace for every member.
    const squadList = TeamList.parse({
      ...guard,
      entries: guard.entries.map((e) =>
        e.id === 'guardsman-squad'
          ? {
              ...e,
              options: [
                { id: 'vox', name: 'Vox-caster', points: 5 },
                { id: 'carapace', name: 'Carapace armour', points: 2, perModel: true },
              ],
            }
          : e,
      ),
    });
    const base = [model('veteran-sergeant', 'Sgt Harker')];
    const points = (options: Record<string, number>, extra: Partial<RosterModelInput> = {}) =>
      validateRoster(squadList, roster(...base, model('guardsman-squad', 'Third Squad', { squadSize: 7, options, ...extra })), 250).models[1]!.points;
    expect(points({})).toBe(7 * 4);
    expect(points({ vox: 1 })).toBe(7 * 4 + 5);
    expect(points({ carapace: 1 })).toBe(7 * (4 + 2));
    expect(points({ vox: 1, carapace: 1 })).toBe(7 * (4 + 2) + 5);
    // Members who died take their share of a per-model option with them (points and Threat count the squad as it is).
    expect(points({ vox: 1, carapace: 1 }, { squadSize: 5, squadLost: 2 })).toBe(5 * (4 + 2) + 5);
  });

  it('unnamed models and unknown entries are reported, never crash', () => {
    const report = validateRoster(orks, roster(model('boss-nob', ''), model('warboss', 'Big Gob')), 250);
    const messages = report.issues.map((i) => i.message);
    expect(messages).toContain('A Boss Nob has no name yet.');
    expect(messages).toContain('“Big Gob” is not an entry of Orks (sample).');
  });
});

describe('TeamList schema', () => {
  it('names what is wrong and where', () => {
    const broken = structuredCloneJson(SAMPLE_TEAM_LISTS[0]) as { entries: { points: unknown; id: string }[] };
    broken.entries[1]!.points = -5;
    broken.entries[2]!.id = broken.entries[1]!.id;
    const result = TeamList.safeParse(broken);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toContain('entries.1.points: Points cannot be negative.');
    expect(issues).toContain('entries.2.id: Two entries have the id "veteran".');
  });

  it('refuses a file that is not a Herald team list, saying so', () => {
    const result = TeamList.safeParse({ format: 'something-else' });
    expect(result.error!.issues[0]!.message).toBe('This is not a Herald team list (the "format" field must be "herald.team-list").');
  });
});

function structuredCloneJson(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v));
}
