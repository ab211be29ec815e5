/**
 * The evening's pairings in the print route (issue 33): the Tonight screen's pairings live in the renderer only, and
 * the PDF is made in a hidden window that knows only the route, so the route carries them (shared/ipc/schemas/print.ts
 * EveningCode): pairings joined by "~", each "teamA.teamB" or "teamA.teamB.gameId"; the team sitting out alone.
 */
import { underdogBetween } from '../../shared/rules';
import { api } from '../api';
import { underdogRuleOf, underdogText, type TeamWords } from '../components/evening/words';

export interface EveningSheetData {
  pairings: { a: string; b: string; gameId: string | null }[];
  bye: string | null;
}

const ID = /^[0-9a-fA-F-]{36}$/;

export function eveningCode(data: EveningSheetData): string {
  const pairs = data.pairings.map((p) => [p.a, p.b, ...(p.gameId ? [p.gameId] : [])].join('.'));
  return [...pairs, ...(data.bye ? [data.bye] : [])].join('~');
}

/** The pairings back from the route; anything that is not an id is left out. */
export function readEveningCode(code: string): EveningSheetData {
  const out: EveningSheetData = { pairings: [], bye: null };
  for (const part of code.split('~')) {
    const ids = part.split('.');
    if (!ids.every((id) => ID.test(id))) continue;
    if (ids.length === 1) out.bye = ids[0]!;
    else if (ids.length === 2 || ids.length === 3) out.pairings.push({ a: ids[0]!, b: ids[1]!, gameId: ids[2] ?? null });
  }
  return out;
}

/** One table of the evening's sheet, in words. */
export interface EveningTable {
  table: number;
  a: TeamWords;
  b: TeamWords;
  game: { number: number; missionName: string | null; played: boolean } | null;
  underdog: string;
}
export interface EveningSheet {
  campaignName: string;
  tables: EveningTable[];
  bye: TeamWords | null;
}

/** Everything the evening's sheet prints: the teams' names and Threat, tonight's games (missions once rolled), the Underdog. */
export async function loadEveningSheet(campaignId: string, code: string): Promise<EveningSheet> {
  const data = readEveningCode(code);
  const [campaign, teams, rules] = await Promise.all([
    api.call('campaigns.get', { id: campaignId }),
    api.call('teams.list', { campaignId }),
    api.call('rulesets.current', { id: campaignId }),
  ]);
  const games = await Promise.all(data.pairings.map((p) => (p.gameId ? api.call('games.get', { id: p.gameId }).catch(() => null) : null)));
  const founded = teams.filter((t) => t.founded);
  const team = (id: string): TeamWords => {
    const t = teams.find((x) => x.id === id);
    return { name: t?.name ?? 'A team no longer in the campaign', playerName: t?.playerName ?? '', threat: t?.threat ?? 0 };
  };
  const rule = underdogRuleOf(rules.ruleset);
  const tables = data.pairings.map((p, i): EveningTable => {
    const [a, b] = [team(p.a), team(p.b)];
    const underdog = underdogBetween(
      a.threat,
      b.threat,
      founded.map((t) => t.threat),
      rule,
    );
    const pairing = { a: p.a, b: p.b, locked: false, lastMet: null, rematch: false, samePlayer: false, underdog };
    const g = games[i]?.game ?? null;
    return {
      table: i + 1,
      a,
      b,
      game: g ? { number: g.number, missionName: g.missionName, played: g.status === 'committed' } : null,
      underdog: underdogText(pairing, team),
    };
  });
  return { campaignName: campaign.name, tables, bye: data.bye ? team(data.bye) : null };
}
