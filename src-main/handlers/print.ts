/**
 * Printing (issue 7): the bulletin's data, and PDFs through Chromium's own engine. In Electron main renders the
 * renderer's print route in a hidden window (printToPDF) and saves it where the organiser chooses; in browser mode
 * the page prints itself through the browser's print dialog.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import { printHash, type Bulletin } from '../../shared/ipc/schemas/print';
import type { HandlerContext } from '../context';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { ledgerModelNames, loadCampaignState } from '../games/context';
import { gameSummary } from './games';
import { standingsHandlers } from './standings';
import { recordsOf } from './notes';
import { notesBySubject } from '../repos/notes';
import type { Db } from '../db/open';
import type { GameRow } from '../db/schema';

/** The battle reports of the eight latest committed games that have one (issue 22). */
function battleReports(db: Db, campaignId: string, games: readonly GameRow[]) {
  const notes = notesBySubject(db, campaignId, 'game');
  const teamName = new Map(teamsRepo.listTeams(db, campaignId).map((t) => [t.id, t.name]));
  return games
    .filter((g) => notes.has(g.id))
    .slice(0, 8)
    .map((g) => ({ gameNumber: g.number, title: `${teamName.get(g.teamAId) ?? ''} vs ${teamName.get(g.teamBId) ?? ''}`, text: notes.get(g.id)! }));
}

type PrintHandlers = Pick<Handlers<HandlerContext>, 'campaigns.bulletin' | 'print.pdf'>;

/** Pages in a PDF made by Chromium: one "/Type /Page" object per page. */
export const pdfPageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type\s*\/Page(?![s\w])/g) ?? []
  ).length;

const isDeathOrRecovery = (data: unknown) => {
  const kind = (data as { result?: { kind?: string } }).result?.kind;
  return kind === 'dead' || kind === 'recovered';
};

export const printHandlers: PrintHandlers = {
  'campaigns.bulletin': ({ id }, ctx) => {
    const campaign = findCampaignRow(ctx.db, id);
    if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
    const state = loadCampaignState(ctx.db, id);
    const standings = standingsHandlers['campaigns.standings']({ id }, ctx) as Bulletin['standings'];
    const games = gamesRepo.listGames(ctx.db, id, { status: ['committed'] });
    const number = new Map(games.map((g) => [g.id, g.number]));
    const teamName = new Map(teamsRepo.listTeams(ctx.db, id).map((t) => [t.id, t.name]));
    const names = ledgerModelNames(state.items);
    const line = (r: (typeof state.ledger)[number]) => ({
      gameNumber: r.gameId === null ? null : (number.get(r.gameId) ?? null),
      teamName: teamName.get(r.teamId) ?? '',
      modelName: r.modelId === null ? '' : (names.get(r.modelId) ?? r.modelId),
      text: r.reason,
    });
    const live = state.ledger.filter((r) => r.voidedAt === null).reverse();
    return {
      campaignName: campaign.name,
      rulesetName: state.ruleset.name,
      standings,
      latestGames: games.slice(0, 8).map((g) => gameSummary(ctx.db, g)),
      // A death once (its model.died entry), and the injuries that left a mark (not full recoveries, not the death roll).
      casualties: live
        .filter((r) => r.kind === 'model.died' || (r.kind === 'injury.rolled' && !isDeathOrRecovery(r.data)))
        .slice(0, 20)
        .map(line),
      promotions: live
        .filter((r) => r.kind === 'level.reached' || r.kind === 'advance.rolled' || r.kind === 'honour.bought')
        .slice(0, 20)
        .map(line),
      battleReports: battleReports(ctx.db, id, games),
      records: recordsOf(ctx.db, id),
    };
  },

  'print.pdf': async ({ kind, id, paper, fileName }, ctx) => {
    if (!ctx.printer || !ctx.files) return { outcome: 'browser' as const };
    const bytes = await ctx.printer.toPdf(printHash(kind, id, paper), paper);
    const name = fileName.toLowerCase().endsWith('.pdf') ? fileName : `${fileName}.pdf`;
    const saved = await ctx.files.saveBytes({ title: 'Save as PDF', defaultName: name, extensions: ['pdf'], bytes });
    return saved ? { outcome: 'saved' as const, path: saved, pages: pdfPageCount(bytes) } : { outcome: 'cancelled' as const };
  },
};
