/**
 * The campaign's records (issue 22): most kills, longest-serving model, most games, longest winning run. Read from
 * committed games only: a voided game (and a draft) counts for nothing, as in the standings. These are club honours
 * for the bulletin, not rules of the seeds, so nothing here is cited. Ties are shared: every holder is named.
 *
 * Kept like the standings (issue 29): the models' counts are the games and kills each team's ledger fold keeps
 * (team-fold.ts countGame, written with every commit, void and amendment), and the teams' come from the games'
 * results, so the campaign page never reads ten years of reports to show them.
 */

/** A committed game's result: its number (game order) and who won. */
export interface RecordsResult {
  number: number;
  teamA: string;
  teamB: string;
  winner: 'a' | 'b' | 'draw' | null;
}

export interface RecordsInput {
  teams: readonly { id: string; name: string }[];
  /** Every model the campaign's teams ever had (the directory), with its team. */
  models: readonly { id: string; teamId: string; name: string }[];
  /** Each model's committed games fought and kills made (a Squad counts as its roster model: team-fold.ts countGame). */
  stats: readonly { id: string; games: number; kills: number }[];
  /** The committed games' results, in any order (voided games and drafts are not among them). */
  results: readonly RecordsResult[];
}

export type RecordKind = 'mostKills' | 'longestServing' | 'mostGames' | 'longestWinningRun';

export interface CampaignRecord {
  kind: RecordKind;
  title: string;
  value: number;
  /** "Name (Team)" for a model, the team's name for a team; sorted by name. */
  holders: string[];
  /** The holders for a line of text: all of them up to three, else three and how many more share it. */
  holdersText: string;
  /** The value in words: "7 kills", "3 wins in a row". */
  valueText: string;
  /** One line for the bulletin, e.g. "Most kills: Grukk (Da Boyz), 7 kills". */
  text: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The holders of the highest count (all of them when tied), or null when nobody scored. */
function best(counts: Map<string, number>, nameOf: (id: string) => string): { value: number; holders: string[] } | null {
  let value = 0;
  for (const v of counts.values()) value = Math.max(value, v);
  if (value <= 0) return null;
  const holders = [...counts].filter(([, v]) => v === value).map(([id]) => nameOf(id));
  return { value, holders: holders.sort((x, y) => x.localeCompare(y)) };
}

const add = (m: Map<string, number>, id: string, by = 1) => m.set(id, (m.get(id) ?? 0) + by);

/** The four records, in a fixed order, leaving out any nobody holds yet. */
export function campaignRecords(input: RecordsInput): CampaignRecord[] {
  const results = [...input.results].sort((x, y) => x.number - y.number);
  const teamName = new Map(input.teams.map((t) => [t.id, t.name]));
  const model = new Map(input.models.map((m) => [m.id, m]));
  const modelName = (id: string) => {
    const m = model.get(id);
    return m ? `${m.name} (${teamName.get(m.teamId) ?? '?'})` : id;
  };
  const team = (id: string) => teamName.get(id) ?? id;

  const kills = new Map(input.stats.map((s) => [s.id, s.kills]));
  const fought = new Map(input.stats.map((s) => [s.id, s.games]));
  const played = new Map<string, number>();
  const run = new Map<string, number>();
  const bestRun = new Map<string, number>();
  for (const g of results) {
    for (const [side, id] of [
      ['a', g.teamA],
      ['b', g.teamB],
    ] as const) {
      add(played, id);
      const now = g.winner === side ? (run.get(id) ?? 0) + 1 : 0;
      run.set(id, now);
      bestRun.set(id, Math.max(bestRun.get(id) ?? 0, now));
    }
  }

  const out: CampaignRecord[] = [];
  const push = (kind: RecordKind, title: string, found: ReturnType<typeof best>, unit: (n: number) => string) => {
    if (!found) return;
    const h = found.holders;
    const holdersText = h.length <= 3 ? h.join(', ') : `${h.slice(0, 3).join(', ')} and ${h.length - 3} more`;
    out.push({ kind, title, ...found, holdersText, valueText: unit(found.value), text: `${title}: ${holdersText}, ${unit(found.value)}` });
  };
  push('mostKills', 'Most kills', best(kills, modelName), (n) => plural(n, 'kill'));
  push('longestServing', 'Longest-serving model', best(fought, modelName), (n) => plural(n, 'game'));
  push('mostGames', 'Most games', best(played, team), (n) => plural(n, 'game'));
  push('longestWinningRun', 'Longest winning run', best(bestRun, team), (n) => `${plural(n, 'win')} in a row`);
  return out;
}
