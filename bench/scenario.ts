/**
 * The ten-year club campaign of issue 9, generated from a fixed seed THROUGH THE REAL HANDLERS (core.invoke, the same
 * dispatch the windows use) on a real SQLite file with the production pragmas: players, teams founded from the
 * sample lists, games set up, their results typed into the draft, committed; dead models replaced by recruits.
 * Deterministic: the same seed and sizes give the same campaign, when the core makes its ids with `seededIds(seed)`
 * (a game's dice are seeded by its id). Dates come from the machine's clock.
 */
import type { Core } from '../src-main/core';
import { call } from '../src-main/test-support';
import type { GameDetail, GameDraft } from '../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary } from '../shared/ipc/schemas/teams';
import type { RosterModel, Ruleset } from '../shared/rules';
import { Sfc32 } from '../shared/rules';

export interface ScenarioSize {
  teams: number;
  games: number;
  /** Roster size each team is founded with and kept at by recruits. */
  modelsPerTeam: number;
  /** Chance that a model taking part is taken out of action (drives injuries and deaths). */
  outOfActionChance: number;
  /** Chance that a model taking part earns the club's "Held the line" EXP award (one ledger entry each). */
  expAwardChance: number;
}

/**
 * Issue 9's busy club after ten years: 40 teams, ~1,200 models (dead ones included), 5,000 games, ~100,000 ledger
 * entries. Per game: ~7 Req awards, ~0.3 models out of action (an injury roll each; about one in four dies and is
 * replaced by a recruit), and the club's EXP award for about a third of the 40 models.
 */
export const TEN_YEARS: ScenarioSize = { teams: 40, games: 5000, modelsPerTeam: 20, outOfActionChance: 0.008, expAwardChance: 0.3 };

/** The club's house rule the scenario plays with (Battle Honours has no EXP awards of its own). */
const HELD_THE_LINE = {
  id: 'held-the-line',
  name: 'Held the line',
  exp: 1,
  modelTypes: ['team-leader', 'special', 'core'],
  condition: 'The model was still fighting when the game ended.',
  citation: { source: 'house rule', section: 'Vraks League EXP awards' },
};

export { call };

/** The 20-model rosters: 1 leader + 3 specials + 16 core, from the sample Guard and Ork lists (both fit 250 pts). */
const ROSTERS: Record<string, { leader: string; special: string; core: string }> = {
  'imperial-guard-sample': { leader: 'veteran-sergeant', special: 'specialist', core: 'guardsman' },
  'orks-sample': { leader: 'boss-nob', special: 'burna-boy', core: 'boy' },
};

const NAMES = [
  'Ash',
  'Brak',
  'Cade',
  'Dorn',
  'Esk',
  'Fenn',
  'Grix',
  'Hale',
  'Ivo',
  'Jax',
  'Korr',
  'Lom',
  'Mace',
  'Nix',
  'Orr',
  'Pike',
  'Quill',
  'Rusk',
  'Sarn',
  'Tusk',
  'Urz',
  'Vex',
  'Wyl',
  'Yarr',
  'Zed',
];

export interface ScenarioInfo {
  campaignId: string;
  teamIds: string[];
  /** Two teams with 20 models each, for the commit benchmark. */
  benchTeams: [string, string];
}

