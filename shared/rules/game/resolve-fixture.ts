/**
 * Test-only (not exported from index.ts): a Skirmish draft between two sample teams, for the tests of resolveGame and
 * its stages (resolve.test.ts, resolve-stages.test.ts).
 */
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { battleHonoursPreset } from '../presets/index';
import { Roster } from '../roster/roster';
import { TeamList } from '../roster/team-list';
import { validateRoster } from '../roster/validate';
import type { DraftToResolve } from './preview';
import { REPORT_VERSION, type GameReport, type ModelReport } from './report';
import type { ResolveInput, ResolveTeam } from './resolve-types';
import { reportModelsOf } from './squads';

const lists = SAMPLE_TEAM_LISTS.map((l) => TeamList.parse(l));
const listOf = (id: string) => lists.find((l) => l.id === id)!;
const model = (id: string, entryId: string, name: string) => ({ id, entryId, name, options: {}, armoury: [], grenades: {} });

export function team(id: string, name: string, listId: string, models: ReturnType<typeof model>[], req = 0): ResolveTeam {
  const list = listOf(listId);
  const roster = Roster.parse({ models });
  return { row: { id, name }, list, roster, report: validateRoster(list, roster, 400), req, projection: undefined };
}

export const hydra = (req = 0) =>
  team(
    'hydra',
    'Hydra Platoon',
    'imperial-guard-sample',
    [model('sarge', 'veteran-sergeant', 'Sergeant Harker'), model('lenz', 'guardsman', 'Trooper Lenz'), model('kolt', 'guardsman', 'Trooper Kolt')],
    req,
  );
export const wolves = (req = 0) =>
  team(
    'wolves',
    'Grey Wolves',
    'space-marines-sample',
    [
      model('tarkus', 'sergeant', 'Sergeant Tarkus'),
      model('kaelen', 'veteran', 'Brother Kaelen'),
      model('cato', 'tactical-marine', 'Brother Cato'),
      model('brutus', 'tactical-marine', 'Brother Brutus'),
    ],
    req,
  );

/** A Skirmish draft between Hydra Platoon (a) and Grey Wolves (b); `models` changes the report's model lines. */
export function input(change: { models?: (m: ModelReport) => ModelReport; draft?: Partial<DraftToResolve>; req?: number } = {}): ResolveInput {
  const teams = { a: hydra(change.req), b: wolves(change.req) };
  const models = (['a', 'b'] as const).flatMap((s) => teams[s].report.models.flatMap((c) => reportModelsOf(c, s))).map(change.models ?? ((m) => m));
  const side = (s: 'a' | 'b') => ({ teamId: teams[s].row.id, name: teams[s].row.name, firstBlood: false, sweepingAdvance: false, kayfabe: false });
  const report: GameReport = {
    reportVersion: REPORT_VERSION,
    missionId: 'skirmish',
    sides: { a: side('a'), b: side('b') },
    models,
    ending: { kind: 'turns' },
    rolls: [],
  };
  const draft: DraftToResolve = {
    report,
    awards: { a: { otherAwards: [], expAwards: [] }, b: { otherAwards: [], expAwards: [] } },
    honours: [],
    recruits: [],
    faces: {},
    overrides: {},
    ...change.draft,
  };
  return {
    game: { id: 'g1', number: 1, seed: 'seed-1', diceMode: 'app', missionId: 'skirmish', setup: {}, plan: null },
    state: { campaign: { pointsLimit: 250 }, ruleset: battleHonoursPreset(), projection: { models: {}, teams: {} }, names: new Map() },
    teams,
    threats: [1, 1],
    draft,
  };
}

/** Brother Cato taken out of action by Sergeant Harker in melee. */
export const catoDown = (m: ModelReport): ModelReport => (m.id === 'cato' ? { ...m, aliveAtEnd: false, outOfAction: { by: 'sarge', how: 'melee' } } : m);
