/**
 * Issue 30 item 5 through the real handlers: a squad's dead members are models lost in the standings (and its CSV),
 * and the records name every model (a squad by its name: its members' games and kills are the squad's), never by an
 * internal id such as "third#1".
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail, GameDraft, StandingRow } from '../../shared/ipc/schemas/games';
import type { CampaignRecordView } from '../../shared/ipc/schemas/narrative';
import type { Bulletin } from '../../shared/ipc/schemas/print';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { call, testCore } from '../test-support';
import { aliceAndBob } from '../test-support/two-teams';

const NO_OPTIONAL = { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false };
const m = (id: string, entryId: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  entryId,
  name,
  options: {},
  armoury: [],
  grenades: {},
  ...extra,
});

/** Dice faces for a roll typed in: n dice of `sides`, cycling so roll-offs never tie forever. */
let cycle = 0;
function facesOf(expression: string): number[] {
  const x = /^(\d*)D(66|\d+)/i.exec(expression.trim());
  const count = x?.[2] === '66' ? 2 : Number(x?.[1] || 1);
  const sides = x?.[2] === '66' ? 6 : Number(x?.[2] ?? 6);
  return Array.from({ length: count }, () => (cycle++ % sides) + 1);
}

describe('models lost and records with squads (issue 30)', () => {
  it('a dead squad member is a model lost; the same member number dying in a later game is another; records print names', async () => {
    const core = testCore();
    const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Squad standings' });
    await call(core, 'campaigns.updateSettings', { id: campaign.id, diceMode: 'physical', optionalRules: NO_OPTIONAL });
    const { a: guard, b: orks } = await aliceAndBob(core, campaign.id, { list: 'imperial-guard-sample', name: 'Hydra Platoon' });
    await call(core, 'teams.saveDraft', {
      id: guard.team.id,
      roster: { models: [m('sarge', 'veteran-sergeant', 'Sergeant Harker'), m('third', 'guardsman-squad', 'Third Squad', { squadSize: 10 })] },
    });
    await call(core, 'teams.saveDraft', {
      id: orks.team.id,
      roster: { models: [m('nob', 'boss-nob', 'Gorbag'), m('grub', 'boy', 'Grub'), m('snik', 'boy', 'Snik'), m('mek', 'boy', 'Mek')] },
    });
    await call(core, 'teams.found', { id: guard.team.id });
    await call(core, 'teams.found', { id: orks.team.id });

    /** A Skirmish where Gorbag takes out the squad's members `dead` (each rolls a 1: dead) and `hurt` (a 6: recovers). */
    const play = async (dead: number[], hurt: number[]) => {
      let detail = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: guard.team.id, teamB: orks.team.id, mission: 'skirmish' });
      for (let i = 0; detail.planPendingRoll && i < 40; i++)
        detail = await call<GameDetail>(core, 'games.enterRoll', {
          id: detail.game.id,
          key: detail.planPendingRoll.key,
          faces: facesOf(detail.planPendingRoll.expression),
        });
      const draft: GameDraft = structuredClone(detail.draft);
      draft.report.models = draft.report.models.map((x) => {
        const n = Number(/^third#(\d+)$/.exec(x.id)?.[1] ?? 0);
        return dead.includes(n) || hurt.includes(n) ? { ...x, aliveAtEnd: false, outOfAction: { by: 'nob', how: 'melee' as const } } : x;
      });
      draft.report.sides.b.firstBlood = true;
      draft.step = 'review';
      detail = await call<GameDetail>(core, 'games.saveDraft', { id: detail.game.id, draft });
      for (let i = 0; detail.preview.pendingRoll && i < 40; i++) {
        const p = detail.preview.pendingRoll;
        const member = Number(/\((\d+) of \d+\)/.exec(p.purpose)?.[1] ?? 0);
        const faces = /^Injury/i.test(p.purpose) ? (dead.includes(member) ? [1] : [6]) : facesOf(p.expression);
        detail = await call<GameDetail>(core, 'games.enterRoll', { id: detail.game.id, key: p.key, faces });
      }
      expect(detail.preview.problems).toEqual([]);
      await call(core, 'games.commit', { id: detail.game.id });
    };

    await play([1, 2, 3], [4]);
    const lost = async () => (await call<StandingRow[]>(core, 'campaigns.standings', { id: campaign.id })).find((r) => r.teamId === guard.team.id)!.modelsLost;
    expect(await lost()).toBe(3);
    expect((await call<TeamDetail>(core, 'teams.get', { id: guard.team.id })).roster.models.find((x) => x.id === 'third')).toMatchObject({ squadSize: 7 });
    // Game 2: the squad's seven are members 1–7 again; member 1 of this game dies too.
    await play([1], []);
    expect(await lost()).toBe(4);
    const csv = await call<{ text: string }>(core, 'campaigns.exportCsv', { id: campaign.id, table: 'standings', destination: 'download' });
    expect(csv.text).toMatch(/Hydra Platoon.*,4\r?\n/);

    const records = await call<CampaignRecordView[]>(core, 'campaigns.records', { id: campaign.id });
    const serving = records.find((r) => r.kind === 'longestServing')!;
    expect(serving.holders).toContain('Third Squad (Hydra Platoon)');
    expect(serving.holders).toContain('Gorbag (Da Boyz)');
    for (const r of records) for (const h of r.holders) expect(h, `${r.title}: ${h}`).not.toMatch(/#\d|[0-9a-f]{8}-[0-9a-f]{4}/);
    // The bulletin (and the campaign pack, which prints it) names the dead members after their squad.
    const bulletin = await call<Bulletin>(core, 'campaigns.bulletin', { id: campaign.id });
    expect(bulletin.records).toEqual(records);
    const dead = bulletin.casualties.filter((c) => c.teamName === 'Hydra Platoon').map((c) => c.modelName);
    expect(dead).toHaveLength(4);
    expect(new Set(dead)).toEqual(new Set(['Third Squad (a squad member)']));
    core.close();
  });
});
