/**
 * Restoring ONE campaign from a verified backup, leaving every other campaign as it is now (issue 20: "a restore
 * replaces every campaign on the laptop"). The backup is never opened in place: it is checked against its manifest,
 * decompressed (or copied) to a private temporary file, and read from there read-only. The campaign is read out as a
 * campaign file (exportCampaign) and put in place of the current one in one transaction, through the same checked
 * import a campaign file goes through (fresh ids, rosters equal to their ledgers, no team owing Req), so the write
 * keeps every invariant an import keeps.
 */
import Database from 'better-sqlite3';
import { asc, count, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../shared/ipc/result';
import { deleteCampaignRows } from './campaign-delete';
import { exportCampaign, importCampaign } from './campaign-file';
import { findCampaignByName } from './repos/campaigns';
import { sha256File, type BackupInfo } from './db/backup';
import type { Db } from './db/open';
import * as schema from './db/schema';
import { campaigns, games } from './db/schema';
import { decompressFileSync, isZstdFile } from './db/zstd';

/** `read` over a backup opened read-only from a private copy (decompressed if need be), removed afterwards. */
export function openBackupReadOnly<T>(backup: BackupInfo, schemaVersion: number, read: (db: Db) => T): T {
  if (sha256File(backup.path) !== backup.sha256)
    throw new AppError('VALIDATION', `The backup ${backup.file} no longer matches its checksum: it cannot be read.`);
  if (backup.schemaVersion !== schemaVersion) {
    throw new AppError(
      'VALIDATION',
      `The backup ${backup.file} was made by another version of Herald (file version ${backup.schemaVersion}, this one ${schemaVersion}): restore it whole instead.`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-restore-one-'));
  const file = path.join(dir, 'backup.sqlite');
  try {
    if (isZstdFile(backup.path)) {
      const out = decompressFileSync(backup.path, file);
      if (backup.databaseSha256 && out.sha256 !== backup.databaseSha256)
        throw new AppError('VALIDATION', `The backup ${backup.file} does not decompress to the database its manifest names.`);
    } else fs.copyFileSync(backup.path, file);
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

/** The campaigns a backup holds, with their games, for the organiser to pick one. */
export function campaignsInBackup(backup: BackupInfo, schemaVersion: number) {
  return openBackupReadOnly(backup, schemaVersion, (db) =>
    db
      .select({ id: campaigns.id, name: campaigns.name, games: count(games.id) })
      .from(campaigns)
      .leftJoin(games, eq(games.campaignId, campaigns.id))
      .groupBy(campaigns.id)
      .orderBy(asc(campaigns.name))
      .all(),
  );
}

/**
 * Put the backup's copy of `campaignId` in place of the campaign now on the laptop (deleted first, if there), in the
 * caller's transaction. Returns the restored campaign's (new) id and its name.
 */
export function restoreOneCampaign(
  db: Db,
  backup: BackupInfo,
  schemaVersion: number,
  campaignId: string,
  newId: () => string,
  at: string,
): { id: string; name: string } {
  const file = openBackupReadOnly(backup, schemaVersion, (backupDb) => {
    if (!backupDb.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).get()) {
      throw new AppError('NOT_FOUND', 'That campaign is not in this backup.');
    }
    return exportCampaign(backupDb, campaignId, at);
  });
  // The campaign as it is now: the same id, or the same name (a campaign restored once before has new ids).
  const current = db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).get() ?? findCampaignByName(db, file.campaign.name);
  if (current) deleteCampaignRows(db, current.id);
  const id = importCampaign(db, file, newId, at);
  return { id, name: file.campaign.name };
}
