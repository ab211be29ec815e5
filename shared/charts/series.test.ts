import { describe, expect, it } from 'vitest';
import type { CampaignProgress, Career, TeamProgress } from '../ipc/schemas/progress';
import { dayNumber } from './geometry';
import { careerLine, careerSummary, standingsLines, standingsSummary, teamLine, teamSummary } from './series';

const T1 = '00000000-0000-4000-8000-000000000001';
const T2 = '00000000-0000-4000-8000-000000000002';

const campaign: CampaignProgress = {
  campaignId: '00000000-0000-4000-8000-000000000009',
  nights: [
    { date: '2026-11-01', games: 1 },
    { date: '2026-11-08', games: 2 },
  ],
  nightCount: 2,
  teams: [
    { teamId: T1, teamName: 'Iron Wolves', playerName: 'Alice', place: 1, wins: [1, 2] },
    { teamId: T2, teamName: 'Latecomers', playerName: '', place: 2, wins: [null, 1] },
  ],
  teamCount: 3,
};

describe('standings over time', () => {
  it('a line per team, its wins at each night’s day, a gap before its first game', () => {
    const [wolves, late] = standingsLines(campaign);
    expect(wolves).toEqual({
      id: T1,
      label: '1. Iron Wolves (Alice)',
      points: [
        { x: dayNumber('2026-11-01'), y: 1 },
        { x: dayNumber('2026-11-08'), y: 2 },
      ],
    });
    expect(late!.label).toBe('2. Latecomers');
    expect(late!.points).toEqual([null, { x: dayNumber('2026-11-08'), y: 1 }]);
  });

  it('says the nights, the teams charted of how many, and where each stands', () => {
    expect(standingsSummary(campaign)).toBe(
      'Wins after each of 2 game nights from 1 Nov 2026 to 8 Nov 2026, for the 2 leading teams of 3. Now: Iron Wolves 2 wins, Latecomers 1 win.',
    );
    expect(standingsSummary({ ...campaign, nights: [], teams: [] })).toBe('No game has been committed yet.');
  });
});

describe('a team’s Threat and Req', () => {
  const team: TeamProgress = {
    teamId: T1,
    points: [
      { date: '2026-11-01', games: [1], req: 40, threat: 3 },
      { date: '2026-11-08', games: [2, 3], req: 12, threat: 4 },
    ],
    careers: {},
    levels: false,
  };
  it('plots each figure by night and sums it up in words', () => {
    expect(teamLine(team, 'req').points).toEqual([
      { x: dayNumber('2026-11-01'), y: 40 },
      { x: dayNumber('2026-11-08'), y: 12 },
    ]);
    expect(teamSummary(team, 'threat')).toBe('Threat after each of 2 game nights from 1 Nov 2026 to 8 Nov 2026: 3 at first, 3 at least, 4 at most, 4 now.');
  });
});

describe('a model’s career', () => {
  const career: Career = {
    games: [2, 5, 9],
    exp: [1, 4, 4],
    levels: [0, 1, 1],
    marks: [
      { at: 1, kind: 'injury', text: 'Mauled: winded' },
      { at: 2, kind: 'died', text: 'Died' },
    ],
  };
  it('EXP by its games, injuries and death on their game, each level reached above its game', () => {
    const { line, marks } = careerLine(career);
    expect(line.points).toEqual([
      { x: 1, y: 1 },
      { x: 2, y: 4 },
      { x: 3, y: 4 },
    ]);
    expect(marks).toEqual([
      { x: 2, y: 4, kind: 'injury', text: 'Injury: Mauled: winded' },
      { x: 3, y: 4, kind: 'died', text: 'Died' },
      { x: 2, y: 4, kind: 'level', text: 'Lv 1' },
    ]);
    expect(careerSummary(career)).toBe('3 games (game 2 to game 9): 4 EXP, level 1, 1 injury roll, died in game 9.');
  });
});
