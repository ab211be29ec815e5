/**
 * Handing a campaign to another laptop (issue 22): the campaign is exported and marked read-only here until a newer
 * copy comes back (or the organiser takes it back), so that one laptop commits at a time. Every channel that writes
 * names the campaign it writes to (an id of the campaign, or of one of its players, teams or games): while the
 * campaign is handed over, core.invoke refuses each of those before it runs. Reads, exports and the import that
 * brings the newer copy back stay open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import { AppError } from '../shared/ipc/result';
import { formatDay } from '../shared/format';
import type { ChannelName } from '../shared/ipc/contract';
import type { Db } from './db/open';
import { campaigns, games, players, teams } from './db/schema';

/** Channels that only read, or export: open on a handed-over campaign. */
export const READ_CHANNELS: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'app.info',
  'campaigns.list',
  'campaigns.get',
  'campaigns.settings',
  'campaigns.standings',
  'campaigns.progress',
  'campaigns.bulletin',
  'campaigns.records',
  'campaigns.exportCsv',
  'campaigns.exportFile',
  'teamLists.list',
  'teamLists.get',
  'teamLists.export',
  'teamLists.impact',
  'teamLists.usage',
  'teamLists.changesForTeam',
  'players.list',
  'teams.list',
  'teams.get',
  'teams.history',
  'models.history',
  'teams.progress',
  'rulesets.current',
  'rulesets.preview',
  'rulesets.export',
  // Loads a ruleset file for the House rules page's diff: nothing is applied without rulesets.apply.
  'rulesets.import',
  'print.pdf',
  // Issue 31: the print dialog, opening a saved PDF, and a renderer error for the log write no campaign's rows.
  'print.system',
  'print.openSaved',
  'app.logError',
  'backups.list',
  'backups.campaigns',
  'games.list',
  'games.get',
  'games.voidPlan',
  // Issue 20: what an amendment would change, and the amendments made; games.amend itself writes.
  'games.previewAmend',
  'games.amendments',
  // Issue 33: a game's table, shown; its taps write.
  'table.get',
  'notes.list',
  'lan.status',
]);

/**
 * Channels that write, but not to one campaign's rows, or that the hand-over itself needs: the team-list library,
 * backups of the whole file, the Club Wi-Fi switch, a new campaign, the import that brings the newer copy back (and a
 * dropped file, which runs the same imports), and handing over and taking back.
 */
export const UNSCOPED_CHANNELS: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'app.dismissRecovery',
  'campaigns.create',
  'campaigns.createSample',
  'campaigns.importFile',
  'campaigns.handOver',
  'campaigns.takeBack',
  'files.importDropped',
  'teamLists.import',
  'teamLists.update',
  'teamLists.create',
  'backups.create',
  'backups.restore',
  'lan.start',
  'lan.stop',
]);

/** The input fields through which a channel names the campaign, player, team or game it writes to. */
const ID_FIELDS = ['id', 'campaignId', 'teamId', 'gameId', 'playerId', 'teamA', 'teamB'] as const;

export interface HandedOver {
  name: string;
  to: string;
  at: string;
}

/** The campaign an id belongs to: the campaign itself, or one of its players, teams or games. */
function campaignOf(db: Db, id: string): string | undefined {
  return (
    db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).get()?.id ??
    db.select({ id: teams.campaignId }).from(teams).where(eq(teams.id, id)).get()?.id ??
    db.select({ id: games.campaignId }).from(games).where(eq(games.id, id)).get()?.id ??
    db.select({ id: players.campaignId }).from(players).where(eq(players.id, id)).get()?.id
  );
}

export function handedOver(db: Db, campaignId: string): HandedOver | null {
  const row = db
    .select({ name: campaigns.name, at: campaigns.handedOverAt, to: campaigns.handedOverTo })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get();
  return row?.at ? { name: row.name, to: row.to ?? 'another laptop', at: row.at } : null;
}

/** "Vraks is handed over to Marta’s laptop (since 23 Nov 2026): …" */
export function handedOverWords(h: HandedOver): string {
  const day = formatDay(h.at, { utc: true });
  return `“${h.name}” is handed over to ${h.to} (since ${day}): it is read-only on this laptop until the newer copy comes back. Import that copy, or take the campaign back.`;
}

/**
 * Refuse a write to a handed-over campaign, before it runs: the AppError to answer with, or null to go on. Any
 * channel that is neither a read nor unscoped is a write; it is refused when one of its id fields names a handed-over
 * campaign or one of its rows.
 */
export function handOverRefusal(db: Db, channel: unknown, input: unknown): AppError | null {
  if (typeof channel !== 'string' || READ_CHANNELS.has(channel as ChannelName) || UNSCOPED_CHANNELS.has(channel as ChannelName)) return null;
  if (typeof input !== 'object' || input === null) return null;
  // Only a campaign handed over can refuse anything: most calls stop at this one small query.
  if (!db.select({ id: campaigns.id }).from(campaigns).where(isNotNull(campaigns.handedOverAt)).get()) return null;
  for (const field of ID_FIELDS) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value !== 'string' || value.length > 200) continue;
    const campaignId = campaignOf(db, value);
    const h = campaignId === undefined ? null : handedOver(db, campaignId);
    if (h) return new AppError('READ_ONLY', handedOverWords(h));
  }
  return null;
}

/** Mark a campaign handed over to `to` (the caller exported it first). */
export function markHandedOver(db: Db, campaignId: string, to: string, at: string): void {
  db.update(campaigns).set({ handedOverAt: at, handedOverTo: to }).where(eq(campaigns.id, campaignId)).run();
}

/** Take a handed-over campaign back: writable here again. */
export function takeBack(db: Db, campaignId: string): void {
  db.update(campaigns).set({ handedOverAt: null, handedOverTo: null }).where(eq(campaigns.id, campaignId)).run();
}

/**
 * Keep a refused campaign file in the data folder's set-aside/ folder (issue 22: a file from a laptop that wrote while
 * this one did too is kept, never merged). Returns its name there, "set-aside/<name>".
 */
export function setAside(dataDir: string, fileName: string, bytes: Uint8Array, at: string): string {
  const dir = path.join(dataDir, 'set-aside');
  fs.mkdirSync(dir, { recursive: true });
  const base = (path.basename(fileName || 'campaign.herald-campaign').replace(/[^A-Za-z0-9._-]+/g, '-') || 'campaign.herald-campaign').slice(0, 120);
  const stamp = at.replace(/[:.]/g, '-');
  const name = `${stamp}-${base}`;
  fs.writeFileSync(path.join(dir, name), bytes, { flag: 'wx' });
  return `set-aside/${name}`;
}
