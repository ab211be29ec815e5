/**
 * Does a campaign file carry on from the copy of the same campaign on this laptop (issue 22 hand-over)? Pure: both
 * sides are campaign files (this laptop's copy exported the moment before), compared by each row's identity across
 * laptops (`originId`, or the id where it was made) and by content, never by the ids an import gave the rows here.
 *
 * The file **extends** this laptop's copy when this laptop's ledger is the file's first N entries, the same entries in
 * the same order, and the file has more at the end or voids an entry this laptop has live (a game voided on the other
 * laptop); its pinned rulesets likewise start with this laptop's. It is **equal** when nothing differs, **older** when
 * the file is this laptop's copy with less at the end, and **diverged** otherwise: both laptops wrote after they
 * parted, or the file rewrote an entry (a file that keeps the identity but edits history is a divergence too).
 */
import type { CampaignFile } from './schema';
import { canonical } from './canonical';
import { gameRelations, gameWords } from './game-lineage';

export { canonical } from './canonical';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What one side has that the other does not, in a club's words. */
export interface SideAccount {
  /** Numbers of the games whose results this side applied after the copies parted. */
  committed: number[];
  /** Numbers of the games this side voided after the copies parted. */
  voided: number[];
  /** Team-page changes (recruits, Req adjustments, honours…) after the copies parted. */
  teamChanges: number;
  /** Dates the house rules were changed (a ruleset pinned) after the copies parted. */
  rulesChanged: string[];
  /** Each of those games in words, by number: "game 2 (Wolves v Boyz, 12 Mar 2026)" (issue 27). */
  names?: Record<number, string>;
}

export type Lineage =
  | { kind: 'equal' }
  | { kind: 'extends'; file: SideAccount }
  | { kind: 'older'; here: SideAccount }
  /** `rewritten`: the first step this laptop has that the file changes, in words (a game row or a ledger entry). */
  | { kind: 'diverged'; here: SideAccount; file: SideAccount; rewritten?: string };

const origin = (r: { id: string; originId?: string | undefined }) => r.originId ?? r.id;

interface Entry {
  /** Everything the entry says, with ids as identities across laptops; the void mark aside. */
  key: string;
  voided: boolean;
  /** The number of the game it belongs to, on its own side; null for a team-page entry. */
  game: number | null;
  /** Its identity across laptops, and the entry in words: to name an entry the file rewrites. */
  origin: string;
  words: string;
}

function entries(f: CampaignFile): Entry[] {
  const team = new Map(f.teams.map((t) => [t.id, origin(t)]));
  const game = new Map(f.games.map((g) => [g.id, g]));
  // An id the file does not give a game stays as it is: it can then never equal an identity across laptops.
  const gameOrigin = (id: string) => {
    const g = game.get(id);
    return g ? origin(g) : `unknown:${id}`;
  };
  return f.ledger.map((e) => {
    const g = e.gameId === null ? undefined : game.get(e.gameId);
    let data = e.data;
    if (isObject(data)) {
      // A game's entry carries copies of its row's id, team and game (campaign-file/remap.ts); its `voided` flag
      // follows the row's void mark, which may be added later.
      const { voided: _v, ...rest } = data;
      data = {
        ...rest,
        ...(rest.id === e.id ? { id: origin(e) } : {}),
        ...(typeof rest.team === 'string' ? { team: team.get(rest.team) ?? `unknown:${rest.team}` } : {}),
        ...(typeof rest.gameId === 'string' ? { gameId: gameOrigin(rest.gameId) } : {}),
      };
    }
    const key = canonical({
      origin: origin(e),
      team: team.get(e.teamId) ?? `unknown:${e.teamId}`,
      game: e.gameId === null ? null : gameOrigin(e.gameId),
      model: e.modelId,
      kind: e.kind,
      req: e.req,
      reason: e.reason,
      createdAt: e.createdAt,
      data,
    });
    const teamName = f.teams.find((t) => t.id === e.teamId)?.name ?? 'a team';
    return {
      key,
      voided: e.voidedAt !== null,
      game: g?.number ?? null,
      origin: origin(e),
      words: `${teamName}${teamName.endsWith('s') ? '’' : '’s'} ledger entry “${e.reason.slice(0, 80)}”`,
    };
  });
}

/** What `list` (one side's entries from where the sides part) and that side's extra rulesets amount to. */
function account(
  side: CampaignFile,
  list: readonly Entry[],
  voidedHereOnly: readonly Entry[],
  rulesets: readonly CampaignFile['rulesets'][number][],
): SideAccount {
  const committed = new Set<number>();
  let teamChanges = 0;
  for (const e of list) {
    if (e.game === null) teamChanges++;
    else committed.add(e.game);
  }
  const voided = new Set(voidedHereOnly.map((e) => e.game).filter((n): n is number => n !== null));
  const names: Record<number, string> = {};
  for (const g of side.games) if (committed.has(g.number) || voided.has(g.number)) names[g.number] = gameWords(side, g);
  return {
    names,
    committed: [...committed].sort((a, b) => a - b),
    voided: [...voided].sort((a, b) => a - b),
    teamChanges,
    rulesChanged: rulesets.map((r) => r.pinnedAt.slice(0, 10)),
  };
}

