/**
 * Integration (issue 6): rulesets pinned per campaign, the Experience & Levels preset naming its missing tables until
 * the organiser enters them, upgrades that never rewrite past games, and the ruleset file round trip.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { RulesetImportResult, RulesetPreview, RulesetView } from '../../shared/ipc/schemas/rulesets';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import { battleHonoursPreset, type DiceTable, type Ruleset } from '../../shared/rules';
import type { Core } from '../core';
import { snapshotTables, testCore } from '../test-support';

async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.invoke(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
}
async function failure(core: Core, channel: string, input: unknown) {
  const r = await core.invoke(channel, input);
  if (r.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return r.error;
}

let uid = 0;
async function campaignWithTeams(core: Core, preset: 'hor-battle-honours' | 'hor-experience-levels') {
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: `Vraks ${++uid}`, preset });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const listId = (key: string) => lists.find((l) => l.listKey === key)!.id;
  const alice = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Alice' });
  const bob = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Bob' });
  const a = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: alice.id, teamListId: listId('space-marines-sample'), name: 'Iron Wolves' });
  const b = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: bob.id, teamListId: listId('orks-sample'), name: 'Da Boyz' });
  const m = (entryId: string, name: string, options: Record<string, number> = {}) => ({ id: `m${++uid}`, entryId, name, options, armoury: [], grenades: {} });
  await call(core, 'teams.saveDraft', { id: a.team.id, roster: { models: [m('sergeant', 'Sergeant Tarkus', { 'power-sword': 1 }), m('veteran', 'Brother Kaelen'), m('tactical-marine', 'Brother Cato'), m('tactical-marine', 'Brother Varro'), m('tactical-marine', 'Brother Lucan')] } });
  await call(core, 'teams.saveDraft', { id: b.team.id, roster: { models: [m('boss-nob', 'Gorbag'), m('burna-boy', 'Skorcha'), m('boy', 'Grub'), m('boy', 'Snik'), m('boy', 'Zog')] } });
  await call(core, 'teams.found', { id: a.team.id });
  await call(core, 'teams.found', { id: b.team.id });
  return { campaign, a, b };
}

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
function filledIn(r: Ruleset): Ruleset {
  const out = structuredClone(r);
  const bh = battleHonoursPreset();
  out.progression.experience.awards = [];
  out.progression.levelThresholds = [{ level: 1, exp: 1 }, { level: 2, exp: 5 }];
  out.progression.advanceTable = d6('club-advances', 'Advances', [[1, 6, 'plus-1-ws', '+1 Weapon Skill']]);
  out.progression.skills = [];
  out.progression.injuries = structuredClone(bh.progression.injuries);
  out.progression.injuryFollowUps = structuredClone(bh.progression.injuryFollowUps);
  out.progression.requisition.chart = d6('club-req-chart', 'Requisition chart', [[1, 3, 'req-10', '10 Req'], [4, 6, 'req-20', '20 Req']]);
  return out;
}

describe('house rules: pinned rulesets', () => {
  it('Experience & Levels: commit names the missing table; once entered, the game commits and the model levels up', async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-experience-levels');
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    expect(current.ruleset.id).toBe('hor-experience-levels');
    expect(current.check.missing.map((m) => m.key)).toEqual(['experience-awards', 'level-thresholds', 'advance-table', 'skills', 'injury-team-leader', 'injury-special', 'injury-core', 'requisition-chart']);

    const g = await playRelicHunt(core, campaign.id, a, b);
    expect(g.preview.blocked).toMatch(/has no EXP awards yet: enter them in House rules → Progression → EXP awards/);
    const refused = await failure(core, 'games.commit', { id: g.game.id });
    expect(refused.message).toMatch(/EXP awards/);

    const next = filledIn(current.ruleset);
    const preview = await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: next });
    expect(preview.check).toEqual({ problems: [], missing: [] });
    expect(preview.changes.map((c) => c.area)).toEqual(expect.arrayContaining(['Level thresholds', 'Injuries', 'Dice tables']));
    const applied = await call<RulesetView>(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'Entered our club tables' });
    expect(applied.history.map((h) => h.reason)).toEqual(['Entered our club tables', 'Campaign created']);
    // A stale editor cannot overwrite it.
    expect((await failure(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'again' })).message).toMatch(/changed elsewhere/);

    const ready = await call<GameDetail>(core, 'games.get', { id: g.game.id });
    expect(ready.preview.blocked).toBeNull();
    expect(ready.preview.changes.map((c) => c.kind)).toEqual(expect.arrayContaining(['exp.gained', 'level.reached', 'advance.rolled', 'req.chart']));
    await call(core, 'games.commit', { id: g.game.id });
    const team = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    const kaelen = team.roster.models.find((m) => m.name === 'Brother Kaelen')!;
    expect(team.progress[kaelen.id]).toMatchObject({ exp: 1, level: 1, advances: ['Level 1: +1 Weapon Skill'] });
    core.close();
  });

  it("the club's EXP awards are ticked per model in the wizard and earned (Experience & Levels)", async () => {
    const core = testCore();
    const { campaign, a, b } = await campaignWithTeams(core, 'hor-experience-levels');
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    const next = filledIn(current.ruleset);
    next.progression.experience.awards = [{ id: 'survived', name: 'Survived', exp: 1, modelTypes: ['team-leader', 'special', 'core'], condition: 'Alive at the end of the game.', citation: { source: 'house rule', section: 'EXP' } }];
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
    core.close();
  });

  it('export then import is deep-equal (no changes); hostile or broken files get a reason and change nothing', async () => {
    const core = testCore();
    const { campaign } = await campaignWithTeams(core, 'hor-battle-honours');
    const exported = await call<{ outcome: 'download'; fileName: string; text: string }>(core, 'rulesets.export', { campaignId: campaign.id, destination: 'download' });
    expect(exported.fileName).toBe('hor-battle-honours-1.0.0.ruleset.json');
    const back = await call<RulesetImportResult>(core, 'rulesets.import', { campaignId: campaign.id, source: 'upload', fileName: exported.fileName, text: exported.text });
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
    const loaded = await call<RulesetImportResult>(core, 'rulesets.import', { campaignId: campaign.id, source: 'upload', fileName: 'club.json', text: JSON.stringify(edited) });
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
