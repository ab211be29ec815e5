/**
 * backups.* (issue 8, issue 20): list, back up now, restore the whole file (the current state is backed up first),
 * and list the campaigns of a backup to restore just one of them while every other campaign keeps its newer games
 * (restore-one.ts: the campaign replaced is the one of the same identity, never one of the same name; a handed-over
 * one is refused).
 */
import type { ChannelOutput, ChannelParsedInput } from '../shared/ipc/contract';
import { AppError } from '../shared/ipc/result';
import type { BackupView } from '../shared/ipc/schemas/backups';
import type { HandlerContext } from './context';
import type { BackupInfo } from './db/backup';
import { tellBackupSteps, tellRestoreSteps } from './backup-progress';
import { campaignFromBackup, campaignsInBackup, refuseHandedOverTarget, restoreCampaignFile } from './restore-one';

/** A backup as the Backups screen shows it. */
export const backupView = (b: BackupInfo): BackupView => ({
  file: b.file,
  createdAt: b.createdAt,
  reason: b.reason,
  bytes: b.bytes,
  schemaVersion: b.schemaVersion,
});

function mustBeWritable(ctx: HandlerContext) {
  if (ctx.info.readOnly)
    throw new AppError(
      'READ_ONLY',
      'The campaign file is on a read-only disk: nothing can be written, backups included. Copy the data folder to a writable disk to back it up.',
    );
}

function mustFindBackup(ctx: HandlerContext, file: string): BackupInfo {
  const backup = ctx.backups.list().find((b) => b.file === file);
  if (!backup) throw new AppError('NOT_FOUND', 'That backup is no longer there (or no longer matches its checksum).');
  return backup;
}

export const listBackups = (ctx: HandlerContext): BackupView[] => ctx.backups.list().map(backupView);

export async function backUpNow(ctx: HandlerContext): Promise<BackupView> {
  mustBeWritable(ctx);
  // In a worker thread: a large campaign file takes seconds to copy and check, and the app keeps answering meanwhile.
  // Its steps are told to the windows as the thread begins each (issue 31: "step 2 of 4: compressing 68 MB").
  const made = backupView(await ctx.backups.takeInBackground('by-hand', tellBackupSteps(ctx.emit)));
  ctx.emit('backups.changed', {});
  return made;
}

export async function restoreBackup(ctx: HandlerContext, file: string): Promise<ChannelOutput<'backups.restore'>> {
  mustBeWritable(ctx);
  // Its steps are told as each begins (issue 31): the check of the chosen backup and the backup of the file as it is
  // now run in the backup thread, so each reaches the windows; only the swap itself runs without a pause.
  const { restored, undo } = await ctx.restore(file, tellRestoreSteps(ctx.emit));
  ctx.emit('backups.changed', {});
  ctx.emit('app.restored', { file });
  return { restored: backupView(restored), undo: undo ? backupView(undo) : null };
}

export const campaignsOfBackup = (ctx: HandlerContext, file: string): ChannelOutput<'backups.campaigns'> =>
  campaignsInBackup(mustFindBackup(ctx, file), ctx.info.schemaVersion, ctx.db);

export async function restoreOneCampaign(
  ctx: HandlerContext,
  { file, campaignId }: ChannelParsedInput<'backups.restoreCampaign'>,
): Promise<ChannelOutput<'backups.restoreCampaign'>> {
  if (ctx.info.readOnly) throw new AppError('READ_ONLY', 'The campaign file is on a read-only disk: nothing can be deleted or restored.');
  const backup = mustFindBackup(ctx, file);
  const at = ctx.now().toISOString();
  const campaign = campaignFromBackup(backup, ctx.info.schemaVersion, campaignId, at);
  // A handed-over campaign is refused before the backup below: a refusal changes nothing, not even the backups list.
  refuseHandedOverTarget(ctx.db, campaign);
  await ctx.backups.idle();
  const undo = ctx.backups.take('before-restore');
  const restored = ctx.db.transaction((tx) => restoreCampaignFile(tx, campaign, ctx.newId, at));
  ctx.emit('campaigns.changed', { id: restored.id });
  ctx.emit('backups.changed', {});
  return { ...restored, undo: backupView(undo) };
}
