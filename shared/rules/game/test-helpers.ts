/**
 * Test-only: a fast-check arbitrary for game reports that follow the seed-004 rules (used by the property tests of
 * report.ts and score.ts). Not exported from index.ts.
 */
import fc from 'fast-check';
import type { Side } from '../hor/facts';
import { opponent } from '../hor/facts';
import { MISSION_IDS } from '../hor/missions';
import { breakthroughAchieved } from '../hor/scoring';
import type { GameReport, ModelReport } from './report';

type Gen = Parameters<Parameters<ReturnType<typeof fc.gen>['map']>[0]>[0];

function build(g: Gen): GameReport {
  const missionId = g(fc.constantFrom, ...MISSION_IDS);
  const attacker: Side = g(fc.constantFrom, 'a' as const, 'b' as const);
  const usesAttacker = missionId === 'breakthrough' || missionId === 'last-stand';
  const models: ModelReport[] = [];
  for (const side of ['a', 'b'] as const) {
    const n = g(fc.integer, { min: 1, max: 8 });
    for (let i = 0; i < n; i++) {
      const m: ModelReport = {
        id: `${side}${i}`,
        side,
        type: i === 0 ? 'team-leader' : g(fc.constantFrom, 'special' as const, 'core' as const),
        tookPart: i === 0 || g(fc.integer, { min: 0, max: 5 }) > 0,
        aliveAtEnd: g(fc.boolean),
      };
      if (g(fc.boolean)) m.squad = g(fc.boolean);
      if (g(fc.boolean)) m.nonLearning = true;
      if (!m.tookPart) m.aliveAtEnd = true;
      models.push(m);
    }
  }
  const playing = (side: Side) => models.filter((m) => m.tookPart && m.side === side);
  // Nobody can be left if both teams are wiped out: keep one Team Leader alive.
  if (playing('a').every((m) => !m.aliveAtEnd) && playing('b').every((m) => !m.aliveAtEnd)) {
    const keepSide: Side = g(fc.constantFrom, 'a' as const, 'b' as const);
    const keep = models.find((m) => m.side === keepSide && m.tookPart);
    if (keep) keep.aliveAtEnd = true;
  }
  for (const m of models) {
    if (!m.tookPart || m.aliveAtEnd) continue;
    const enemies = playing(opponent(m.side));
    const k = g(fc.integer, { min: -1, max: enemies.length - 1 });
    const killer = enemies[k];
    m.outOfAction = killer
      ? { by: killer.id, how: g(fc.constantFrom, 'shooting' as const, 'melee' as const, 'other' as const) }
      : { by: null, how: 'other', misadventure: g(fc.boolean) };
  }
  // Breakthrough and Last Stand set up without deployment zones (issue 30): nobody is in the enemy's.
  if (!usesAttacker) for (const m of models) if (m.tookPart && m.aliveAtEnd && g(fc.boolean)) m.inEnemyDeploymentZone = true;

  const alive = (side: Side) => playing(side).filter((m) => m.aliveAtEnd);
  const report: GameReport = {
    reportVersion: 1,
    missionId,
    sides: {
      a: { teamId: 'team-a', firstBlood: false, sweepingAdvance: false, kayfabe: g(fc.boolean) },
      b: { teamId: 'team-b', firstBlood: false, sweepingAdvance: false, kayfabe: g(fc.boolean) },
    },
    models,
    ending: { kind: 'turns' },
    rolls: [],
  };
  if (usesAttacker) report.attacker = attacker;

  let missionWinner: Side | null = null;
  switch (missionId) {
    case 'relic-hunt': {
      const count = g(fc.integer, { min: 3, max: 5 });
      report.relicCount = count;
      let left = count;
      for (const m of models) {
        if (!m.tookPart || !m.aliveAtEnd || left === 0) continue;
        const n = g(fc.integer, { min: 0, max: left });
        if (n > 0) m.relicsCarried = n;
        left -= n;
      }
      for (const side of ['a', 'b'] as const) {
        if (alive(side).reduce((s, m) => s + (m.relicsCarried ?? 0), 0) === count) missionWinner = side;
      }
      break;
    }
    case 'seize-ground': {
      const sidesAlive = (['a', 'b'] as const).filter((s) => alive(s).length > 0);
      const n = g(fc.integer, { min: 3, max: 5 });
      report.objectives = Array.from({ length: n }, () => ({ claimedBy: g(fc.constantFrom, null, ...sidesAlive) }));
      for (const side of sidesAlive) {
        if (report.objectives.some((o) => o.claimedBy === side)) {
          const first = alive(side)[0];
          if (first) first.claimedObjective = true;
        }
      }
      const firstClaim = report.objectives[0]?.claimedBy ?? null;
      if (firstClaim !== null && report.objectives.every((o) => o.claimedBy === firstClaim)) missionWinner = firstClaim;
      break;
    }
    case 'sabotage':
      for (const side of ['a', 'b'] as const) {
        const who = playing(side)[g(fc.integer, { min: -1, max: playing(side).length - 1 })];
        if (who) who.destroyedObjectiveMarker = true;
      }
      break;
    case 'breakthrough': {
      for (const m of alive(attacker)) if (g(fc.boolean)) m.withinSixOfDefenderCorner = true;
      const own = playing(attacker);
      const theirs = playing(opponent(attacker));
      const achieved = breakthroughAchieved({
        attackerModels: own.length,
        attackersWithinSix: own.filter((m) => m.aliveAtEnd && m.withinSixOfDefenderCorner).length,
        defenderModels: theirs.length,
        defendersKilled: theirs.filter((m) => !m.aliveAtEnd).length,
      });
      if (achieved) missionWinner = attacker;
      break;
    }
    case 'last-stand': {
      const defenders = playing(opponent(attacker));
      // 004 Last Stand: "split his Kill Team in half (by model count)" — the larger half when the count is odd, or not.
      const half = defenders.length % 2 === 1 && g(fc.boolean) ? Math.ceil(defenders.length / 2) : Math.max(1, Math.floor(defenders.length / 2));
      defenders.forEach((m, i) => {
        m.lastStandRole = i < half ? 'defending' : 'reinforcement';
      });
      const bearer = defenders.find((m) => m.lastStandRole === 'defending' && m.type === 'special' && !m.squad);
      if (bearer && g(fc.boolean)) bearer.bannerBearer = true;
      break;
    }
    default:
      break;
  }

  const wiped = (['a', 'b'] as const).find((s) => alive(s).length === 0);
  if (wiped) report.ending = { kind: 'no-models-left', side: wiped };
  else {
    const kind = g(fc.constantFrom, 'turns' as const, 'run-away' as const, 'mission-win' as const);
    const side: Side = g(fc.constantFrom, 'a' as const, 'b' as const);
    if (kind === 'run-away') {
      // 004 Run Away!: a voluntary failure needs under 25% remaining; a test needs more than 50% out.
      const own = playing(side);
      const casualties = own.filter((m) => !m.aliveAtEnd).length;
      const voluntary = (own.length - casualties) * 4 < own.length && g(fc.boolean);
      report.ending = { kind, side, voluntary, ...(voluntary ? {} : { fallingBack: Math.max(0, Math.floor(own.length / 2) + 1 - casualties) }) };
    } else if (kind === 'mission-win' && missionWinner !== null) report.ending = { kind, side: missionWinner };
  }
  const e = report.ending;
  for (const side of ['a', 'b'] as const) {
    const routed = (e.kind === 'run-away' || e.kind === 'no-models-left') && e.side === opponent(side);
    if (routed && g(fc.boolean)) report.sides[side].sweepingAdvance = true;
  }
  const bloodSide: Side = g(fc.constantFrom, 'a' as const, 'b' as const);
  if (playing(opponent(bloodSide)).some((m) => !m.aliveAtEnd) && g(fc.boolean)) report.sides[bloodSide].firstBlood = true;
  const rolls = g(fc.array, fc.tuple(fc.constantFrom('D6', 'D3+2', '2D6'), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 2 })), {
    maxLength: 4,
  });
  report.rolls = rolls.map(([expression, faces]) => {
    const f = expression === '2D6' ? faces : faces.slice(0, 1).map((x) => (expression === 'D3+2' ? ((x - 1) % 3) + 1 : x));
    const total = expression === 'D3+2' ? (f[0] ?? 1) + 2 : f.reduce((s, x) => s + x, 0);
    return { purpose: 'test roll', expression, faces: f, total, source: 'physical' as const };
  });
  return report;
}

/** Reports built to follow the seed-004 rules (validateReport should find nothing). */
export const validReportArb: fc.Arbitrary<GameReport> = fc.gen().map(build);
