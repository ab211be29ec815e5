import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARGIN_OF_VICTORY, PRINTED_MARGIN_CHART, marginBands, marginOfVictory } from './margin-of-victory';
import type { MarginResult } from './margin-of-victory';
import { lootCounterValue, objectiveVictoryPoints, tableQuarterValue, tableQuartersVictoryPoints } from './objectives';
import {
  VICTORY_POINTS_MISSION_LEVELS,
  VICTORY_POINTS_TABLE,
  assessUnit,
  casualtyVictoryPoints,
  scoringUnits,
  unitStrength,
  vpElements,
} from './victory-points';
import type { VehicleState, VpEntry, VpUnit } from './victory-points';

const squad = (name: string, points: number, start: number, end: number, extra: Partial<Extract<VpUnit, { type: 'non-vehicle' }>> = {}): VpUnit => ({
  type: 'non-vehicle',
  name,
  points,
  strength: { start, end },
  ...extra,
});

describe('000 Victory Points table', () => {
  it("000 Victory Points: used by missions at Gamma and Omega level (which missions is the mission's own data)", () => {
    expect([...VICTORY_POINTS_MISSION_LEVELS]).toEqual(['gamma', 'omega']);
  });

  it('000 Victory Points: a unit is worth its points cost — a 250 point Land Raider destroyed gives 250 VP', () => {
    expect(assessUnit({ type: 'vehicle', name: 'Land Raider', points: 250, state: 'wrecked' }).vpToOpponent).toBe(250);
  });

  it('000 VP table, non-vehicle: at least 50% → scoring, none; less than 50% → half; destroyed, off-table or Falling Back → full', () => {
    expect(assessUnit(squad('A', 100, 10, 5))).toMatchObject({ scoring: true, vpToOpponent: 0 });
    expect(assessUnit(squad('A', 100, 10, 4))).toMatchObject({ scoring: false, vpToOpponent: 50 });
    expect(assessUnit(squad('A', 100, 10, 0))).toMatchObject({ scoring: false, vpToOpponent: 100 });
    expect(assessUnit(squad('A', 100, 10, 10, { offTable: true })).vpToOpponent).toBe(100);
    expect(assessUnit(squad('A', 100, 10, 9, { fallingBack: true })).vpToOpponent).toBe(100);
  });

  it('000 VP table note: with multi-Wound models count wounds, not models', () => {
    const s = unitStrength([
      { wounds: 3, woundsLeft: 1 },
      { wounds: 3, woundsLeft: 3 },
    ]);
    expect(s).toEqual({ countedIn: 'wounds', start: 6, end: 4 });
    expect(
      unitStrength([
        { wounds: 1, woundsLeft: 1 },
        { wounds: 1, woundsLeft: 0 },
        { wounds: 1, woundsLeft: 0 },
      ]),
    ).toEqual({ countedIn: 'models', start: 3, end: 1 });
  });

  it('000 VP table, vehicle: mobile → scoring, none; immobile → half; wrecked, exploded or annihilated → full', () => {
    expect(assessUnit({ type: 'vehicle', name: 'V', points: 120, state: 'mobile' })).toMatchObject({ scoring: true, vpToOpponent: 0 });
    expect(assessUnit({ type: 'vehicle', name: 'V', points: 120, state: 'immobile' })).toMatchObject({ scoring: false, vpToOpponent: 60 });
    for (const state of ['wrecked', 'exploded', 'annihilated'] as const)
      expect(assessUnit({ type: 'vehicle', name: 'V', points: 120, state }).vpToOpponent).toBe(120);
  });

  it('000 VP table, dedicated transport: never a scoring unit; immobile → half; wrecked → full', () => {
    expect(assessUnit({ type: 'dedicated-transport', name: 'Rhino', points: 50, state: 'mobile' })).toMatchObject({ scoring: false, vpToOpponent: 0 });
    expect(assessUnit({ type: 'dedicated-transport', name: 'Rhino', points: 50, state: 'immobile' }).vpToOpponent).toBe(25);
    expect(assessUnit({ type: 'dedicated-transport', name: 'Rhino', points: 50, state: 'exploded' }).vpToOpponent).toBe(50);
  });

  it('000 VP table, vehicle squadron: at least 50% mobile → scoring; less → half; all wrecked, exploded or annihilated → full', () => {
    const sq = (vehicles: VehicleState[]): VpUnit => ({ type: 'vehicle-squadron', name: 'Sentinels', points: 105, vehicles });
    expect(assessUnit(sq(['mobile', 'immobile']))).toMatchObject({ scoring: true, vpToOpponent: 0 });
    expect(assessUnit(sq(['mobile', 'immobile', 'wrecked']))).toMatchObject({ scoring: false, vpToOpponent: 52.5 });
    expect(assessUnit(sq(['wrecked', 'exploded', 'annihilated']))).toMatchObject({ scoring: false, vpToOpponent: 105 });
  });

  it('000 VP table, independent character: never scoring; unwounded none, wounded half, dead/off-table/Falling Back full', () => {
    const ic = (state: 'unwounded' | 'wounded' | 'dead' | 'off-table' | 'falling-back'): VpUnit => ({
      type: 'independent-character',
      name: 'Chaplain',
      points: 90,
      state,
    });
    expect(assessUnit(ic('unwounded'))).toMatchObject({ scoring: false, vpToOpponent: 0 });
    expect(assessUnit(ic('wounded')).vpToOpponent).toBe(45);
    for (const s of ['dead', 'off-table', 'falling-back'] as const) expect(assessUnit(ic(s)).vpToOpponent).toBe(90);
  });

  it('000 VP table, artillery: at least 50% strength or all guns destroyed → scoring, none; below 50% half; destroyed full', () => {
    const art = (end: number, allGunsDestroyed = false): VpUnit => ({
      type: 'artillery',
      name: 'Battery',
      points: 80,
      strength: { start: 6, end },
      allGunsDestroyed,
    });
    expect(assessUnit(art(3))).toMatchObject({ scoring: true, vpToOpponent: 0 });
    expect(assessUnit(art(2))).toMatchObject({ scoring: false, vpToOpponent: 40 });
    expect(assessUnit(art(2, true))).toMatchObject({ scoring: true, vpToOpponent: 0 });
    expect(assessUnit(art(0)).vpToOpponent).toBe(80);
  });

  it('000 VP table: every printed line is present (6 unit types × 3 conditions)', () => {
    expect(VICTORY_POINTS_TABLE.rows).toHaveLength(18);
    expect(VICTORY_POINTS_TABLE.rows.filter((r) => r.scoring).map((r) => r.unitType)).toEqual(['non-vehicle', 'vehicle', 'vehicle-squadron', 'artillery']);
  });

  it('000 Units with Distinct Elements: a Chaplain with Command squad in a Rhino is a character, a squad and a vehicle, each scored separately', () => {
    const entry: VpEntry = {
      type: 'distinct-elements',
      name: 'Chaplain with Command squad in a Rhino',
      elements: [
        { type: 'independent-character', name: 'Chaplain', points: 100, state: 'wounded' },
        squad('Command squad', 150, 5, 1),
        { type: 'dedicated-transport', name: 'Rhino', points: 50, state: 'wrecked' },
      ],
    };
    expect(vpElements([entry])).toHaveLength(3);
    const r = casualtyVictoryPoints([entry]);
    expect(r.units.map((u) => u.vpToOpponent)).toEqual([50, 75, 50]);
    expect(r.total).toBe(175);
  });
});

