/**
 * Issue 27 point 3, "amending a game moves another team's Req": an amendment judges what the game decided (the
 * Underdog, every team's Threat, the roster cap) from the campaign as it stood just before the game, never from
 * today's; and its preview lists only what the amended game itself changes. Through the real handlers.
 */
import { describe, expect, it } from 'vitest';
import type { AmendPreview } from '../../shared/ipc/schemas/amend';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { RulesetView } from '../../shared/ipc/schemas/rulesets';
import type { Core } from '../core';
import { call, testCore } from '../test-support';
import { aliceAndBob } from '../test-support/two-teams';

let n = 0;
const model = (entryId: string, name: string) => ({ id: `moment-${++n}`, entryId, name, options: {}, armoury: [], grenades: {} });
const marines = (leader: string, veteran: string, core: string[]) => [
  model('sergeant', leader),
  model('veteran', veteran),
  ...core.map((x) => model('tactical-marine', x)),
];

/**
 * Alice's Iron Wolves and Carol's Red Blades at 113 pts (Threat 2), Bob's Da Boyz at 54 pts (Threat 1): the Boyz are
 * the campaign's Underdog.
 */
async function threeTeams(core: Core, name: string, bladesCore = ['Pollux', 'Castor', 'Nestor', 'Idas', 'Lynceus']) {
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name });
  const { a, b } = await aliceAndBob(core, campaign.id);
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const carol = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Carol' });
  const k = await call<TeamDetail>(core, 'teams.create', {
    campaignId: campaign.id,
    playerId: carol.id,
    teamListId: lists.find((l) => l.listKey === 'space-marines-sample')!.id,
    name: 'Red Blades',
  });
  const rosters: [string, ReturnType<typeof model>[]][] = [
    [a.team.id, marines('Tarkus', 'Kaelen', ['Cato', 'Varro', 'Lucan', 'Brutus', 'Marius'])],
    [b.team.id, [model('boss-nob', 'Gorbag'), model('burna-boy', 'Skorcha'), ...['Grub', 'Snik', 'Zog'].map((x) => model('boy', x))]],
    [k.team.id, marines('Ajax', 'Hektor', bladesCore)],
  ];
  for (const [id, models] of rosters) {
    await call(core, 'teams.saveDraft', { id, roster: { models } });
    await call(core, 'teams.found', { id });
  }
  return { campaign, wolves: a.team.id, boyz: b.team.id, blades: k.team.id };
}

/** Dave's Grot Raiders, founded now: 38 pts, Threat 1. */
async function grotRaiders(core: Core, campaignId: string) {
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const dave = await call<Player>(core, 'players.create', { campaignId, name: 'Dave' });
  const t = await call<TeamDetail>(core, 'teams.create', {
    campaignId,
    playerId: dave.id,
    teamListId: lists.find((l) => l.listKey === 'orks-sample')!.id,
    name: 'Grot Raiders',
  });
  const models = [model('boss-nob', 'Snazgob'), ...['Nib', 'Zit', 'Gob'].map((x) => model('boy', x))];
  await call(core, 'teams.saveDraft', { id: t.team.id, roster: { models } });
  return call<TeamDetail>(core, 'teams.found', { id: t.team.id });
}

/** A game set up and committed; `edit` changes the draft first. */
async function play(core: Core, campaignId: string, teamA: string, teamB: string, edit: (g: GameDetail) => GameDetail['draft'] = (g) => g.draft) {
  const g = await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'skirmish' });
  const draft = edit(g);
  const saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
  expect(saved.preview.problems).toEqual([]);
  await call(core, 'games.commit', { id: g.game.id });
  return g;
}

/** Kaelen takes Skorcha out of action. */
const kaelenKillsSkorcha = (g: GameDetail) => {
  const draft = structuredClone(g.draft);
  const kaelen = g.models.find((x) => x.name === 'Kaelen')!.id;
  draft.report.models = draft.report.models.map((x) => (x.name === 'Skorcha' ? { ...x, aliveAtEnd: false, outOfAction: { by: kaelen, how: 'shooting' } } : x));
  return draft;
};

/** The amendment that gives Skorcha's kill to Tarkus instead of Kaelen. */
async function killToTarkus(core: Core, game: string) {
  const { draft } = await call<AmendPreview>(core, 'games.previewAmend', { id: game });
  const tarkus = draft.report.models.find((m) => m.name === 'Tarkus')!.id;
  draft.report.models = draft.report.models.map((m) => (m.name === 'Skorcha' ? { ...m, outOfAction: { by: tarkus, how: 'shooting' as const } } : m));
  return { draft, preview: await call<AmendPreview>(core, 'games.previewAmend', { id: game, draft }) };
}

