/**
 * Hostile campaign files (issue 16), shared by src-main/handlers/campaign-files.hostile.test.ts (`npm test`) and the
 * reliability run (scripts/reliability/hostile-imports.ts): a played campaign to export, a victim campaign on the
 * laptop that imports, the crafted files of the attacks, and a count of the rows an import changed outside
 * the campaign it brought.
 */
import { battleHonoursPreset, type Ruleset } from '../../shared/rules';
import type { Core } from '../core';
import { contentHash } from '../repos/rulesets';

/** The parts of a campaign file the attacks change (the file is plain JSON). */
export interface FileJson {
  campaign: { id: string; name: string; originId?: string };
  rulesets: { content: Ruleset; hash: string; name: string }[];
  players: { id: string; name: string; originId?: string }[];
  teamLists: { id: string; content: unknown }[];
  teams: { id: string; playerId: string; teamListId: string; name: string; roster: { models: { id: string }[] }; originId?: string }[];
  ledger: {
    id: string;
    teamId: string;
    gameId: string | null;
    modelId: string | null;
    kind: string;
    req: number;
    data: Record<string, unknown>;
    reason: string;
    createdAt: string;
    voidedAt: string | null;
    originId?: string;
  }[];
  games: (Record<string, unknown> & {
    id: string;
    teamAId: string;
    teamBId: string;
    number: number;
    status: string;
    report: Record<string, unknown> | null;
    originId?: string;
  })[];
  rolls: { gameId: string; seq: number; phase: string; purpose: string; expression: string; faces: number[]; total: number; source: string }[];
  notes?: { id: string; subjectKind: 'game' | 'model'; subjectId: string; text: string; updatedAt: string }[];
}
export type CampaignJson = FileJson;

export { playedCampaign } from './played-campaign';

export interface Victim {
  campaignId: string;
  teamId: string;
  gameId: string;
  playerId: string;
  teamListId: string;
}

export interface HostileCase {
  /** The point (1, 2, 6 or 7) and what the file tries. */
  point: 1 | 2 | 6 | 7;
  name: string;
  text: string;
  /** The reason the refusal must give, in words. */
  reason: RegExp;
}

/** A ruleset's content changed and its stored hash recomputed, so only the House rules checks can refuse it. */
function rehashed(file: CampaignJson, change: (r: Ruleset) => void): CampaignJson {
  const out = structuredClone(file);
  const row = out.rulesets[out.rulesets.length - 1]!;
  change(row.content);
  row.hash = contentHash(row.content);
  return out;
}

/** The same file with one change made by `edit`. */
const edited = (file: CampaignJson, edit: (f: CampaignJson) => void): string => {
  const out = structuredClone(file);
  edit(out);
  return JSON.stringify(out);
};

const committed = (f: CampaignJson) => f.games.find((g) => g.status === 'committed')!;

/**
 * The attacks on `file` (exported from playedCampaign) against `victim` (a campaign on the importing laptop).
 * Every case must be refused with its reason and change nothing.
 */
