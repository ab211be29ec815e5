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
import { letOut, tellBackupSteps, tellRestoreOneSteps, tellRestoreSteps, type RestoreOneStep } from './backup-progress';
import { RestoreUnderWay } from './backups';
import { checkCampaignFileSteps } from './campaign-file';
import { runTelling } from './campaign-file/progress';
import { campaignOf, campaignsInBackup, readBackupOut, refuseHandedOverTarget, restoreCampaignFile } from './restore-one';

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

/** Unpacks `backup` to a file of the caller's, checked against its manifest, in the backup thread (issue 31). */
const unpackerOf = (ctx: HandlerContext, backup: BackupInfo) => (dest: string) => ctx.backups.unpackForRestore(backup, dest);

export async function campaignsOfBackup(ctx: HandlerContext, file: string): Promise<ChannelOutput<'backups.campaigns'>> {
  const backup = mustFindBackup(ctx, file);
  return campaignsInBackup(backup, ctx.info.schemaVersion, unpackerOf(ctx, backup), ctx.db);
}

export async function restoreOneCampaign(
  ctx: HandlerContext,
  { file, campaignId }: ChannelParsedInput<'backups.restoreCampaign'>,
): Promise<ChannelOutput<'backups.restoreCampaign'>> {
  if (ctx.info.readOnly) throw new AppError('READ_ONLY', 'The campaign file is on a read-only disk: nothing can be deleted or restored.');
  const backup = mustFindBackup(ctx, file);
  const end = beginRestore(ctx);
  try {
    return await restoreOneTelling(ctx, backup, campaignId);
  } finally {
    end();
  }
}

/**
 * Restoring one campaign, telling the windows each step (issue 31): reading it out of the backup (checked and unpacked
 * in the backup thread), checking it game by game as an import does, the backup of this laptop (in the thread too),
 * then writing it — the only part without a pause, so nothing is written between that backup and the restore.
 */
async function restoreOneTelling(ctx: HandlerContext, backup: BackupInfo, campaignId: string): Promise<ChannelOutput<'backups.restoreCampaign'>> {
  const at = ctx.now().toISOString();
  const told = tellRestoreOneSteps(ctx.emit);
  // The campaign's name, once it is read out of the backup.
  const named: { campaign?: string } = {};
  const tell = (step: RestoreOneStep, extra: { games?: number; gamesChecked?: number } = {}) => told(step, { ...extra, ...named });
  tell('reading-backup');
  await letOut();
  const campaign = await readBackupOut(backup, ctx.info.schemaVersion, unpackerOf(ctx, backup), campaignOf(campaignId, at));
  // A handed-over campaign is refused before the backup below: a refusal changes nothing, not even the backups list.
  refuseHandedOverTarget(ctx.db, campaign);
  named.campaign = campaign.campaign.name.slice(0, 200);
  const games = campaign.games.length;
  tell('checking-games', { games, gamesChecked: 0 });
  await letOut();
  const checked = await runTelling(checkCampaignFileSteps(campaign, ctx.newId), games, async (gamesChecked) => {
    tell('checking-games', { games, gamesChecked });
    await letOut();
  });
  tell('backing-up');
  const undoing = await ctx.backups.takeForSwap('before-restore');
  tell('putting-back');
  await letOut();
  // From here to the answer, without a pause.
  const undo = undoing.confirm();
  const restored = ctx.db.transaction((tx) => restoreCampaignFile(tx, campaign, ctx.newId, at, checked));
  ctx.emit('campaigns.changed', { id: restored.id });
  ctx.emit('backups.changed', {});
  return { ...restored, undo: backupView(undo) };
}

/** One restore at a time (a whole-file restore or one campaign); a second is refused in words, changing nothing. */
function beginRestore(ctx: HandlerContext): () => void {
  try {
    return ctx.backups.beginRestore();
  } catch (e) {
    if (e instanceof RestoreUnderWay) throw new AppError('VALIDATION', e.message);
    throw e;
  }
}
