/**
 * Things players take home (issue 22): the standings, the games and the models as CSV files a spreadsheet opens
 * (shared/csv.ts: RFC 4180, UTF-8 with a BOM, formula-looking cells guarded). Electron saves through main's dialog;
 * browser mode gets the text back and the page downloads it, as with a campaign file.
 */
import type { ChannelOutput, ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { StandingRow } from '../../shared/ipc/schemas/games';
import type { CsvTable } from '../../shared/ipc/schemas/narrative';
import { toCsv, type CsvCell } from '../../shared/csv';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import * as gamesRepo from '../repos/games';
import * as notesRepo from '../repos/notes';
import * as teamsRepo from '../repos/teams';
import { listPlayers } from '../repos/players';
import { gameSummary } from '../games/detail';
import { mustFindCampaign } from '../views/campaign';
import { campaignStandings } from '../views/standings';
import { modelHistories } from '../views/team-history';

const TABLE_WORDS: Record<CsvTable, string> = { standings: 'standings', games: 'games', models: 'models' };

function standingsCsv(ctx: HandlerContext, id: string): string {
  const rows: StandingRow[] = campaignStandings(ctx.db, id);
  return toCsv(
    ['Place', 'Team', 'Player', 'Faction', 'Games', 'Wins', 'Draws', 'Losses', 'VP for', 'VP against', 'Requisition', 'Threat', 'Models lost'],
    rows.map((r, i) => [
      i + 1,
      r.teamName,
      r.playerName,
      r.faction,
      r.games,
      r.wins,
      r.draws,
      r.losses,
      r.vpFor,
      r.vpAgainst,
      r.requisition,
      r.threat,
      r.modelsLost,
    ]),
  );
}

function gamesCsv(db: Db, id: string): string {
  const reports = notesRepo.notesBySubject(db, id, 'game');
  const games = gamesRepo
    .listGames(db, id, { status: ['committed', 'voided'] })
    .reverse()
    .map((g) => gameSummary(db, g));
  const result = (g: (typeof games)[number]) => (g.winner === 'draw' ? 'Draw' : g.winner ? `${g.teams[g.winner].name} won` : '');
  return toCsv(
    ['Game', 'Played on', 'Status', 'Mission', 'Team A', 'Player A', 'VP A', 'Team B', 'Player B', 'VP B', 'Result', 'Void reason', 'Battle report'],
    games.map((g): CsvCell[] => [
      g.number,
      g.playedOn,
      g.status,
      g.missionName,
      g.teams.a.name,
      g.teams.a.playerName,
      g.vp?.a,
      g.teams.b.name,
      g.teams.b.playerName,
      g.vp?.b,
      result(g),
      g.voidReason,
      reports.get(g.id),
    ]),
  );
}

function modelsCsv(db: Db, id: string): string {
  const campaign = mustFindCampaign(db, id);
  const players = new Map(listPlayers(db, id).map((p) => [p.id, p.name]));
  const rows: CsvCell[][] = [];
  for (const team of teamsRepo.listTeams(db, id).filter((t) => t.foundedAt !== null)) {
    for (const m of modelHistories(db, campaign, team.id)) {
      rows.push([
        team.name,
        players.get(team.playerId),
        m.name,
        m.entryName,
        m.status,
        m.level,
        m.exp,
        m.games,
        m.kills,
        m.injuries.join('; '),
        m.advances.join('; '),
        m.honours.join('; '),
        m.note,
      ]);
    }
  }
  return toCsv(['Team', 'Player', 'Model', 'Type', 'Status', 'Level', 'EXP', 'Games', 'Kills', 'Injuries', 'Advances', 'Honours', 'Note'], rows);
}

const fileNameFor = (campaign: string, table: CsvTable, at: string) =>
  `${campaign.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'}-${TABLE_WORDS[table]}-${at.slice(0, 10)}.csv`;

/** campaigns.exportCsv: one table of the campaign as a CSV file, saved through the dialog or downloaded. */
export async function exportCsv(
  ctx: HandlerContext,
  { id, table, destination }: ChannelParsedInput<'campaigns.exportCsv'>,
): Promise<ChannelOutput<'campaigns.exportCsv'>> {
  const campaign = mustFindCampaign(ctx.db, id);
  const text = table === 'standings' ? standingsCsv(ctx, id) : table === 'games' ? gamesCsv(ctx.db, id) : modelsCsv(ctx.db, id);
  const fileName = fileNameFor(campaign.name, table, ctx.now().toISOString());
  if (destination === 'download') return { outcome: 'download' as const, fileName, text };
  if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
  const saved = await ctx.files.saveText({ title: `Export ${TABLE_WORDS[table]} as CSV`, defaultName: fileName, extensions: ['csv'], text });
  return saved ? { outcome: 'saved' as const, path: saved } : { outcome: 'cancelled' as const };
}