const team = (core: Core, id: string) => call<TeamDetail>(core, 'teams.get', { id });
const underdogLines = (t: TeamDetail) => t.ledger.filter((e) => e.kind === 'req.underdog').map((e) => [e.reason, e.voided]);

describe('an amendment judges the game from the campaign as it stood then (issue 27)', () => {
  it('the Underdog bonus stays when another team has parked a model since and only a kill credit is amended', async () => {
    const core = testCore();
    const t = await threeTeams(core, 'Underdog kept');
    // Game 1: the Red Blades and the Iron Wolves; game 2: the Iron Wolves and Da Boyz, the Boyz the Underdog.
    await play(core, t.campaign.id, t.blades, t.wolves);
    const game2 = await play(core, t.campaign.id, t.wolves, t.boyz, kaelenKillsSkorcha);
    const boyz = await team(core, t.boyz);
    expect(underdogLines(boyz)).toEqual([[expect.stringMatching(/: Underdog ×1\.5: Threat 1 is the lowest in the campaign/), false]]);
    const req = boyz.team.requisition;

    // Later Carol parks Lynceus: the Red Blades drop to 99 pts, Threat 1 — the Boyz' Threat today.
    const blades = await team(core, t.blades);
    const lynceus = blades.roster.models.find((m) => m.name === 'Lynceus')!;
    const parked = await call<TeamDetail>(core, 'teams.reserve', { id: t.blades, modelId: lynceus.id, inReserve: true });
    expect(parked.team.threat).toBe(1);

    // Amending only who took Skorcha out lists only that: Kaelen's EXP taken back, Tarkus's added.
    const { draft, preview } = await killToTarkus(core, game2.game.id);
    expect(preview.refusal).toBeNull();
    expect(preview.removed.map((l) => l.text)).toEqual(['Kaelen: +1 EXP — killed 1 enemy Special model (+1 EXP each)']);
    expect(preview.added.map((l) => l.text)).toEqual(['Tarkus: +1 EXP — killed 1 enemy Special model (+1 EXP each)']);
    expect(preview.changed).toEqual([]);
    expect(preview.kept).toBeGreaterThan(0);

    await call(core, 'games.amend', { id: game2.game.id, draft, reason: 'The kill was Tarkus’s' });
    const after = await team(core, t.boyz);
    expect(after.team.requisition).toBe(req);
    expect(underdogLines(after)).toEqual(underdogLines(boyz));

    // The one judge agrees: the campaign file, its history replayed on another laptop, is taken whole.
    const file = await call<{ fileName: string; base64: string }>(core, 'campaigns.exportFile', { id: t.campaign.id, destination: 'download' });
    const club = testCore();
    const imported = await call<{ campaign: { id: string } }>(club, 'campaigns.importFile', { source: 'upload', fileName: file.fileName, base64: file.base64 });
    const teams = await call<{ name: string; requisition: number }[]>(club, 'teams.list', { campaignId: imported.campaign.id });
    expect(teams.find((x) => x.name === 'Da Boyz')?.requisition).toBe(req);
    club.close();
    core.close();
  });

  it("a model parked with its honour before the game: the amendment counts the team's Threat as the game did", async () => {
    const core = testCore();
    const t = await threeTeams(core, 'Parked honour');
    // Game 1 (the Boyz the Underdog): Kaelen takes Skorcha out, and Cato buys Deadeye with the Req the game gives.
    const game1 = await play(core, t.campaign.id, t.wolves, t.boyz, (g) => {
      const draft = kaelenKillsSkorcha(g);
      draft.honours = [{ side: 'a', model: g.models.find((m) => m.name === 'Cato')!.id, honour: 'deadeye', elite: false }];
      return draft;
    });
    expect(game1.game.number).toBe(1);
    const underdog = underdogLines(await team(core, t.boyz));
    expect(underdog).toHaveLength(1);
    // Cato parked: the Iron Wolves are 99 pts and his honour does not count (Threat 1, tied with the Boyz: game 2 gives
    // no Underdog).
    const wolves = await team(core, t.wolves);
    const cato = wolves.roster.models.find((m) => m.name === 'Cato')!;
    expect((await call<TeamDetail>(core, 'teams.reserve', { id: t.wolves, modelId: cato.id, inReserve: true })).team.threat).toBe(1);
    const game2 = await play(core, t.campaign.id, t.wolves, t.boyz, kaelenKillsSkorcha);
    expect(underdogLines(await team(core, t.boyz))).toEqual(underdog);

    const { preview } = await killToTarkus(core, game2.game.id);
    expect(preview.refusal).toBeNull();
    expect([...preview.added, ...preview.removed, ...preview.changed.map((c) => c.after)].map((l) => l.text)).toEqual([
      'Tarkus: +1 EXP — killed 1 enemy Special model (+1 EXP each)',
      'Kaelen: +1 EXP — killed 1 enemy Special model (+1 EXP each)',
    ]);
    core.close();
  });

  it('a team founded since and a house rule changed since change nothing the game decided', async () => {
    const core = testCore();
    const t = await threeTeams(core, 'Since');
    const game = await play(core, t.campaign.id, t.wolves, t.boyz, kaelenKillsSkorcha);
    const boyz = await team(core, t.boyz);
    expect(underdogLines(boyz)).toEqual([[expect.stringMatching(/Threat 1 is the lowest in the campaign; 35 Req become 52\.$/), false]]);

    // Since: Dave founds a Threat 1 team, and the club makes the Underdog ×2 and the roster cap 500.
    expect((await grotRaiders(core, t.campaign.id)).team.threat).toBe(1);
    const current = await call<RulesetView>(core, 'rulesets.current', { id: t.campaign.id });
    const next = structuredClone(current.ruleset);
    next.progression.requisition.multipliers = next.progression.requisition.multipliers.map((m) => ({ ...m, factor: 2 }));
    next.team.rosterCap = 500;
    await call(core, 'rulesets.apply', { campaignId: t.campaign.id, ruleset: next, expectedHash: current.hash, reason: 'A bigger Underdog' });

    const { draft, preview } = await killToTarkus(core, game.game.id);
    expect(preview.refusal).toBeNull();
    expect([...preview.removed, ...preview.changed.map((c) => c.before)].map((l) => l.text)).toEqual([
      'Kaelen: +1 EXP — killed 1 enemy Special model (+1 EXP each)',
    ]);
    expect(preview.added.map((l) => l.text)).toEqual(['Tarkus: +1 EXP — killed 1 enemy Special model (+1 EXP each)']);
    await call(core, 'games.amend', { id: game.game.id, draft, reason: 'The kill was Tarkus’s' });
    const after = await team(core, t.boyz);
    expect([after.team.requisition, underdogLines(after)]).toEqual([boyz.team.requisition, underdogLines(boyz)]);
    core.close();
  });

  it('an honour an amendment of an earlier game added counts before the later game, as if bought then', async () => {
    const core = testCore();
    // The Red Blades at 99 pts (Threat 1), tied with the Boyz: game 2 gives no Underdog.
    const t = await threeTeams(core, 'Earlier amended', ['Pollux', 'Castor', 'Nestor', 'Idas']);
    const game1 = await play(core, t.campaign.id, t.blades, t.wolves);
    const game2 = await play(core, t.campaign.id, t.wolves, t.boyz, kaelenKillsSkorcha);
    expect(underdogLines(await team(core, t.boyz))).toEqual([]);

    // Game 1 amended after game 2: Pollux bought Deadeye with it (5 Req), so the Blades stood at Threat 2 before game 2.
    const { draft } = await call<AmendPreview>(core, 'games.previewAmend', { id: game1.game.id });
    const blades = await team(core, t.blades);
    draft.honours = [{ side: 'a', model: blades.roster.models.find((m) => m.name === 'Pollux')!.id, honour: 'deadeye', elite: false }];
    await call(core, 'games.amend', { id: game1.game.id, draft, reason: 'Pollux’s honour was forgotten' });

    // Game 2, not amended, still stands as it was committed: the campaign's history replays, and its file imports
    // on another laptop (issue 27: the amendment's entries stand from their own time, not before game 2's commit).
    const file = await call<{ base64: string }>(core, 'campaigns.exportFile', { id: t.campaign.id, destination: 'download' });
    const club = testCore();
    expect(await call(club, 'campaigns.importFile', { source: 'upload', fileName: 'earlier.json', base64: file.base64 })).toMatchObject({
      outcome: 'imported',
    });
    club.close();

    const { preview } = await killToTarkus(core, game2.game.id);
    expect(preview.added.map((l) => [l.teamName, l.text])).toEqual([
      ['Iron Wolves', 'Tarkus: +1 EXP — killed 1 enemy Special model (+1 EXP each)'],
      ['Da Boyz', expect.stringMatching(/Threat 1 is the lowest in the campaign/)],
    ]);
    core.close();
  });
});