/** UUIDs (version 4 in form) drawn from a seeded generator: the same seed gives the same ids, in the same order. */
export function seededIds(seed: string): () => string {
  const sfc = Sfc32.fromSeed(`${seed}|ids`);
  return () => {
    const hex = Array.from({ length: 4 }, () => sfc.nextUint32().toString(16).padStart(8, '0')).join('');
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}

export async function generate(
  core: Core,
  seed: string,
  size: ScenarioSize,
  progress: (done: number, total: number) => void = () => {},
): Promise<ScenarioInfo> {
  const sfc = Sfc32.fromSeed(seed);
  const rng = () => sfc.nextUint32() / 0x1_0000_0000;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Ten years of the Vraks League' });
  const current = await call<{ ruleset: Ruleset; hash: string }>(core, 'rulesets.current', { id: campaign.id });
  const ruleset: Ruleset = JSON.parse(JSON.stringify(current.ruleset));
  ruleset.progression.experience.awards = [...(ruleset.progression.experience.awards ?? []), HELD_THE_LINE as never];
  await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset, expectedHash: current.hash, reason: 'House rule: Held the line (+1 EXP)' });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const listId = (key: string) => lists.find((l) => l.listKey === key)!.id;
  const listKeys = Object.keys(ROSTERS);
  const teamIds: string[] = [];
  let n = 0;
  const name = () => `${NAMES[n % NAMES.length]} ${Math.floor(n++ / NAMES.length) + 1}`;
  const model = (entryId: string): RosterModel => ({ id: `bm-${n}`, entryId, name: name(), options: {}, armoury: [], grenades: {} });
  for (let t = 0; t < size.teams; t++) {
    const player = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: `Player ${t + 1}` });
    const key = listKeys[t % listKeys.length]!;
    const r = ROSTERS[key]!;
    const team = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: player.id, teamListId: listId(key), name: `Team ${t + 1}` });
    const models = [model(r.leader), ...[1, 2, 3].map(() => model(r.special)), ...Array.from({ length: size.modelsPerTeam - 4 }, () => model(r.core))];
    await call(core, 'teams.saveDraft', { id: team.team.id, roster: { models } });
    await call(core, 'teams.found', { id: team.team.id });
    teamIds.push(team.team.id);
  }

  // Every seed-004 mission but Last Stand (its defenders' roles would need typing in; the others score from the
  // models' fates alone).
  const settings = await call<{ missions: { id: string }[] }>(core, 'campaigns.settings', { id: campaign.id });
  const missions = settings.missions.map((m) => m.id).filter((id) => id !== 'last-stand');
  for (let g = 0; g < size.games; g++) {
    const a = pick(teamIds);
    let b = pick(teamIds);
    while (b === a) b = pick(teamIds);
    const created = await call<GameDetail>(core, 'games.create', {
      campaignId: campaign.id,
      teamA: a,
      teamB: b,
      mission: pick(missions),
      playedOn: dayOf(g, size.games),
    });
    const draft = result(created, rng, size.outOfActionChance, size.expAwardChance);
    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: created.game.id, draft });
    if (!saved.preview.ready) throw new Error(`Game ${g + 1} is not ready: ${saved.preview.problems.join(' ')} ${saved.preview.blocked ?? ''}`);
    await call(core, 'games.commit', { id: created.game.id });
    // Keep the rosters at full strength: recruit a core model for each one that died.
    for (const teamId of [a, b]) await topUp(core, teamId, size.modelsPerTeam, model);
    progress(g + 1, size.games);
  }
  return { campaignId: campaign.id, teamIds, benchTeams: [teamIds[0]!, teamIds[1]!] };
}

/** Ten years of weekly club nights (several games a night), as dates. */
export function dayOf(g: number, games: number): string {
  const start = Date.UTC(2016, 0, 5);
  const day = Math.floor((g / games) * 3650);
  return new Date(start + day * 86_400_000).toISOString().slice(0, 10);
}

/** A plausible result: a few models out of action, taken out by someone on the other side. */
export function result(d: GameDetail, rng: () => number, chance: number, expChance = 0): GameDraft {
  const draft: GameDraft = JSON.parse(JSON.stringify(d.draft));
  // Only models taking part can be taken out of action, or take an enemy out (an incapacitated one sits its game out).
  const playing = draft.report.models.filter((m) => m.tookPart);
  const bySide = { a: playing.filter((m) => m.side === 'a'), b: playing.filter((m) => m.side === 'b') };
  draft.report.models = draft.report.models.map((m) => {
    if (!m.tookPart || rng() >= chance) return m;
    const enemies = bySide[m.side === 'a' ? 'b' : 'a'];
    if (enemies.length === 0) return m;
    const by = enemies[Math.floor(rng() * enemies.length)]!.id;
    return { ...m, aliveAtEnd: false, outOfAction: { by, how: rng() < 0.5 ? 'shooting' : 'melee' } };
  });
  // First Blood goes to the side of the first model that took an enemy out of action, if any.
  const first = draft.report.models.find((m) => m.outOfAction);
  const killerSide = first ? (first.side === 'a' ? 'b' : 'a') : null;
  draft.report.sides.a.firstBlood = killerSide === 'a';
  draft.report.sides.b.firstBlood = killerSide === 'b';
  for (const side of ['a', 'b'] as const) {
    draft.awards[side].expAwards = draft.report.models
      .filter((m) => m.side === side && m.tookPart && m.aliveAtEnd && rng() < expChance)
      .map((m) => ({ model: m.id, award: HELD_THE_LINE.id, times: 1 }));
  }
  draft.step = 'review';
  return draft;
}

async function topUp(core: Core, teamId: string, size: number, model: (entryId: string) => RosterModel) {
  const team = await call<TeamDetail>(core, 'teams.get', { id: teamId });
  const missing = size - team.roster.models.length;
  const core_ = team.list.entries.find((e) => e.category === 'core')!;
  for (let i = 0; i < missing; i++) {
    const r = await core.invoke('teams.recruit', { id: teamId, model: model(core_.id) });
    if (!r.ok) return; // not enough Req yet: the team plays short-handed for now
  }
}
