/**
 * Fresh ids for everything a campaign file brings (issue 16): the campaign, its players, teams, games and ledger
 * entries get new ids, and every reference in the file — team → player and team list, game → teams, ledger entry →
 * team and game, dice roll → game, and the copies of those ids inside the games' plan, draft and report and inside the
 * ledger entries' data — is mapped to them. A reference to an id the file did not bring refuses the import whole: an
 * import can never name a row that is already on this computer (another campaign's team, game or player).
 *
 * Model ids are not mapped: every read of them is scoped to their team or game (schema.ts has no table keyed by a
 * model id), so they cannot reach another campaign; checks.ts makes sure no model id is on two teams of the file.
 * Team lists are the library's, shared by campaigns: import.ts reuses an identical one or adds a new one with a fresh id.
 */
import { AppError } from '../../shared/ipc/result';
import { PROGRESSION_ENTRY_KINDS } from '../../shared/rules';
import type { CampaignFile, FileGame } from './schema';

const refuse = (what: string): never => {
  throw new AppError('VALIDATION', `${what} Nothing was imported.`);
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The ids the rows of the same campaign already have on this laptop, by their identity across laptops (issue 22): a
 * file that updates the campaign here gives its rows these ids instead of fresh ones. Never ids of another campaign.
 */
export interface KnownIds {
  campaignId: string;
  players: ReadonlyMap<string, string>;
  teams: ReadonlyMap<string, string>;
  games: ReadonlyMap<string, string>;
  ledger: ReadonlyMap<string, string>;
}

const originOf = (r: { id: string; originId?: string | undefined }) => r.originId ?? r.id;

/** old id → fresh id (or the id the same row has here) for one table, refusing an id the file gives twice. */
function freshIds(
  rows: readonly { id: string; originId?: string | undefined }[],
  newId: () => string,
  what: string,
  known?: ReadonlyMap<string, string>,
): Map<string, string> {
  const map = new Map<string, string>();
  rows.forEach((r, i) => {
    if (map.has(r.id)) refuse(`Two ${what} in this file have the same id (the second is number ${i + 1}).`);
    map.set(r.id, known?.get(originOf(r)) ?? newId());
  });
  return map;
}

export const gameLabel = (g: Pick<FileGame, 'number'>) => `Game ${g.number}`;

/**
 * A plan or report names the game's teams in `sides.a.teamId` and `sides.b.teamId`: they must be the game's own two
 * teams, and are mapped with them. Anything else about the value's shape is for checks.ts to judge.
 */
function mapSides(value: unknown, game: FileGame, ids: { a: string; b: string }, what: string): unknown {
  if (!isObject(value) || !isObject(value.sides)) return value;
  const sides: Record<string, unknown> = { ...value.sides };
  for (const side of ['a', 'b'] as const) {
    const s = sides[side];
    if (!isObject(s) || !('teamId' in s)) continue;
    const own = side === 'a' ? game.teamAId : game.teamBId;
    if (s.teamId !== own) refuse(`${gameLabel(game)}: its ${what} is about a team that is not one of the game's two teams.`);
    sides[side] = { ...s, teamId: ids[side] };
  }
  return { ...value, sides };
}

/**
 * The file with fresh ids and every reference mapped. `teams[].teamListId` keeps the file's team-list id (checked to
 * be one the file brings); import.ts maps it to the library's list.
 */
export function remapCampaignFile(file: CampaignFile, newId: () => string, known?: KnownIds): CampaignFile {
  const campaignId = known?.campaignId ?? newId();
  const players = freshIds(file.players, newId, 'players', known?.players);
  const teams = freshIds(file.teams, newId, 'teams', known?.teams);
  const games = freshIds(file.games, newId, 'games', known?.games);
  const listIds = new Set<string>();
  file.teamLists.forEach((l, i) => {
    if (listIds.has(l.id)) refuse(`Two team lists in this file have the same id (the second is number ${i + 1}).`);
    listIds.add(l.id);
  });
  const gameById = new Map(file.games.map((g) => [g.id, g]));

  const outTeams = file.teams.map((t) => {
    const playerId = players.get(t.playerId) ?? refuse(`The team “${t.name}” belongs to a player who is not in this file.`);
    if (!listIds.has(t.teamListId)) refuse(`The team “${t.name}” uses a team list that is not in this file.`);
    return { ...t, id: teams.get(t.id)!, playerId, originId: t.originId ?? t.id };
  });

  const outGames = file.games.map((g) => {
    const a = teams.get(g.teamAId) ?? refuse(`${gameLabel(g)} names a team that is not in this file.`);
    const b = teams.get(g.teamBId) ?? refuse(`${gameLabel(g)} names a team that is not in this file.`);
    const ids = { a, b };
    const draft = isObject(g.draft) && 'report' in g.draft ? { ...g.draft, report: mapSides(g.draft.report, g, ids, 'draft result') } : g.draft;
    return {
      ...g,
      id: games.get(g.id)!,
      originId: g.originId ?? g.id,
      teamAId: a,
      teamBId: b,
      plan: mapSides(g.plan, g, ids, 'plan'),
      draft,
      report: mapSides(g.report, g, ids, 'report'),
    };
  });

  const ledgerIds = new Set<string>();
  const outLedger = file.ledger.map((e, i) => {
    const where = `Ledger entry ${i + 1} in the file`;
    if (ledgerIds.has(e.id)) refuse(`Two ledger entries in this file have the same id (the second is number ${i + 1}).`);
    ledgerIds.add(e.id);
    const teamId = teams.get(e.teamId) ?? refuse(`${where} belongs to a team that is not in this file.`);
    let gameId: string | null = null;
    const here = known?.ledger.get(originOf(e));
    let id = here ?? newId();
    if (e.gameId !== null) {
      gameId = games.get(e.gameId) ?? refuse(`${where} belongs to a game that is not in this file.`);
      const game = gameById.get(e.gameId)!;
      if (e.teamId !== game.teamAId && e.teamId !== game.teamBId) refuse(`${where} belongs to ${gameLabel(game)} but to a team that did not play in it.`);
      // A game's entries are named after it (`<game id>/<n>`): the new game's id, the same n.
      if (here === undefined && e.id.startsWith(`${e.gameId}/`)) id = `${gameId}/${e.id.slice(e.gameId.length + 1)}`;
    }
    let data = e.data;
    if ((PROGRESSION_ENTRY_KINDS as readonly string[]).includes(e.kind) && isObject(data)) {
      // A game's entry carries copies of its row's id, team and game: they must agree, and are mapped with them.
      if (data.id !== e.id || data.team !== e.teamId || (data.gameId ?? null) !== e.gameId)
        refuse(`${where} says it is about another entry, team or game than the one it is filed under.`);
      data = { ...data, id, team: teamId, gameId };
    }
    return { ...e, id, teamId, gameId, data, originId: e.originId ?? e.id };
  });

  const outRolls = file.rolls.map((r, i) => ({
    ...r,
    gameId: games.get(r.gameId) ?? refuse(`Dice roll ${i + 1} in the file belongs to a game that is not in this file.`),
  }));

  // Notes (issue 22): fresh ids; a game's note follows its game's new id. A model's note keeps the model id (model ids
  // are not mapped, see above); importChecked checks that the model is on one of the file's teams.
  const outNotes = file.notes?.map((n, i) => ({
    ...n,
    id: newId(),
    subjectId:
      n.subjectKind === 'game' ? (games.get(n.subjectId) ?? refuse(`Note ${i + 1} in the file is about a game that is not in this file.`)) : n.subjectId,
  }));

  return {
    ...file,
    ...(outNotes ? { notes: outNotes } : {}),
    // Each row keeps its identity across laptops (issue 22): the id it was made with, whatever id it gets here.
    campaign: { ...file.campaign, id: campaignId, originId: file.campaign.originId ?? file.campaign.id },
    players: file.players.map((p) => ({ ...p, id: players.get(p.id)!, originId: p.originId ?? p.id })),
    teams: outTeams,
    games: outGames,
    ledger: outLedger,
    rolls: outRolls,
  };
}
