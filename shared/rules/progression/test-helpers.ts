/** Builders for progression test inputs (used by the *.test.ts files only). */
import type { GameFacts, ModelFacts, Side } from '../hor/facts';
import type { MissionId } from '../hor/missions';
import { battleHonoursPreset } from '../presets/battle-honours';
import { experienceLevelsPreset } from '../presets/experience-levels';
import type { DiceTable, ModelType, Ruleset } from '../ruleset/schema';
import type { ApplyGameInput, SideAwardsFactsInput } from './apply';

export function m(id: string, side: Side, type: ModelType = 'core', extra: Partial<ModelFacts> = {}): ModelFacts {
  return { id, side, type, aliveAtEnd: true, ...extra };
}

/** A team leader, a special and `core` core models, all alive. Ids: `<side>-tl`, `<side>-sp`, `<side>-c1`… */
export function side(s: Side, core = 3): ModelFacts[] {
  return [m(`${s}-tl`, s, 'team-leader'), m(`${s}-sp`, s, 'special'), ...Array.from({ length: core }, (_, i) => m(`${s}-c${i + 1}`, s))];
}

export const noAwards: SideAwardsFactsInput = { firstBlood: false, kayfabe: false, misadventureLosses: 0 };

export function input(over: Partial<ApplyGameInput> & { facts?: GameFacts; missionId?: MissionId; ruleset?: Ruleset } = {}): ApplyGameInput {
  return {
    gameId: 'g1',
    ruleset: battleHonoursPreset(),
    missionId: 'skirmish',
    facts: { models: [...side('a'), ...side('b')], ending: { kind: 'turns' } },
    winner: 'draw',
    awards: { a: noAwards, b: noAwards },
    teams: { a: { team: 'team-a', threat: 3 }, b: { team: 'team-b', threat: 3 } },
    ...over,
  };
}

/** Replace one model of `facts` by id. */
export function withModel(facts: GameFacts, id: string, extra: Partial<ModelFacts>): GameFacts {
  return { ...facts, models: facts.models.map((x) => (x.id === id ? { ...x, ...extra } : x)) };
}

const D6_ADVANCES: DiceTable = {
  id: 'club-advance',
  name: 'Advance',
  expression: 'D6',
  rows: [
    { from: 1, to: 3, result: 'plus-1-ws', text: '+1 WS' },
    { from: 4, to: 6, result: 'skill', text: 'A skill' },
  ],
  citation: { source: 'house rule', section: 'Advances' },
};
const D6_CHART: DiceTable = {
  id: 'club-req-chart',
  name: 'Requisition chart',
  expression: 'D6',
  rows: [
    { from: 1, to: 3, result: 'req-10', text: '10 Req' },
    { from: 4, to: 6, result: 'req-20', text: '20 Req' },
  ],
  citation: { source: 'house rule', section: 'Requisition chart' },
};
const D6_INJURY: DiceTable = {
  id: 'club-injury',
  name: 'Serious injury',
  expression: 'D6',
  rows: [
    { from: 1, to: 1, result: 'dead', text: 'Dead.' },
    { from: 2, to: 6, result: 'recovered', text: 'Recovered.' },
  ],
  citation: { source: 'house rule', section: 'Injuries' },
};

/** The Experience & Levels preset with small house tables filled in (thresholds 2 and 4 EXP). */
export function filledLevels(): Ruleset {
  const r = experienceLevelsPreset();
  r.progression.experience.awards = [
    {
      id: 'survived',
      name: 'Survived',
      exp: 1,
      modelTypes: ['team-leader', 'special', 'core'],
      condition: 'Survived the game.',
      citation: { source: 'house rule', section: 'EXP' },
    },
  ];
  r.progression.levelThresholds = [
    { level: 1, exp: 2 },
    { level: 2, exp: 4 },
  ];
  r.progression.advanceTable = D6_ADVANCES;
  r.progression.skills = [];
  r.progression.injuries = { 'team-leader': D6_INJURY, special: D6_INJURY, core: D6_INJURY };
  r.progression.requisition.chart = D6_CHART;
  return r;
}
