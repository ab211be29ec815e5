/**
 * Printing (issue 7): the bulletin's data, and PDFs through Chromium's own engine. In Electron main renders the
 * renderer's print route in a hidden window (printToPDF) and saves it where the organiser chooses; in browser mode
 * the page prints itself through the browser's print dialog. Beside "Save as PDF" (issue 31): the system print dialog
 * for a print page, and opening a saved PDF or showing it in its folder — only a PDF main saved itself this session.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import { printHash, type Bulletin } from '../../shared/ipc/schemas/print';
import { squadOfMember } from '../../shared/rules';
import type { HandlerContext } from '../context';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { campaignRuleset } from '../games/context';
import { lineSummary, teamNames } from '../games/detail';
import { campaignStandings } from '../views/standings';
import { campaignModels, recordsOf } from '../views/records';
import { notesBySubject } from '../repos/notes';
import { newestLiveEntries, type NewestEntry } from '../ledger';
import type { Db } from '../db/open';

/** The battle reports of the eight latest committed games that have one (issue 22). */
function battleReports(db: Db, campaignId: string, teamName: ReadonlyMap<string, string>) {
  const notes = notesBySubject(db, campaignId, 'game');
  if (notes.size === 0) return [];
  return gamesRepo
    .committedResults(db, campaignId)
    .filter((g) => notes.has(g.id))
    .sort((x, y) => y.number - x.number)
    .slice(0, 8)
    .map((g) => ({ gameNumber: g.number, title: `${teamName.get(g.teamA) ?? ''} vs ${teamName.get(g.teamB) ?? ''}`, text: notes.get(g.id)! }));
}

type PrintHandlers = Pick<Handlers<HandlerContext>, 'campaigns.bulletin' | 'print.pdf' | 'print.system' | 'print.openSaved'>;

/** The PDFs print.pdf saved, by core (one context per core). */
const savedPdfs = new WeakMap<HandlerContext, Set<string>>();

/** print.pdf saved `file`: print.openSaved may open it. */
function rememberSavedPdf(ctx: HandlerContext, file: string): void {
  const saved = savedPdfs.get(ctx) ?? new Set<string>();
  saved.add(file);
  savedPdfs.set(ctx, saved);
}

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
  // Ten years of games and ledger are never read whole for it (issue 29): the newest entries are read backwards, the
  // models' names come from the teams' stored directories, the games from their lines.
  'campaigns.bulletin': ({ id }, ctx) => {
    const campaign = findCampaignRow(ctx.db, id);
    if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
    const standings: Bulletin['standings'] = campaignStandings(ctx.db, id);
    const teamName = new Map(teamsRepo.listTeams(ctx.db, id).map((t) => [t.id, t.name]));
    const names = new Map(campaignModels(ctx.db, id).map((m) => [m.id, m.name]));
    // A Squad member (shared/rules/game/squads.ts) is named after its squad, as on the team page (issue 30).
    const modelName = (id: string) => {
      const member = squadOfMember(id);
      const name = names.get(member?.squadId ?? id);
      return name === undefined ? id : member ? `${name} (a squad member)` : name;
    };
    // A death once (its model.died entry), and the injuries that left a mark (not full recoveries, not the death roll).
    const casualties = newestLiveEntries(ctx.db, id, ['model.died', 'injury.rolled'], 20, (e) => e.kind === 'model.died' || !isDeathOrRecovery(e.data()));
    const promotions = newestLiveEntries(ctx.db, id, ['level.reached', 'advance.rolled', 'honour.bought'], 20);
    const number = gamesRepo.gameNumbersOf(
      ctx.db,
      [...casualties, ...promotions].flatMap((e) => (e.gameId === null ? [] : [e.gameId])),
    );
    const line = (r: NewestEntry) => ({
      gameNumber: r.gameId === null ? null : (number.get(r.gameId) ?? null),
      teamName: teamName.get(r.teamId) ?? '',
      modelName: r.modelId === null ? '' : modelName(r.modelId),
      text: r.reason,
    });
    const teams = new Map<string, ReturnType<typeof teamNames>>();
    const team = (teamId: string) => teams.get(teamId) ?? teams.set(teamId, teamNames(ctx.db, teamId)).get(teamId)!;
    return {
      campaignName: campaign.name,
      rulesetName: campaignRuleset(ctx.db, campaign).name,
      standings,
      latestGames: gamesRepo.listGameLines(ctx.db, id, { status: ['committed'] }, 8).map((g) => lineSummary(g, team)),
      casualties: casualties.map(line),
      promotions: promotions.map(line),
      battleReports: battleReports(ctx.db, id, teamName),
      records: recordsOf(ctx.db, id),
    };
  },

  'print.pdf': async ({ kind, id, paper, evening, fileName }, ctx) => {
    if (!ctx.printer || !ctx.files) return { outcome: 'browser' as const };
    const bytes = await ctx.printer.toPdf(printHash(kind, id, paper, evening), paper);
    const name = fileName.toLowerCase().endsWith('.pdf') ? fileName : `${fileName}.pdf`;
    const saved = await ctx.files.saveBytes({ title: 'Save as PDF', defaultName: name, extensions: ['pdf'], bytes });
    if (!saved) return { outcome: 'cancelled' as const };
    rememberSavedPdf(ctx, saved);
    return { outcome: 'saved' as const, path: saved, pages: pdfPageCount(bytes) };
  },

  'print.system': async ({ kind, id, paper, evening }, ctx) => {
    if (!ctx.printer?.print) return { outcome: 'browser' as const };
    return { outcome: await ctx.printer.print(printHash(kind, id, paper, evening), paper) };
  },

  'print.openSaved': async ({ path, how }, ctx) => {
    if (!ctx.printer?.reveal) throw new AppError('VALIDATION', 'Browser mode saves PDFs through the browser: open it from the browser’s downloads.');
    if (!savedPdfs.get(ctx)?.has(path)) throw new AppError('NOT_FOUND', 'Herald did not save that PDF in this session: open it from its folder.');
    await ctx.printer.reveal(path, how);
    return { opened: true as const };
  },
};
