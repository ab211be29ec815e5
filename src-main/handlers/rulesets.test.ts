/**
 * Integration (issue 6): rulesets pinned per campaign, the Experience & Levels preset naming its missing tables until
 * the organiser enters them, upgrades that never rewrite past games, and the ruleset file round trip.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignSettingsView, GameDetail, StandingRow } from '../../shared/ipc/schemas/games';
import type { RulesetImportResult, RulesetPreview, RulesetView } from '../../shared/ipc/schemas/rulesets';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { battleHonoursPreset, withOptionalRules, type DiceTable, type Ruleset } from '../../shared/rules';
import type { Core } from '../core';
import { call, failure, snapshotTables, testCore } from '../test-support';
import { wolvesAndBoyz } from '../test-support/founded-teams';
import { jsonText } from '../test-support/campaign-file-text';

const campaignWithTeams = (core: Core, preset: 'hor-battle-honours' | 'hor-experience-levels') => wolvesAndBoyz(core, { preset, powerSword: true });

/** A Relic Hunt where Brother Kaelen (Special) holds a relic: seed 004 gives him +1 EXP. */
async function playRelicHunt(core: Core, campaignId: string, a: TeamDetail, b: TeamDetail): Promise<GameDetail> {
  const g = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a.team.id, teamB: b.team.id, mission: 'relic-hunt' });
  const draft = structuredClone(g.draft);
  draft.report.models = draft.report.models.map((x) => (x.name === 'Brother Kaelen' ? { ...x, relicsCarried: 1 } : x));
  draft.step = 'review';
  return call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
}

const d6 = (id: string, name: string, rows: [number, number, string, string][]): DiceTable => ({
  id,
  name,
  expression: 'D6',
  rows: rows.map(([from, to, result, text]) => ({ from, to, result, text })),
  citation: { source: 'house rule', section: name },
});

/** What a club would enter for Experience & Levels (house numbers, for the test only). */
/**
 * Issue 16: the campaign exported and imported on another laptop arrives whole — its checks (rulesets, EXP, levels,
 * chart, results) refuse nothing a real campaign holds — with the same standings and the same ruleset.
 */
async function importsWhole(core: Core, campaignId: string) {
  const text = await jsonText(await call<{ base64: string }>(core, 'campaigns.exportFile', { id: campaignId, destination: 'download' }));
  const club = testCore();
  const imported = await call<{ campaign: { id: string } }>(club, 'campaigns.importFile', { source: 'upload', fileName: 'club.json', text });
  const standings = (rows: StandingRow[]) => rows.map(({ teamId: _t, ...r }) => r);
  expect(standings(await call<StandingRow[]>(club, 'campaigns.standings', { id: imported.campaign.id }))).toEqual(
    standings(await call<StandingRow[]>(core, 'campaigns.standings', { id: campaignId })),
  );
  expect((await call<RulesetView>(club, 'rulesets.current', { id: imported.campaign.id })).ruleset).toEqual(
    (await call<RulesetView>(core, 'rulesets.current', { id: campaignId })).ruleset,
  );
  club.close();
}

function filledIn(r: Ruleset): Ruleset {
  const out = structuredClone(r);
  const bh = battleHonoursPreset();
  out.progression.experience.awards = [];
  out.progression.levelThresholds = [
    { level: 1, exp: 1 },
    { level: 2, exp: 5 },
  ];
  out.progression.advanceTable = d6('club-advances', 'Advances', [[1, 6, 'plus-1-ws', '+1 Weapon Skill']]);
  out.progression.skills = [];
  out.progression.injuries = structuredClone(bh.progression.injuries);
  out.progression.injuryFollowUps = structuredClone(bh.progression.injuryFollowUps);
  out.progression.requisition.chart = d6('club-req-chart', 'Requisition chart', [
    [1, 3, 'req-10', '10 Req'],
    [4, 6, 'req-20', '20 Req'],
  ]);
  return out;
}