describe('000 Mission Specific Objectives', () => {
  it('000 Table Quarters: own quarter 0, adjacent quarters 25%, enemy quarter 50% — 1,500 pts: 0 / 375 / 750', () => {
    expect([tableQuarterValue('own', 1500), tableQuarterValue('adjacent', 1500), tableQuarterValue('enemy', 1500)]).toEqual([0, 375, 750]);
    expect(tableQuartersVictoryPoints(['adjacent', 'adjacent', 'enemy', 'own'], 1500)).toBe(1500);
    expect(() => tableQuartersVictoryPoints(['enemy', 'enemy'], 1500)).toThrow(RangeError);
  });

  it('000 Loot: each counter is worth the points limit divided by the counters used — 1,500 pts with four counters: 375', () => {
    expect(lootCounterValue(1500, 4)).toBe(375);
    const r = objectiveVictoryPoints({ objective: 'loot', pointsLimit: 1500, own: [], enemy: [], lootHeld: 2, lootCounters: 4 });
    expect(r).toMatchObject({ objective: 750, casualties: 0, total: 750 });
  });

  it('000 Enemy Lines: the points cost of scoring units entirely in the enemy deployment zone, plus VP for destroying enemy units', () => {
    const own: VpEntry[] = [
      squad('In zone', 200, 10, 8, { entirelyInEnemyDeploymentZone: true }),
      squad('In zone but broken', 150, 10, 2, { entirelyInEnemyDeploymentZone: true }),
      { type: 'dedicated-transport', name: 'Rhino in zone', points: 50, state: 'mobile', entirelyInEnemyDeploymentZone: true },
      squad('Home', 100, 10, 10),
    ];
    const enemy: VpEntry[] = [squad('Dead', 120, 10, 0)];
    expect(objectiveVictoryPoints({ objective: 'enemy-lines', pointsLimit: 1500, own, enemy })).toMatchObject({ objective: 200, casualties: 120, total: 320 });
  });

  it('000 The Field of Battle: the points value of each scoring unit entirely within 12" of the centre', () => {
    const own: VpEntry[] = [squad('Centre', 180, 10, 10, { entirelyWithin12OfCentre: true }), squad('Flank', 100, 10, 10)];
    expect(objectiveVictoryPoints({ objective: 'field-of-battle', pointsLimit: 1000, own, enemy: [] }).objective).toBe(180);
  });

  it('000 Annihilation: the points value of each scoring unit left at the end of the game', () => {
    const own: VpEntry[] = [squad('Healthy', 180, 10, 6), squad('Broken', 100, 10, 4), { type: 'vehicle', name: 'Tank', points: 150, state: 'mobile' }];
    const enemy: VpEntry[] = [{ type: 'vehicle', name: 'Enemy tank', points: 200, state: 'immobile' }];
    expect(objectiveVictoryPoints({ objective: 'annihilation', pointsLimit: 1000, own, enemy })).toMatchObject({ objective: 330, casualties: 100, total: 430 });
    expect(scoringUnits(own).map((u) => u.name)).toEqual(['Healthy', 'Tank']);
  });

  it('000 Table Quarters scored through objectiveVictoryPoints', () => {
    expect(
      objectiveVictoryPoints({ objective: 'table-quarters', pointsLimit: 2000, own: [], enemy: [], quartersControlled: ['adjacent', 'enemy'] }).objective,
    ).toBe(1500);
  });
});