export function hostileCases(file: CampaignJson, victim: Victim): HostileCase[] {
  const forged = structuredClone(file);
  const preset = battleHonoursPreset();
  const forgedRow = forged.rulesets[forged.rulesets.length - 1]!;
  forgedRow.content = structuredClone(preset);
  for (const row of forgedRow.content.progression.injuries.core?.rows ?? []) Object.assign(row, { result: 'dead', text: 'Dead.' });
  for (const award of forgedRow.content.progression.requisition.awards ?? []) award.req = 500;
  forgedRow.hash = contentHash(preset);

  const gameEntry = (f: CampaignJson, kind: string) => f.ledger.find((e) => e.kind === kind && e.gameId !== null)!;
  return [
    // 1. Imports write into other campaigns.
    {
      point: 1,
      name: 'the issue’s crafted file: another campaign’s team +5,001 Req, a roll on its game, its player given a team',
      reason: /not in this file/,
      text: edited(file, (f) => {
        const adjust = {
          ...f.ledger[0]!,
          id: 'attack-1',
          teamId: victim.teamId,
          gameId: null,
          modelId: null,
          kind: 'req.adjusted',
          req: 5001,
          data: { kind: 'req.adjusted' },
          reason: 'Requisition +5001',
        };
        f.ledger.push(adjust);
        f.rolls.push({ ...f.rolls[0]!, gameId: victim.gameId, seq: 99 });
        f.teams[0]!.playerId = victim.playerId;
      }),
    },
    {
      point: 1,
      name: 'a ledger entry on another campaign’s team',
      reason: /Ledger entry \d+ in the file belongs to a team that is not in this file/,
      text: edited(file, (f) => void (f.ledger[f.ledger.length - 1]!.teamId = victim.teamId)),
    },
    {
      point: 1,
      name: 'a ledger entry on another campaign’s game',
      reason: /belongs to a game that is not in this file/,
      text: edited(file, (f) => void (gameEntry(f, 'req.awarded').gameId = victim.gameId)),
    },
    {
      point: 1,
      name: 'a dice roll on another campaign’s game',
      reason: /Dice roll \d+ in the file belongs to a game that is not in this file/,
      text: edited(file, (f) => f.rolls.push({ ...f.rolls[0]!, gameId: victim.gameId, seq: 99 })),
    },
    {
      point: 1,
      name: 'a team given to another campaign’s player',
      reason: /belongs to a player who is not in this file/,
      text: edited(file, (f) => void (f.teams[0]!.playerId = victim.playerId)),
    },
    {
      point: 1,
      name: 'a game against another campaign’s team',
      reason: /Game 1 names a team that is not in this file/,
      text: edited(file, (f) => void (f.games[0]!.teamBId = victim.teamId)),
    },
    {
      point: 1,
      name: 'a battle report on another campaign’s game (issue 22)',
      reason: /Note 1 in the file is about a game that is not in this file/,
      text: edited(
        file,
        (f) => void (f.notes = [{ id: 'attack-note', subjectKind: 'game', subjectId: victim.gameId, text: 'Forged', updatedAt: '2026-01-01T00:00:00.000Z' }]),
      ),
    },
    {
      point: 1,
      name: 'a team on a library list the file does not bring',
      reason: /uses a team list that is not in this file/,
      text: edited(file, (f) => void (f.teams[0]!.teamListId = victim.teamListId)),
    },
    {
      point: 1,
      name: 'a report about another campaign’s team',
      reason: /not one of the game's two teams/,
      text: edited(file, (f) => void ((committed(f).report!.sides as { a: { teamId: string } }).a.teamId = victim.teamId)),
    },
    {
      point: 1,
      name: 'an entry whose data names another team',
      reason: /another entry, team or game/,
      text: edited(file, (f) => void (gameEntry(f, 'req.awarded').data.team = victim.teamId)),
    },
    // 2. A forged ruleset hash.
    {
      point: 2,
      name: 'a ruleset that kept the preset’s hash over “every core injury is Dead, every award 500”',
      reason: /do not match its hash/,
      text: JSON.stringify(forged),
    },
    // 6. Games' plan, draft and report parsed on import.
    { point: 6, name: 'a garbage plan', reason: /Game 1's game plan cannot be read/, text: edited(file, (f) => void (committed(f).plan = { garbage: true })) },
    {
      point: 6,
      name: 'a garbage report',
      reason: /Game 1's result cannot be read: /,
      text: edited(file, (f) => void (committed(f).report = { reportVersion: 1, missionId: 'skirmish', sides: 'none' })),
    },
    {
      point: 6,
      name: 'a garbage draft',
      reason: /Game 1's result as entered cannot be read/,
      text: edited(file, (f) => void (committed(f).draft = { step: 'nowhere' })),
    },
    { point: 6, name: 'a garbage set-up', reason: /Game 1's set-up cannot be read/, text: edited(file, (f) => void (committed(f).setup = 42)) },
    // 7. Values no game or edit could make.
    {
      point: 7,
      name: '1,000,000,000 EXP',
      reason: /records 1000000000 EXP|EXP from/,
      text: edited(file, (f) => {
        const e = f.ledger.find((x) => x.kind === 'exp.gained') ?? gameEntry(f, 'req.awarded');
        Object.assign(e, { kind: 'exp.gained', req: 0, modelId: f.teams[0]!.roster.models[0]!.id });
        Object.assign(e.data, {
          kind: 'exp.gained',
          model: f.teams[0]!.roster.models[0]!.id,
          amount: 1_000_000_000,
          source: 'skirmish-special-kill',
          reason: 'EXP',
        });
        delete e.data.award;
      }),
    },
    {
      point: 7,
      name: '1e9 VP',
      reason: /not a valid campaign file: Game 1 in the file \(games\[0\]\.vpA\)/,
      text: edited(file, (f) => void (committed(f).vpA = 1e9)),
    },
    { point: 7, name: '999 VP in a Skirmish', reason: /gives 999 VP, which this mission cannot/, text: edited(file, (f) => void (committed(f).vpA = 999)) },
    {
      point: 7,
      name: 'a winner its VP do not give',
      reason: /Game 1 is recorded as .+ won, but its VP \(\d+–\d+\) give/,
      text: edited(file, (f) => void (committed(f).winner = committed(f).winner === 'b' ? 'a' : 'b')),
    },
    {
      point: 7,
      name: 'a committed game with no entries and no rolls',
      reason: /dice rolls are not the rolls|none of the ledger entries/,
      text: edited(file, (f) => {
        const g = committed(f);
        f.ledger = f.ledger.filter((e) => e.gameId !== g.id);
        f.rolls = f.rolls.filter((r) => r.gameId !== g.id);
      }),
    },
    {
      point: 7,
      name: 'a committed game without one team’s entries (its rolls and report kept)',
      reason: /none of the ledger entries it wrote for Da Boyz/,
      text: edited(file, (f) => void (f.ledger = f.ledger.filter((e) => e.gameId !== committed(f).id || e.teamId !== committed(f).teamBId))),
    },
    {
      point: 7,
      name: 'a ruleset with overlapping dice tables (hash recomputed)',
      reason: /House rules page would refuse/,
      text: JSON.stringify(
        rehashed(file, (r) => {
          const rows = r.progression.injuries.core!.rows;
          rows[1]!.from = rows[0]!.from;
        }),
      ),
    },
    {
      point: 7,
      name: 'a Req award the ruleset does not give',
      reason: /500 Req from/,
      text: edited(file, (f) => Object.assign(gameEntry(f, 'req.awarded'), { req: 500 }, { data: { ...gameEntry(f, 'req.awarded').data, amount: 500 } })),
    },
    {
      point: 7,
      name: 'an adjustment of 1,000,000 Req',
      reason: /moves 1000000 Req, which no Req adjustment/,
      text: edited(file, (f) =>
        f.ledger.push({
          ...f.ledger[0]!,
          id: 'adjust',
          modelId: null,
          kind: 'req.adjusted',
          req: 1_000_000,
          data: { kind: 'req.adjusted' },
          reason: 'Requisition',
        }),
      ),
    },
    {
      point: 7,
      name: 'a team list the team-list import would refuse',
      reason: /\(team list 1 in the file\) is not a valid team list: /,
      text: edited(file, (f) => void ((f.teamLists[0]!.content as { entries: unknown }).entries = 'none')),
    },
    { point: 7, name: 'a player whose name is only spaces', reason: /Give the player a name/, text: edited(file, (f) => void (f.players[0]!.name = '   ')) },
    {
      point: 7,
      name: 'a player whose name is only invisible characters',
      reason: /nothing visible in it/,
      text: edited(file, (f) => void (f.players[0]!.name = '\u200B\u202E\u2060')),
    },
    {
      point: 7,
      name: 'two teams with the same name in two Unicode forms',
      reason: /both called/,
      text: edited(file, (f) => ([f.teams[0]!.name, f.teams[1]!.name] = ['Les Épées'.normalize('NFC'), 'Les Épées'.normalize('NFD')])),
    },
    {
      point: 7,
      name: 'a date no screen can show',
      reason: /Game 1 in the file \(games\[0\]\.playedOn\): This is not a/,
      text: edited(file, (f) => void (f.games[0]!.playedOn = 'yesterday')),
    },
    {
      point: 7,
      name: 'two players with the same name in another case',
      reason: /both called/,
      text: edited(file, (f) => void (f.players[1]!.name = f.players[0]!.name.toUpperCase())),
    },
    {
      point: 7,
      name: 'a model on two teams’ rosters',
      reason: /Da Boyz and Iron Wolves have a model with the same id on their rosters/,
      text: edited(file, (f) => {
        const taken = f.teams[0]!.roster.models[0]!.id;
        const founding = f.ledger.find((e) => e.kind === 'team.founded' && e.teamId === f.teams[1]!.id)!;
        (founding.data.roster as { models: { id: string }[] }).models[0]!.id = taken;
        f.teams[1]!.roster.models[0]!.id = taken;
      }),
    },
    {
      point: 7,
      name: 'a model recruited, then dismissed, that is also on another team',
      reason: /adds a model that belongs to Iron Wolves/,
      text: edited(file, (f) => {
        const model = { id: f.teams[0]!.roster.models[0]!.id, entryId: 'boy', name: 'Grot', options: {}, armoury: [], grenades: {} };
        const row = { ...f.ledger[0]!, teamId: f.teams[1]!.id, gameId: null, modelId: model.id };
        f.ledger.push({ ...row, id: 'recruit', kind: 'model.recruited', req: -6, data: { kind: 'model.recruited', model }, reason: 'Recruited Grot' });
        f.ledger.push({
          ...row,
          id: 'dismiss',
          kind: 'model.dismissed',
          req: 0,
          data: { kind: 'model.dismissed', modelId: model.id, name: 'Grot' },
          reason: 'Dismissed Grot',
        });
      }),
    },
  ];
}

/**
 * Every row that is not the imported campaign's, as text (a table's rows keyed by rowid): compare before and after an
 * import to count the rows it changed outside that campaign. New team lists may be added (the library is shared),
 * never changed.
 */
export function rowsOutside(core: Core, importedCampaignId: string | null): Map<string, string> {
  const sqlite = core.opened.sqlite;
  const out = new Map<string, string>();
  const scoped: Record<string, string> = {
    campaigns: 'id',
    campaign_rulesets: 'campaign_id',
    players: 'campaign_id',
    teams: 'campaign_id',
    team_projections: 'campaign_id',
    games: 'campaign_id',
    ledger_entries: 'campaign_id',
    notes: 'campaign_id',
  };
  for (const [table, column] of Object.entries(scoped)) {
    for (const row of sqlite.prepare(`SELECT rowid AS _rowid, * FROM "${table}" WHERE ${column} IS NOT ?`).all(importedCampaignId) as { _rowid: number }[])
      out.set(`${table}:${row._rowid}`, JSON.stringify(row));
  }
  for (const row of sqlite
    .prepare(`SELECT r.rowid AS _rowid, r.* FROM game_rolls r JOIN games g ON g.id = r.game_id WHERE g.campaign_id IS NOT ?`)
    .all(importedCampaignId) as { _rowid: number }[])
    out.set(`game_rolls:${row._rowid}`, JSON.stringify(row));
  for (const row of sqlite
    .prepare(`SELECT c.rowid AS _rowid, c.* FROM team_list_changes c JOIN teams t ON t.id = c.team_id WHERE t.campaign_id IS NOT ?`)
    .all(importedCampaignId) as { _rowid: number }[])
    out.set(`team_list_changes:${row._rowid}`, JSON.stringify(row));
  for (const row of sqlite.prepare(`SELECT rowid AS _rowid, * FROM team_lists`).all() as { _rowid: number }[])
    out.set(`team_lists:${row._rowid}`, JSON.stringify(row));
  return out;
}

/** How many of the rows in `before` are gone or different in `after` (rows only in `after` are the import's own). */
export function rowsChanged(before: Map<string, string>, after: Map<string, string>): number {
  let n = 0;
  for (const [key, row] of before) if (after.get(key) !== row) n++;
  return n;
}