const rulesetKey = (r: CampaignFile['rulesets'][number]) => `${r.hash}|${r.pinnedAt}`;

/** How `file` stands to `here`, the copy of the same campaign on this laptop. */
export function compareLineage(here: CampaignFile, file: CampaignFile): Lineage {
  const [h, f] = [entries(here), entries(file)];
  let common = 0;
  while (common < h.length && common < f.length && h[common]!.key === f[common]!.key) common++;
  // In the part both have, a void mark only this laptop has is this laptop's write; one only the file has is the file's.
  const sharedPart = Array.from({ length: common }, (_, i) => [h[i]!, f[i]!] as const);
  const voidedHere = sharedPart.filter(([a, b]) => a.voided && !b.voided).map(([a]) => a);
  const voidedThere = sharedPart.filter(([a, b]) => b.voided && !a.voided).map(([, b]) => b);
  let rulesCommon = 0;
  while (
    rulesCommon < here.rulesets.length &&
    rulesCommon < file.rulesets.length &&
    rulesetKey(here.rulesets[rulesCommon]!) === rulesetKey(file.rulesets[rulesCommon]!)
  )
    rulesCommon++;

  const hereAccount = account(here, h.slice(common), voidedHere, here.rulesets.slice(rulesCommon));
  const fileAccount = account(file, f.slice(common), voidedThere, file.rulesets.slice(rulesCommon));
  // A step this laptop has that the file changes (issue 27): an entry of the same identity saying something else, or a
  // finished game's row rewritten. Never an extension, whatever else the file adds.
  const [mine, theirs] = [h[common], f[common]];
  const games = gameRelations(here, file);
  const rewritten = mine && theirs && mine.origin === theirs.origin ? `${mine.words} says something else in the file` : games.rewritten;
  const diverged = (what: string | null | undefined): Lineage => ({
    kind: 'diverged',
    here: hereAccount,
    file: fileAccount,
    ...(what ? { rewritten: what } : {}),
  });
  if (rewritten) return diverged(rewritten);
  const wrote = (a: SideAccount) => a.committed.length + a.voided.length + a.teamChanges + a.rulesChanged.length > 0;
  const [hereWrote, fileWrote] = [wrote(hereAccount), wrote(fileAccount)];
  // A game row changed by a later step (a void, an amendment) must be on the side whose ledger says it wrote.
  const undone = (later: string[], who: string) => (later.length > 0 ? `${later[0]}: ${who} has a later version of it` : null);
  if (hereWrote && fileWrote) return diverged(null);
  if (hereWrote) return games.fileLater.length > 0 ? diverged(undone(games.fileLater, 'the file')) : { kind: 'older', here: hereAccount };
  if (fileWrote) return games.hereLater.length > 0 ? diverged(undone(games.hereLater, 'this laptop')) : { kind: 'extends', file: fileAccount };
  const changed = undone(games.fileLater, 'the file') ?? undone(games.hereLater, 'this laptop');
  return changed ? diverged(changed) : { kind: 'equal' };
}

/**
 * "games 41–43", "game 41", "games 41 and 42", "games 3, 7 and 9"; with `names`, up to three games by name: "game 2
 * (Wolves v Boyz, 12 Mar 2026)", so two laptops' game 2 can be told apart.
 */
export function gameNumbers(numbers: readonly number[], names?: Record<number, string>): string {
  if (names && numbers.length <= 3 && numbers.every((n) => names[n] !== undefined)) {
    const each = numbers.map((n) => names[n]!);
    return each.length === 1 ? each[0]! : `${each.slice(0, -1).join(', ')} and ${each[each.length - 1]}`;
  }
  if (numbers.length === 1) return `game ${numbers[0]}`;
  const consecutive = numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
  if (consecutive && numbers.length > 2) return `games ${numbers[0]}–${numbers[numbers.length - 1]}`;
  return `games ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/**
 * One side's account in words; `named`: up to three games by teams and date, to tell two laptops' games apart. This laptop: "committed games 41–43, voided game 12 and made 2 team-page changes";
 * the file: "has games 41 and 42, game 12 voided and 2 team-page changes".
 */
export function accountWords(a: SideAccount, who: 'here' | 'file', named = false): string {
  const names = named ? a.names : undefined;
  const here = who === 'here';
  const changes = a.teamChanges === 1 ? 'one team-page change' : `${a.teamChanges} team-page changes`;
  const parts: string[] = [];
  if (a.committed.length > 0) parts.push(`${here ? 'committed' : 'has'} ${gameNumbers(a.committed, names)}`);
  if (a.voided.length > 0) parts.push(here ? `voided ${gameNumbers(a.voided, names)}` : `${gameNumbers(a.voided, names)} voided`);
  if (a.teamChanges > 0) parts.push(here ? `made ${changes}` : changes);
  if (a.rulesChanged.length > 0) parts.push(`${here ? 'changed the house rules' : 'house rules changed'} on ${a.rulesChanged.join(', ')}`);
  if (parts.length === 0) return 'has nothing new';
  if (!here && a.committed.length === 0) parts[0] = `has ${parts[0]}`;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
