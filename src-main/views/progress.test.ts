/**
 * Issue 33: the charts' series through the real handlers on a small committed campaign played over three game nights
 * (two games on the second). Each night's values must be what the standings and the team page said that night — read
 * then, not worked out again here — and a voided game must leave the series as if it had never been played.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail, ModelHistory, StandingRow } from '../../shared/ipc/schemas/games';
import type { CampaignProgress, TeamProgress } from '../../shared/ipc/schemas/progress';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { call, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';

describe('campaigns.progress and teams.progress (issue 33)', () => {
  it('give, for each game night, the wins, Threat and Req the standings showed that night, and each model’s career', async () => {
    const core = testCore();
    const c = await playedCampaign(core); // game 1, played on the clock's day: 2026-11-01
    const snapshot = async () => ({
      standings: await call<StandingRow[]>(core, 'campaigns.standings', { id: c.campaign.id }),
      wolves: (await call<TeamDetail>(core, 'teams.get', { id: c.teamA })).team,
    });
    const nights = [await snapshot()];

    /** A Skirmish on `day` as the wizard first fills it in (Orks v Iron Wolves or the other way round). */
    const play = async (day: string, teamA: string, teamB: string) => {
      const g = await call<GameDetail>(core, 'games.create', { campaignId: c.campaign.id, teamA, teamB, mission: 'skirmish', playedOn: day });
      await call(core, 'games.saveDraft', { id: g.game.id, draft: g.draft });
      await call(core, 'games.commit', { id: g.game.id });
      return g.game.id;
    };
    // Between nights, the Iron Wolves buy a recruit with their Req: the next night's Req and Threat show it.
    await call(core, 'teams.recruit', {
      id: c.teamA,
      model: { id: 'x', entryId: 'tactical-marine', name: 'Brother Novus', options: {}, armoury: [], grenades: {} },
    });
    await play('2026-11-08', c.teamB, c.teamA);
    await play('2026-11-08', c.teamA, c.teamB);
    nights.push(await snapshot());
    const third = await play('2026-11-15', c.teamB, c.teamA);
    nights.push(await snapshot());

    const progress = await call<CampaignProgress>(core, 'campaigns.progress', { id: c.campaign.id });
    expect(progress.nights).toEqual([
      { date: '2026-11-01', games: 1 },
      { date: '2026-11-08', games: 2 },
      { date: '2026-11-15', games: 1 },
    ]);
    expect(progress.nightCount).toBe(3);
    expect(progress.teamCount).toBe(2);
    // The teams in today's standings order, each night's wins as the standings had them that night.
    expect(progress.teams.map((t) => t.teamId)).toEqual(nights[2]!.standings.map((r) => r.teamId));
    expect(progress.teams.map((t) => t.place)).toEqual([1, 2]);
    for (const t of progress.teams) {
      expect(t.wins, t.teamName).toEqual(nights.map((n) => n.standings.find((r) => r.teamId === t.teamId)!.wins));
    }

    const wolves = await call<TeamProgress>(core, 'teams.progress', { id: c.teamA });
    expect(wolves.points.map((p) => [p.date, p.games])).toEqual([
      ['2026-11-01', [1]],
      ['2026-11-08', [2, 3]],
      ['2026-11-15', [4]],
    ]);
    expect(wolves.points.map((p) => [p.req, p.threat])).toEqual(nights.map((n) => [n.wolves.requisition, n.wolves.threat]));
    expect(wolves.levels).toBe(false);

    // Kaelen played every game; his career's EXP ends where his history says, and Skorcha's injury is on game 1.
    const kaelen = wolves.careers[c.kaelen]!;
    expect(kaelen.games).toEqual([1, 2, 3, 4]);
    const history = await call<ModelHistory>(core, 'models.history', { teamId: c.teamA, modelId: c.kaelen });
    expect(kaelen.exp.at(-1)).toBe(history.exp);
    expect(kaelen.levels).toEqual([]);
    const orks = await call<TeamProgress>(core, 'teams.progress', { id: c.teamB });
    const injured = Object.values(orks.careers).filter((k) => k.marks.some((m) => m.kind === 'injury'));
    expect(injured, 'the model Kaelen took out rolled on the injury table in game 1').toHaveLength(1);
    expect(injured[0]!.marks[0]!.at).toBe(0);
    expect(injured[0]!.games[0]).toBe(1);
    // Brother Novus joined after game 1: his career starts on the second night.
    const novus = (await call<TeamDetail>(core, 'teams.get', { id: c.teamA })).roster.models.find((m) => m.name === 'Brother Novus')!;
    expect(wolves.careers[novus.id]!.games[0]).toBe(2);

    // A voided game leaves the series as though it had never been played: its night goes.
    await call(core, 'games.void', { id: third, reason: 'Entered twice', withDependents: true });
    const after = await call<CampaignProgress>(core, 'campaigns.progress', { id: c.campaign.id });
    expect(after.nights.map((n) => n.date)).toEqual(['2026-11-01', '2026-11-08']);
    for (const t of after.teams) expect(t.wins).toEqual(nights.slice(0, 2).map((n) => n.standings.find((r) => r.teamId === t.teamId)!.wins));
    const wolvesAfter = await call<TeamProgress>(core, 'teams.progress', { id: c.teamA });
    expect(wolvesAfter.points.map((p) => p.date)).toEqual(['2026-11-01', '2026-11-08']);
    expect(wolvesAfter.careers[c.kaelen]!.games).toEqual([1, 2, 3]);
  });

  it('refuses in words a campaign or team that is not there', async () => {
    const core = testCore();
    const missing = '00000000-0000-4000-8000-999999999999';
    const r1 = await core.invoke('campaigns.progress', { id: missing });
    expect(r1).toEqual({ ok: false, error: expect.objectContaining({ code: 'NOT_FOUND', message: 'That campaign no longer exists.' }) });
    const r2 = await core.invoke('teams.progress', { id: missing });
    expect(r2).toEqual({ ok: false, error: expect.objectContaining({ code: 'NOT_FOUND', message: 'That team no longer exists.' }) });
  });
});