describe('house rules: pinned rulesets', () => {
  it('Experience & Levels: commit names the missing table; once entered, the game commits and the model levels up', async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-experience-levels');
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    expect(current.ruleset.id).toBe('hor-experience-levels');
    expect(current.check.missing.map((m) => m.key)).toEqual([
      'experience-awards',
      'level-thresholds',
      'advance-table',
      'skills',
      'injury-team-leader',
      'injury-special',
      'injury-core',
      'requisition-chart',
    ]);

    const g = await playRelicHunt(core, campaign.id, a, b);
    expect(g.preview.blocked).toMatch(/has no EXP awards yet: enter them in House rules → Progression → EXP awards/);
    const refused = await failure(core, 'games.commit', { id: g.game.id });
    expect(refused.message).toMatch(/EXP awards/);

    const next = filledIn(current.ruleset);
    const preview = await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: next });
    expect(preview.check).toEqual({ problems: [], missing: [] });
    expect(preview.changes.map((c) => c.area)).toEqual(expect.arrayContaining(['Level thresholds', 'Injuries', 'Dice tables']));
    const applied = await call<RulesetView>(core, 'rulesets.apply', {
      campaignId: campaign.id,
      ruleset: next,
      expectedHash: current.hash,
      reason: 'Entered our club tables',
    });
    expect(applied.history.map((h) => h.reason)).toEqual(['Entered our club tables', 'Campaign created']);
    // A stale editor cannot overwrite it.
    expect((await failure(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'again' })).message).toMatch(
      /changed elsewhere/,
    );

    const ready = await call<GameDetail>(core, 'games.get', { id: g.game.id });
    expect(ready.preview.blocked).toBeNull();
    expect(ready.preview.changes.map((c) => c.kind)).toEqual(expect.arrayContaining(['exp.gained', 'level.reached', 'advance.rolled', 'req.chart']));
    await call(core, 'games.commit', { id: g.game.id });
    const team = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    const kaelen = team.roster.models.find((m) => m.name === 'Brother Kaelen')!;
    expect(team.progress[kaelen.id]).toMatchObject({ exp: 1, level: 1, advances: ['Level 1: +1 Weapon Skill'] });
    await importsWhole(core, campaign.id);
    core.close();
  });

  it("the club's EXP awards are ticked per model in the wizard and earned (Experience & Levels)", async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-experience-levels');
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    const next = filledIn(current.ruleset);
    next.progression.experience.awards = [
      {
        id: 'survived',
        name: 'Survived',
        exp: 1,
        modelTypes: ['team-leader', 'special', 'core'],
        condition: 'Alive at the end of the game.',
        citation: { source: 'house rule', section: 'EXP' },
      },
    ];
    await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'Club EXP awards' });
    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    expect(g.expAwardOptions.map((o) => o.id)).toEqual(['survived']);
    const cato = g.models.find((m) => m.name === 'Brother Cato')!;
    const draft = structuredClone(g.draft);
    draft.awards.a.expAwards = [{ model: cato.id, award: 'survived', times: 2 }];
    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    expect(saved.preview.changes.filter((c) => c.kind === 'exp.gained').map((c) => c.text)).toEqual(['Brother Cato: +2 EXP — Survived ×2 +2 EXP']);
    expect(saved.preview.changes.some((c) => c.kind === 'level.reached' && c.modelName === 'Brother Cato')).toBe(true);
    core.close();
  });

  it('an upgrade leaves the entries of past games byte-identical, and the next game uses the new numbers', async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-battle-honours');
    const first = await playRelicHunt(core, campaign.id, a, b);
    await call(core, 'games.commit', { id: first.game.id });
    const before = snapshotTables(core).ledger_entries;

    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    const next = structuredClone(current.ruleset);
    next.version = '1.1.0';
    next.progression.requisition.awards![0]!.req = 25;
    const preview = await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: next });
    expect(preview.changes).toEqual([
      { area: 'Ruleset', kind: 'changed', text: 'Version 1.0.0 → 1.1.0.' },
      { area: 'Requisition awards', kind: 'changed', text: 'Took part: 20 → 25 Req.' },
    ]);
    await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'Club vote: Took part is 25' });
    expect(snapshotTables(core).ledger_entries).toEqual(before);

    const second = await playRelicHunt(core, campaign.id, a, b);
    expect(second.preview.changes.filter((c) => c.text.startsWith('Took part')).map((c) => c.req)).toEqual([25, 25]);
    await call(core, 'games.commit', { id: second.game.id });
    await importsWhole(core, campaign.id);
    core.close();
  });

  it('export then import is deep-equal (no changes); hostile or broken files get a reason and change nothing', async () => {
    const core = testCore();
    const { campaign } = await campaignWithTeams(core, 'hor-battle-honours');
    const exported = await call<{ outcome: 'download'; fileName: string; text: string }>(core, 'rulesets.export', {
      campaignId: campaign.id,
      destination: 'download',
    });
    expect(exported.fileName).toBe('hor-battle-honours-1.0.0.ruleset.json');
    const back = await call<RulesetImportResult>(core, 'rulesets.import', {
      campaignId: campaign.id,
      source: 'upload',
      fileName: exported.fileName,
      text: exported.text,
    });
    if (back.outcome !== 'loaded') throw new Error('not loaded');
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    expect(back.ruleset).toEqual(current.ruleset);
    expect(back.preview.changes).toEqual([]);
    expect(back.note).toBeNull();

    const before = snapshotTables(core);
    const file = JSON.parse(exported.text) as { ruleset: Ruleset; hash: string };
    const edited = structuredClone(file);
    edited.ruleset.progression.injuries.core!.rows.pop();
    const cases: [string, RegExp][] = [
      [exported.text.slice(0, 300), /not valid JSON/],
      ['['.repeat(5000) + ']'.repeat(5000), /nested too deeply/],
      ['{"name":"Orks","entries":[]}', /not a Herald ruleset file/],
      [JSON.stringify({ ...file, ruleset: { ...file.ruleset, missions: 'six' } }), /not a valid ruleset: missions/],
      [exported.text.replace('{', '{"__proto__":{"polluted":true},'), /not a Herald ruleset file/],
      ['x'.repeat(1024 * 1024 + 1), /too large|at most/],
    ];
    for (const [text, message] of cases) {
      const error = await failure(core, 'rulesets.import', { campaignId: campaign.id, source: 'upload', fileName: 'club.json', text });
      expect(error.message).toMatch(message);
    }
    // A hand-edited file loads with a note and its problem, and applying it is refused while it has problems.
    const loaded = await call<RulesetImportResult>(core, 'rulesets.import', {
      campaignId: campaign.id,
      source: 'upload',
      fileName: 'club.json',
      text: JSON.stringify(edited),
    });
    if (loaded.outcome !== 'loaded') throw new Error('not loaded');
    expect(loaded.note).toMatch(/changed after it was exported/);
    expect(loaded.preview.check.problems.join(' ')).toMatch(/D6 results 3–6 are not covered/);
    const refused = await failure(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: loaded.ruleset, expectedHash: current.hash, reason: 'x' });
    expect(refused.message).toMatch(/are not covered/);
    expect(snapshotTables(core)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    core.close();
  });

  it('a campaign from before pinning is pinned to Battle Honours when Herald opens it', async () => {
    const core = testCore();
    const { campaign } = await campaignWithTeams(core, 'hor-battle-honours');
    core.opened.sqlite.prepare('DELETE FROM campaign_rulesets WHERE campaign_id = ?').run(campaign.id);
    const dir = core.paths.dataDir;
    core.close();
    const again = testCore(dir);
    const view = await call<RulesetView>(again, 'rulesets.current', { id: campaign.id });
    expect(view.ruleset.id).toBe('hor-battle-honours');
    expect(view.reason).toMatch(/Pinned when Herald started/);
    again.close();
  });
});

