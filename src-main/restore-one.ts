/**
 * Restoring ONE campaign from a verified backup, leaving every other campaign as it is now (issue 20: "a restore
 * replaces every campaign on the laptop"). The backup is never opened in place: it is checked against its manifest,
 * decompressed (or copied) to a private temporary file, and read from there read-only. The campaign is read out as a
 * campaign file (exportCampaign) and put in place of the current one in one transaction, through the same checked
 * import a campaign file goes through (fresh ids, rosters equal to their ledgers, no team owing Req), so the write
 * keeps every invariant an import keeps.
 *
 * Issue 27: the campaign it replaces is the one with the same identity across laptops (`origin_id`), never one found
 * by name; the restored campaign keeps that identity. A campaign of another identity that has the name now is left
 * alone and the restored one takes a free name; a handed-over campaign is not replaced until it is taken back.
 */
import Database from 'better-sqlite3';
import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../shared/ipc/result';
import { formatDay } from '../shared/format';
import { CAMPAIGN_NAME_MAX } from '../shared/ipc/schemas/campaigns';
import { deleteCampaignRows } from './campaign-delete';
import { exportCampaign, importCampaign, importChecked, type CampaignFile, type CheckedCampaignFile } from './campaign-file';
import { handedOver } from './hand-over';
import { findCampaignByName } from './repos/campaigns';
import { DamagedBackup, type BackupInfo } from './db/backup';
import type { Db } from './db/open';
import * as schema from './db/schema';
import { campaigns, games } from './db/schema';

/**
 * `read` over a backup opened read-only from a private copy, removed afterwards. The backup is checked against its
 * manifest and unpacked by `unpack` (in the backup thread: Backups.unpackForRestore, issue 31), so the app keeps
 * answering and the windows are told meanwhile.
 */