describe('000 Margin of Victory', () => {
  it('000 Margin of Victory: a difference of 472 in a 1,500 point game is a Solid Victory', () => {
    expect(marginOfVictory(972, 500, 1500)).toMatchObject({ result: 'solid-victory', name: 'Solid Victory', winner: 'a', difference: 472 });
    expect(marginOfVictory(500, 972, 1500).winner).toBe('b');
  });

  it('000 Margin of Victory: less than 10% of the points limit is a Draw (exactly 10% too, as in the chart)', () => {
    expect(marginOfVictory(549, 500, 500)).toMatchObject({ result: 'draw', winner: null });
    expect(marginOfVictory(550, 500, 500).result).toBe('draw');
    expect(marginOfVictory(551, 500, 500).result).toBe('solid-victory');
    expect(marginOfVictory(100, 100, 1000)).toMatchObject({ result: 'draw', winner: null, difference: 0 });
  });

  it('000 Margin of Victory: more than 10% up to 50% Solid, more than 50% up to 80% Crushing, more than 80% Victorious Slaughter', () => {
    const r = (d: number) => marginOfVictory(d, 0, 1000).result;
    expect([101, 500, 501, 800, 801, 5000].map(r)).toEqual([
      'solid-victory',
      'solid-victory',
      'crushing-victory',
      'crushing-victory',
      'victorious-slaughter',
      'victorious-slaughter',
    ]);
    expect(marginOfVictory(100.5, 0, 1000).result).toBe('solid-victory');
  });

  it('000 Margin of Victory chart: the computed columns match the printed chart (except its 1,500 "1-150" and 2,000 "1600+" slips)', () => {
    const results: MarginResult[] = ['draw', 'solid-victory', 'crushing-victory', 'victorious-slaughter'];
    for (const limit of [500, 1000, 1500, 2000] as const) {
      const computed = marginBands(limit);
      results.forEach((res, i) => {
        const printed = PRINTED_MARGIN_CHART[limit][res];
        const mine = computed[i];
        expect(mine?.result).toBe(res);
        const slip = (limit === 1500 && res === 'draw') || (limit === 2000 && res === 'victorious-slaughter');
        if (slip) {
          expect(mine?.from).toBe(printed.from + (limit === 1500 ? -1 : 1));
        } else {
          expect(mine?.from, `${limit} ${res}`).toBe(printed.from);
        }
        expect(mine?.to).toBe(printed.to);
      });
    }
  });

  it("000 Margin of Victory: every whole difference in a printed column lands in that column's band (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(500, 1000, 1500, 2000), fc.integer({ min: 0, max: 3000 }), (limit, d) => {
        const band = marginBands(limit).find((b) => d >= b.from && (b.to === null || d <= b.to));
        return band?.result === marginOfVictory(d, 0, limit).result;
      }),
    );
  });

  it('000 Margin of Victory: symmetric in the two players and rejects a non-positive points limit', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.integer({ min: 1, max: 5000 }), (a, b, limit) => {
        const x = marginOfVictory(a, b, limit);
        const y = marginOfVictory(b, a, limit);
        return x.result === y.result && x.difference === y.difference && (x.winner === null) === (y.winner === null);
      }),
    );
    expect(() => marginOfVictory(1, 0, 0)).toThrow(RangeError);
    expect(MARGIN_OF_VICTORY.bands).toHaveLength(4);
  });
});