describe('house rules: rosters that would become illegal, and the optional rules in one place', () => {
  it('the upgrade diff re-checks every founded roster: an honour removed or over the new caps is named with team and model', async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-battle-honours');
    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    const kaelen = g.models.find((x) => x.name === 'Brother Kaelen')!;
    const draft = structuredClone(g.draft);
    draft.honours = [{ side: 'a', model: kaelen.id, honour: 'deadeye', elite: false }];
    draft.step = 'review';
    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    expect(saved.preview.problems).toEqual([]);
    await call(core, 'games.commit', { id: g.game.id });

    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    expect((await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: current.ruleset })).rosterProblems).toEqual([]);
    const gone = structuredClone(current.ruleset);
    for (const group of gone.progression.honours!.groups) group.honours = group.honours.filter((h) => h.id !== 'deadeye');
    const capped = structuredClone(current.ruleset);
    capped.progression.honours!.caps.find((c) => c.modelType === 'special')!.maxHonours = 0;
    expect((await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: gone })).rosterProblems).toEqual([
      'Iron Wolves: Brother Kaelen holds Deadeye, which the new ruleset does not have.',
    ]);
    expect((await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: capped })).rosterProblems).toEqual([
      'Iron Wolves: Brother Kaelen holds 1 honour; the new ruleset allows a Special model at most 0.',
    ]);
    // Moving to Experience & Levels: the honour stays on the model, and the diff says the new rules have none.
    const levels = (await call<RulesetView>(core, 'rulesets.current', { id: campaign.id })).presets.find(
      (p) => p.ruleset.id === 'hor-experience-levels',
    )!.ruleset;
    expect((await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: levels })).rosterProblems).toEqual([
      'Iron Wolves: Brother Kaelen holds an honour (Deadeye), but the new ruleset has no Battle Honours.',
    ]);
    core.close();
  });

  it('Club settings that had optional rules on are carried over once into a new ruleset row, with the reason in words', async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-battle-honours');
    const other = await call<{ id: string }>(core, 'campaigns.create', { name: 'Quiet league' });
    // What a campaign from before issue 6 holds: the flags switched on in its Club settings.
    core.opened.sqlite
      .prepare('UPDATE campaigns SET optional_rules = ? WHERE id = ?')
      .run(JSON.stringify({ weather: true, duskAndDawn: false, twist: true, mysteriousObjectives: false }), campaign.id);
    const dir = core.paths.dataDir;
    core.close();

    const again = testCore(dir);
    const view = await call<RulesetView>(again, 'rulesets.current', { id: campaign.id });
    expect(view.reason).toBe("Weather and Twist switched on: carried over from the campaign's Club settings (optional rules are house rules now).");
    expect(view.history).toHaveLength(2);
    expect(view.ruleset.optionalRules.filter((o) => o.enabledByDefault).map((o) => o.id)).toEqual(['weather', 'twist']);
    expect(view.check).toEqual({ problems: [], missing: [] });
    const settings = await call<CampaignSettingsView>(again, 'campaigns.settings', { id: campaign.id });
    expect(settings.optionalRules).toEqual({ weather: true, duskAndDawn: false, twist: true, mysteriousObjectives: false });
    expect(settings.houseOptionalRules.filter((r) => r.on).map((r) => r.name)).toEqual(['Weather', 'Twist']);
    // A campaign that had nothing switched on is left alone.
    expect((await call<RulesetView>(again, 'rulesets.current', { id: other.id })).history).toHaveLength(1);
    // Games set up now play them.
    const g = await call<GameDetail>(again, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    expect(g.plan?.weather).not.toBeNull();
    expect(g.plan?.twist).not.toBeNull();
    again.close();

    // Once only: opening the file again pins nothing more.
    const third = testCore(dir);
    expect((await call<RulesetView>(third, 'rulesets.current', { id: campaign.id })).history).toHaveLength(2);
    third.close();
  });

  it('optional rules are switched in the ruleset only: Club settings show them and refuse to change them; games set up afterwards follow the ruleset', async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-battle-honours');
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    // Dusk & Dawn is rolled when Night Fighting is read "only when a rule says so" (issue 19: House rules → Readings).
    const next = {
      ...withOptionalRules(current.ruleset, { 'dusk-and-dawn': true, 'in-game-injuries': true }),
      readings: { nightFighting: 'when-a-rule-says' as const },
    };
    const preview = await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: next });
    expect(preview.changes.map((c) => c.text)).toEqual([
      'Injuries (in game) switched on.',
      'Dusk & Dawn added, switched on.',
      'Dusk & Dawn added.',
      'Night Fighting: every turn of every game → only when a rule says so.',
    ]);
    await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'Dusk & Dawn and in-game injuries' });

    const settings = await call<CampaignSettingsView>(core, 'campaigns.settings', { id: campaign.id });
    expect(settings.optionalRules.duskAndDawn).toBe(true);
    const refused = await failure(core, 'campaigns.updateSettings', {
      id: campaign.id,
      diceMode: 'app',
      optionalRules: { weather: true, duskAndDawn: true, twist: false, mysteriousObjectives: false },
    });
    expect(refused.message).toMatch(/Optional rules are house rules now/);
    const dice = await call<CampaignSettingsView>(core, 'campaigns.updateSettings', { id: campaign.id, diceMode: 'physical' });
    expect(dice).toMatchObject({ diceMode: 'physical', optionalRules: { duskAndDawn: true } });
    await call(core, 'campaigns.updateSettings', { id: campaign.id, diceMode: 'app' });

    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    expect(g.plan?.duskAndDawn).not.toBeNull();
    expect(g.plan?.specialRules.find((r) => r.id === 'in-game-injuries')).toMatchObject({ source: 'optional' });
    core.close();
  });

  it('003: with the 8th-edition supplement switched on, a whole game on Vital Intelligence is set up, recorded, scored and committed', async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-battle-honours');
    const off = await call<CampaignSettingsView>(core, 'campaigns.settings', { id: campaign.id });
    expect(off.missions.some((m) => m.source === 'club-8th')).toBe(false);
    expect(
      (await failure(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'vital-intelligence' })).message,
    ).toMatch(/switch it on in House rules/);

    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    await call(core, 'rulesets.apply', {
      campaignId: campaign.id,
      ruleset: withOptionalRules(current.ruleset, { 'club-8th-missions': true }),
      expectedHash: current.hash,
      reason: 'We play the 8th-edition supplement',
    });
    const on = await call<CampaignSettingsView>(core, 'campaigns.settings', { id: campaign.id });
    expect(on.missions.filter((m) => m.source === 'club-8th').map((m) => [m.id, m.deployment])).toEqual([
      ['vital-intelligence', 'roll-off'],
      ['beachhead', 'roll-off'],
      ['no-mercy', 'roll-off'],
      ['visions-of-victory', 'roll-off'],
      ['tactical-escalation', 'sixth-marker'],
      ['deadlock', 'sixth-marker'],
    ]);
    expect(on.missionRolls.map((r) => r.id)).toEqual(['roll', 'roll-club-8th']);

    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'vital-intelligence' });
    expect(g.plan?.mission.name).toBe('Vital Intelligence');
    expect(g.plan?.club8th?.battleLength).toMatch(/At the end of battle round 5, Player [AB] \(first turn\) rolls a D6/);
    expect(g.draft.report.club8th).toEqual({ a: { objectiveVp: 0, firstStrike: false }, b: { objectiveVp: 0, firstStrike: false } });
    const draft = structuredClone(g.draft);
    const gorbag = draft.report.models.find((x) => x.name === 'Gorbag')!;
    const tarkus = draft.report.models.find((x) => x.name === 'Sergeant Tarkus')!;
    gorbag.aliveAtEnd = false;
    gorbag.outOfAction = { by: tarkus.id, how: 'melee' };
    draft.report.sides.a.firstBlood = true;
    draft.report.club8th = { a: { objectiveVp: 6, firstStrike: true }, b: { objectiveVp: 3, firstStrike: false } };
    draft.step = 'review';
    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    expect(saved.preview.problems).toEqual([]);
    expect(saved.preview.score?.vp).toEqual({ a: 8, b: 3 });
    expect(saved.preview.score?.lines.map((l) => l.reason)).toContain('Slay the Warlord: the enemy Warlord (its Team Leader) was slain.');
    expect(saved.preview.changes.some((c) => c.kind === 'exp.gained')).toBe(false);
    const committed = await call<GameDetail>(core, 'games.commit', { id: g.game.id });
    expect(committed.game).toMatchObject({ status: 'committed', vp: { a: 8, b: 3 }, winner: 'a', missionName: 'Vital Intelligence' });
    await importsWhole(core, campaign.id);
    core.close();
  });
});
