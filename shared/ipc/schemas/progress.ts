/**
 * The campaign as pictures (issue 33): the series the charts draw, read from the committed games and the ledger
 * (src-main/views/progress.ts). A game night is the committed games played on one date (voided games left out).
 */
import { z } from 'zod';
import { Id } from './campaigns';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Count = z.number().int().min(0);

/** One game night: its date and how many committed games were played on it. */
export const GameNight = z.object({ date: Day, games: Count });
export type GameNight = z.infer<typeof GameNight>;

/** Standings over time: each team's wins after each game night (null before its first game). */
export const CampaignProgress = z.object({
  campaignId: Id,
  /** The game nights charted, in order: every one, or evenly spaced ones and the last of a long campaign. */
  nights: z.array(GameNight),
  /** How many game nights the campaign has had (more than `nights.length` when they were thinned). */
  nightCount: Count,
  /** The teams charted: the leaders, in today's standings order (a chart of forty lines shows nothing). */
  teams: z.array(
    z.object({
      teamId: Id,
      teamName: z.string(),
      playerName: z.string(),
      /** Today's place in the standings (1 = first). */
      place: z.number().int().min(1),
      /** Wins after each night of `nights`, in order; null before the team's first game. */
      wins: z.array(Count.nullable()),
    }),
  ),
  /** How many founded teams the campaign has (more than `teams.length` when only the leaders are charted). */
  teamCount: Count,
});
export type CampaignProgress = z.infer<typeof CampaignProgress>;

/** One point of a team's Threat and Req: where the team stood after its games of one night. */
export const TeamProgressPoint = z.object({
  date: Day,
  /** The numbers of its games that night. */
  games: z.array(z.number().int().min(1)),
  req: z.number().int(),
  threat: z.number().int(),
});
export type TeamProgressPoint = z.infer<typeof TeamProgressPoint>;

/**
 * A model's career, one column per figure (a ten-year team's careers are thousands of games: columns keep them small):
 * the games it took part in, in order, its EXP and level after each, and what the games did to it.
 */
export const Career = z.object({
  /** The numbers of its games, in order. */
  games: z.array(z.number().int().min(1)),
  /** Its total EXP after each of those games. */
  exp: z.array(Count),
  /** Its level after each game (Experience & Levels); empty when the campaign's rules have no levels. */
  levels: z.array(Count),
  /** Injuries rolled and its death: `at` is the index in `games` of the game that did it. */
  marks: z.array(z.object({ at: Count, kind: z.enum(['injury', 'died']), text: z.string() })),
});
export type Career = z.infer<typeof Career>;

export const TeamProgress = z.object({
  teamId: Id,
  points: z.array(TeamProgressPoint),
  /** Every model the team ever had that played, by model id (a Squad by its roster line). */
  careers: z.record(z.string(), Career),
  /** Whether the campaign's rules give levels (Experience & Levels): the career charts then show them. */
  levels: z.boolean(),
});
export type TeamProgress = z.infer<typeof TeamProgress>;
