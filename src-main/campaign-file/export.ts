/** The campaign file's writing side (issue 8): everything of one campaign read in the order it was written. */
import { asc, eq, getTableColumns, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { AppError } from '../../shared/ipc/result';
import type { Db } from '../db/open';
import { campaignRulesets, campaigns, gameRolls, games, notes, players, teamLists, teams } from '../db/schema';
import * as ledgerModule from '../ledger';
import { CAMPAIGN_FILE_FORMAT, type CampaignFile } from './schema';
import { storedJson } from './stored-json';

/**
 * Everything of one campaign, in the order it was written. `asStored`: the games' plans, reports, set-ups and drafts and
 * the entries' data as their stored text (StoredJson), for a file's writing only (packCampaignFile), which writes them
 * as they are instead of parsing and writing them again (issue 29).
 */
export function exportCampaign(db: Db, campaignId: string, at: string, asStored = false): CampaignFile {
  const campaign = db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get();
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  const teamRows = db.select().from(teams).where(eq(teams.campaignId, campaignId)).orderBy(asc(teams.createdAt), asc(teams.id)).all();
  const listIds = [...new Set(teamRows.map((t) => t.teamListId))];
  const gameRows = asStored ? storedGames(db, campaignId) : db.select().from(games).where(eq(games.campaignId, campaignId)).orderBy(asc(games.number)).all();
  const gameIds = gameRows.map((g) => g.id);
  const ledgerRows = asStored
    ? ledgerModule.campaignLedgerText(db, campaignId).map((r) => ({ ...r, data: storedJson(r.data) }))
    : ledgerModule.campaignLedger(db, campaignId);
  // Every row carries its identity across laptops (issue 22): the id it was made with, or its own id.
  const origin = <T extends { id: string; originId?: string | null }>(r: T) => ({ ...r, originId: r.originId ?? r.id });
  const { handedOverAt: _h, handedOverTo: _t, ...campaignRow } = campaign;
  return {
    format: CAMPAIGN_FILE_FORMAT,
    formatVersion: 1,
    exportedAt: at,
    campaign: origin(campaignRow),
    rulesets: db
      .select()
      .from(campaignRulesets)
      .where(eq(campaignRulesets.campaignId, campaignId))
      .orderBy(asc(campaignRulesets.seq))
      .all()
      .map(({ seq: _s, campaignId: _c, ...r }) => r),
    players: db
      .select()
      .from(players)
      .where(eq(players.campaignId, campaignId))
      .orderBy(asc(players.createdAt), asc(players.id))
      .all()
      .map(({ campaignId: _c, ...r }) => origin(r)),
    teamLists:
      listIds.length === 0
        ? []
        : db
            .select()
            .from(teamLists)
            .where(inArray(teamLists.id, listIds))
            .all()
            .map((r) => ({ id: r.id, content: r.content })),
    teams: teamRows.map(({ campaignId: _c, ...r }) => origin(r)),
    ledger: ledgerRows.map(({ seq: _s, campaignId: _c, ...r }) => origin(r)),
    // A committed game keeps no draft (issue 21), nor does the file from format 3 (packed.ts; the game page builds its
    // stand-in from the report: games/kept-draft.ts).
    games: gameRows.map(({ campaignId: _c, ...r }) => origin(r)),
    rolls:
      gameIds.length === 0
        ? []
        : db
            .select()
            .from(gameRolls)
            .where(inArray(gameRolls.gameId, gameIds))
            .orderBy(asc(gameRolls.gameId), asc(gameRolls.seq))
            .all()
            .map((r) => ({ ...r, faces: r.faces as number[] })),
    notes: db
      .select()
      .from(notes)
      .where(eq(notes.campaignId, campaignId))
      .orderBy(asc(notes.updatedAt), asc(notes.id))
      .all()
      .map(({ campaignId: _c, ...r }) => r),
  };
}

/** A campaign's games in number order, their JSON columns as stored (exportCampaign's `asStored`). */
function storedGames(db: Db, campaignId: string) {
  const { setup, plan, draft, report, ...plain } = getTableColumns(games);
  // A column inside sql`` is read as the driver gives it: its stored text, not unpacked and parsed by its column type.
  const text = (c: SQLWrapper) => sql<string | null>`${c}`;
  return db
    .select({ ...plain, setup: text(setup), plan: text(plan), draft: text(draft), report: text(report) })
    .from(games)
    .where(eq(games.campaignId, campaignId))
    .orderBy(asc(games.number))
    .all()
    .map((g) => ({ ...g, setup: storedJson(g.setup), plan: storedJson(g.plan), draft: storedJson(g.draft), report: storedJson(g.report) }));
}
