/**
 * The charts' lines and words from the series main sends (issue 33, shared/ipc/schemas/progress.ts): what each line
 * plots, and the one-sentence summary a screen reader hears. Pure, so the screen, the phone and the prints draw the
 * same thing.
 */
import type { Career, CampaignProgress, TeamProgress } from '../ipc/schemas/progress';
import { dayLabel, dayNumber, type ChartPoint } from './geometry';

export interface Line {
  id: string;
  label: string;
  points: (ChartPoint | null)[];
}

export interface Mark {
  x: number;
  y: number;
  kind: 'injury' | 'died' | 'level';
  text: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const span = (first: string, last: string) =>
  first === last ? `on ${dayLabel(dayNumber(first))}` : `from ${dayLabel(dayNumber(first))} to ${dayLabel(dayNumber(last))}`;

/**
 * Standings over time: a line per charted team, its wins after each game night (a gap before its first game).
 * @example standingsLines({ nights: [{ date: '2026-11-01', games: 1 }], teams: [{ teamId: 't', teamName: 'Iron Wolves', playerName: 'Alice', place: 1, wins: [1] }], … })
 * // → [{ id: 't', label: '1. Iron Wolves (Alice)', points: [{ x: dayNumber('2026-11-01'), y: 1 }] }]
 */
export function standingsLines(p: CampaignProgress): Line[] {
  const xs = p.nights.map((n) => dayNumber(n.date));
  return p.teams.map((t) => ({
    id: t.teamId,
    label: `${t.place}. ${t.teamName}${t.playerName ? ` (${t.playerName})` : ''}`,
    points: t.wins.map((w, i) => (w === null ? null : { x: xs[i]!, y: w })),
  }));
}

export function standingsSummary(p: CampaignProgress): string {
  if (p.nights.length === 0) return 'No game has been committed yet.';
  const who = p.teams.map((t) => `${t.teamName} ${plural(t.wins.at(-1) ?? 0, 'win')}`).join(', ');
  const leaders = p.teamCount > p.teams.length ? `the ${p.teams.length} leading teams of ${p.teamCount}` : plural(p.teams.length, 'team');
  return `Wins after each of ${plural(p.nightCount, 'game night')} ${span(p.nights[0]!.date, p.nights.at(-1)!.date)}, for ${leaders}. Now: ${who}.`;
}

/** A team's Threat, or its Req, after each of its game nights. */
export function teamLine(p: TeamProgress, figure: 'threat' | 'req'): Line {
  return {
    id: figure,
    label: figure === 'threat' ? 'Threat' : 'Req',
    points: p.points.map((q) => ({ x: dayNumber(q.date), y: q[figure] })),
  };
}

export function teamSummary(p: TeamProgress, figure: 'threat' | 'req'): string {
  if (p.points.length === 0) return 'No committed game yet.';
  const values = p.points.map((q) => q[figure]);
  const name = figure === 'threat' ? 'Threat' : 'Req';
  return `${name} after each of ${plural(p.points.length, 'game night')} ${span(p.points[0]!.date, p.points.at(-1)!.date)}: ${values[0]} at first, ${Math.min(...values)} at least, ${Math.max(...values)} at most, ${values.at(-1)} now.`;
}

/**
 * A model's career: its EXP after each of its games (x = its 1st, 2nd… game), its injuries and death marked on the
 * game that did them, and each level it reached (Experience & Levels) written above that game.
 */
export function careerLine(c: Career): { line: Line; marks: Mark[] } {
  const points = c.exp.map((y, i) => ({ x: i + 1, y }));
  const marks: Mark[] = c.marks.map((m) => ({ x: m.at + 1, y: c.exp[m.at] ?? 0, kind: m.kind, text: m.kind === 'died' ? 'Died' : `Injury: ${m.text}` }));
  c.levels.forEach((level, i) => {
    if (level > (c.levels[i - 1] ?? 0)) marks.push({ x: i + 1, y: c.exp[i] ?? 0, kind: 'level', text: `Lv ${level}` });
  });
  return { line: { id: 'exp', label: 'EXP', points }, marks };
}

export function careerSummary(c: Career): string {
  if (c.games.length === 0) return 'No game yet.';
  const injuries = c.marks.filter((m) => m.kind === 'injury').length;
  const died = c.marks.some((m) => m.kind === 'died');
  const level = c.levels.at(-1);
  return [
    `${plural(c.games.length, 'game')} (game ${c.games[0]} to game ${c.games.at(-1)}): ${c.exp.at(-1)} EXP`,
    level !== undefined ? `, level ${level}` : '',
    `, ${plural(injuries, 'injury roll')}`,
    died ? `, died in game ${c.games[c.marks.find((m) => m.kind === 'died')!.at]}` : '',
    '.',
  ].join('');
}
