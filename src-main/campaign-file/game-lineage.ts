/**
 * The games in a campaign's lineage (issue 27, docs/history.md): a finished game — committed or voided — is part of
 * the history as much as its ledger entries, so a newer copy of the campaign must carry each of this laptop's finished
 * games as they are here. What may come after, on the other laptop, is only what a later step writes: the game voided,
 * or amended again (its amendments then start with this laptop's, and the first new one was made from the report this
 * laptop has). Anything else — a VP, a winner, a date, a model, a roll changed — rewrites a finished game: a divergence,
 * named in words ("game 1 (Wolves v Boyz, 12 Mar 2026): the file says 9–0, this laptop says 1–1"). Pure.
 */
import type { CampaignFile, FileGame } from './schema';
import { canonical } from './canonical';
import { formatDay } from '../../shared/format';

const origin = (r: { id: string; originId?: string | null | undefined }) => r.originId ?? r.id;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "12 Mar 2026" (in en-GB) from "2026-03-12" or a moment on that day (as the hand-over's words give dates). */
export function dayWords(date: string): string {
  const day = date.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? formatDay(day) : date;
}

/** "game 2 (Wolves v Boyz, 12 Mar 2026)": a game named so that two laptops' game 2 can be told apart. */
export function gameWords(file: { teams: readonly { id: string; name: string }[] }, g: Pick<FileGame, 'number' | 'teamAId' | 'teamBId' | 'playedOn'>): string {
  const name = (id: string) => file.teams.find((t) => t.id === id)?.name ?? 'a team';
  return `game ${g.number} (${name(g.teamAId)} v ${name(g.teamBId)}, ${dayWords(g.playedOn)})`;
}

/** A plan or report with its sides' team ids as identities across laptops. */
function sidesByOrigin(value: unknown, teamOrigin: (id: string) => string): unknown {
  if (!isObject(value) || !isObject(value.sides)) return value;
  const sides: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(value.sides)) sides[k] = isObject(s) && typeof s.teamId === 'string' ? { ...s, teamId: teamOrigin(s.teamId) } : s;
  return { ...value, sides };
}

interface GameView {
  row: FileGame;
  /** Everything decided when the game was set up and played: never changed by a later step. */
  played: string;
  /** The result as it stands (report without its amendments, VP, winner). */
  result: string;
  amendments: unknown[];
  /** The result as an amendment of it would record it ("the report before", its score). */
  resultBeforeAmending: string;
  teamOrigin: (id: string) => string;
}

function views(f: CampaignFile): Map<string, GameView> {
  const teamOrigin = new Map(f.teams.map((t) => [t.id, origin(t)]));
  const team = (id: string) => teamOrigin.get(id) ?? `unknown:${id}`;
  const rolls = new Map<string, unknown[]>();
  for (const r of f.rolls) (rolls.get(r.gameId) ?? rolls.set(r.gameId, []).get(r.gameId)!).push({ ...r, gameId: undefined });
  const out = new Map<string, GameView>();
  for (const g of f.games) {
    if (g.status === 'draft') continue;
    const report = sidesByOrigin(g.report, team) as Record<string, unknown> | null;
    const { amendments, ...current } = report ?? {};
    out.set(origin(g), {
      row: g,
      played: canonical({
        number: g.number,
        teams: [team(g.teamAId), team(g.teamBId)],
        seed: g.seed,
        diceMode: g.diceMode,
        playedOn: g.playedOn,
        ruleset: [g.rulesetId, g.rulesetVersion],
        setup: g.setup,
        plan: sidesByOrigin(g.plan, team),
        createdAt: g.createdAt,
        committedAt: g.committedAt,
      }),
      result: canonical({ report: current, vp: [g.vpA, g.vpB], winner: g.winner, missionId: g.missionId, rolls: rolls.get(g.id) ?? [] }),
      amendments: Array.isArray(amendments) ? amendments : [],
      resultBeforeAmending: canonical({
        report: current,
        result: g.vpA === null || g.vpB === null || g.winner === null ? undefined : { vp: { a: g.vpA, b: g.vpB }, winner: g.winner },
      }),
      teamOrigin: team,
    });
  }
  return out;
}