export async function readBackupOut<T>(backup: BackupInfo, schemaVersion: number, unpack: (dest: string) => Promise<void>, read: (db: Db) => T): Promise<T> {
  if (backup.schemaVersion !== schemaVersion) {
    throw new AppError(
      'VALIDATION',
      `The backup ${backup.file} was made by another version of Herald (file version ${backup.schemaVersion}, this one ${schemaVersion}): restore it whole instead.`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-restore-one-'));
  const file = path.join(dir, 'backup.sqlite');
  try {
    try {
      await unpack(file); // checked against its manifest, within what it records (issue 28)
    } catch (e) {
      throw e instanceof DamagedBackup ? new AppError('VALIDATION', e.message) : e;
    }
    const sqlite = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return read(drizzle({ client: sqlite, schema }) as unknown as Db);
    } finally {
      sqlite.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The campaign `campaignId` read out of a backup as a campaign file (exportCampaign), or NOT_FOUND in words. */
export const campaignOf =
  (campaignId: string, at: string) =>
  (backupDb: Db): CampaignFile => {
    if (!backupDb.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).get()) {
      throw new AppError('NOT_FOUND', 'That campaign is not in this backup.');
    }
    return exportCampaign(backupDb, campaignId, at);
  };

/**
 * The campaigns a backup holds, with their games, for the organiser to pick one; each with the campaign it would
 * replace on this laptop (`db`), found by identity, and whether that one is handed over (issue 27: the window
 * disables what a restore would refuse).
 */
export async function campaignsInBackup(backup: BackupInfo, schemaVersion: number, unpack: (dest: string) => Promise<void>, db: Db) {
  const inBackup = await readBackupOut(backup, schemaVersion, unpack, (backupDb) =>
    backupDb
      .select({ id: campaigns.id, originId: campaigns.originId, name: campaigns.name, games: count(games.id) })
      .from(campaigns)
      .leftJoin(games, eq(games.campaignId, campaigns.id))
      .groupBy(campaigns.id)
      .orderBy(asc(campaigns.name))
      .all(),
  );
  return inBackup.map(({ originId, ...c }) => {
    const target = targetOf(db, originId ?? c.id);
    const h = target ? handedOver(db, target.id) : null;
    return { ...c, here: target ? { name: target.name, handedOverTo: h?.to ?? null } : null };
  });
}

/** The campaign's identity across laptops: the id it was made with (exportCampaign always writes it). */
const identityOf = (file: CampaignFile): string => file.campaign.originId ?? file.campaign.id;

/**
 * The campaign on this laptop with the file's identity, if any: the one a restore replaces. Never found by name (issue
 * 27): another campaign that took the same name since is another campaign.
 */
export function restoreTarget(db: Db, file: CampaignFile): { id: string; name: string } | undefined {
  return targetOf(db, identityOf(file));
}

/** The campaign on this laptop with this identity across laptops, if any. */
function targetOf(db: Db, identity: string): { id: string; name: string } | undefined {
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(or(eq(campaigns.originId, identity), and(isNull(campaigns.originId), eq(campaigns.id, identity))))
    .get();
}

/**
 * Refuse, in words and before anything is written (the backup before a restore included), a restore whose target is
 * handed over: the other laptop holds the campaign's newer history, and replacing it here would lose the mark that
 * keeps this laptop from writing (docs/decisions.md, "Restoring one campaign finds it by identity").
 */
export function refuseHandedOverTarget(db: Db, file: CampaignFile): void {
  const target = restoreTarget(db, file);
  const h = target ? handedOver(db, target.id) : null;
  if (!h) return;
  const day = dayWords(h.at);
  throw new AppError(
    'READ_ONLY',
    `“${h.name}” is handed over to ${h.to} (since ${day}): a backup cannot replace it while the other laptop has it. Import the newer copy when it comes back, or take the campaign back first. Nothing was restored.`,
  );
}

/** "27 Nov 2026" in en-GB (the organiser's locale, shared/format), the day in UTC as it is stored. */
const dayWords = (at: string) => formatDay(at, { utc: true });

/**
 * The name the restored campaign takes: its own, unless a campaign of another identity has it now; then "<name>
 * (restored <day>)", then "… 2", "… 3" if that is taken too, within the campaign name's length.
 */
function freeName(db: Db, name: string, replacing: string | undefined, at: string): string {
  const taken = (candidate: string) => {
    const clash = findCampaignByName(db, candidate);
    return clash !== undefined && clash.id !== replacing;
  };
  if (!taken(name)) return name;
  for (let n = 1; ; n++) {
    const tail = ` (restored ${dayWords(at)})${n === 1 ? '' : ` ${n}`}`;
    const candidate = `${name.slice(0, CAMPAIGN_NAME_MAX - tail.length).trimEnd()}${tail}`;
    if (!taken(candidate)) return candidate;
  }
}

export interface RestoredCampaign {
  /** The restored campaign's (new) id. */
  id: string;
  /** Its name here: the backup's, or a free one when another campaign has that name now. */
  name: string;
  /** In words, when the campaign came back under another name; otherwise null. */
  message: string | null;
}

/**
 * Put the backup's campaign (campaignFromBackup) in place of the campaign of the same identity on this laptop (deleted
 * first, if there), in the caller's transaction. The restored campaign keeps its identity, so a second restore finds
 * it again and a hand-over file of it is still known for it. A campaign of another identity is never touched: when it
 * has the backup campaign's name, the restored one takes a free name and the answer says so. A handed-over target is
 * refused (refuseHandedOverTarget).
 */
export function restoreCampaignFile(db: Db, file: CampaignFile, newId: () => string, at: string, checked?: CheckedCampaignFile): RestoredCampaign {
  refuseHandedOverTarget(db, file);
  const target = restoreTarget(db, file);
  const wanted = file.campaign.name;
  const name = freeName(db, wanted, target?.id, at);
  if (target) deleteCampaignRows(db, target.id);
  // The identity goes in with the file (remap.ts keeps campaign.originId): no campaign here has it any more, so
  // importChecked does not take the file for a copy. A file checked already (game by game, issue 31) is not checked again.
  const campaign = { name, originId: identityOf(file) };
  const id = checked
    ? importChecked(db, { ...checked, campaign: { ...checked.campaign, ...campaign } }, newId, at)
    : importCampaign(db, { ...file, campaign: { ...file.campaign, ...campaign } }, newId, at);
  const message =
    name === wanted
      ? null
      : `“${wanted}” is back under the name “${name}”: the campaign called “${wanted}” on this laptop now is another campaign, and it was left as it is.`;
  return { id, name, message };
}