const score = (g: Pick<FileGame, 'vpA' | 'vpB'>) => `${g.vpA ?? '–'}–${g.vpB ?? '–'}`;

/** What differs between this laptop's game and the file's, in words (the first thing a club would look at). */
function difference(here: FileGame, there: FileGame, herePlayed: string, therePlayed: string): string {
  if (here.vpA !== there.vpA || here.vpB !== there.vpB) return `the file says ${score(there)}, this laptop says ${score(here)}`;
  if (here.winner !== there.winner) return `the file gives the game to another side (${there.winner ?? 'none'}, this laptop ${here.winner ?? 'none'})`;
  if (here.playedOn !== there.playedOn) return `the file says it was played on ${dayWords(there.playedOn)}, this laptop ${dayWords(here.playedOn)}`;
  if (here.teamAId !== there.teamAId || here.teamBId !== there.teamBId) return 'the file says other teams played it';
  if (herePlayed !== therePlayed) return 'the file sets it up differently (its mission, plan, dice or ruleset)';
  if (here.status === 'voided' && there.status !== 'voided') return 'this laptop voided it; the file has it live';
  return 'the file records its result differently (the models’ part in it, its rolls or its report)';
}

/** The report a game's amendment was made from, with its sides' teams as identities, and the score before it. */
function amendedFrom(a: unknown, teamOrigin: (id: string) => string): string {
  const next = a as { original?: unknown; result?: unknown };
  let before: unknown;
  try {
    before = typeof next.original === 'string' ? JSON.parse(next.original) : undefined;
  } catch {
    before = undefined;
  }
  return canonical({ report: sidesByOrigin(before, teamOrigin), result: next.result });
}

/** `later` is `earlier` as it is or as later steps leave it (a void; further amendments, the first made from its result). */
function follows(earlier: GameView, later: GameView): boolean {
  if (earlier.played !== later.played) return false;
  const e = earlier.row;
  if (e.status === 'voided')
    return (
      later.row.status === 'voided' &&
      later.row.voidedAt === e.voidedAt &&
      later.row.voidReason === e.voidReason &&
      earlier.result === later.result &&
      canonical(earlier.amendments) === canonical(later.amendments)
    );
  const n = earlier.amendments.length;
  if (later.amendments.length < n || !earlier.amendments.every((a, i) => canonical(a) === canonical(later.amendments[i]))) return false;
  if (later.amendments.length === n) return earlier.result === later.result;
  return amendedFrom(later.amendments[n], later.teamOrigin) === earlier.resultBeforeAmending;
}

export interface GameRelations {
  /** Games the file has as a later step leaves them (voided or amended on the other laptop), in words. */
  fileLater: string[];
  /** Games this laptop changed since the file's copy, in words. */
  hereLater: string[];
  /** The first finished game the file rewrites (neither side's later version of the other), in words; null if none. */
  rewritten: string | null;
}

/** How each finished game both sides have stands between this laptop's copy and the file. */
export function gameRelations(here: CampaignFile, file: CampaignFile): GameRelations {
  const [h, f] = [views(here), views(file)];
  const out: GameRelations = { fileLater: [], hereLater: [], rewritten: null };
  const ordered = [...h.entries()].sort(([, x], [, y]) => x.row.number - y.row.number);
  for (const [id, mine] of ordered) {
    const theirs = f.get(id);
    // A game the file lacks is a question of the ledger (older, or diverged): its entries are missing too.
    if (!theirs) continue;
    const label = gameWords(here, mine.row);
    const [later, earlier] = [follows(mine, theirs), follows(theirs, mine)];
    if (later && earlier) continue;
    if (later) out.fileLater.push(label);
    else if (earlier) out.hereLater.push(label);
    else out.rewritten ??= `${label}: ${difference(mine.row, theirs.row, mine.played, theirs.played)}`;
  }
  return out;
}
