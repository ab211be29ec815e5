/**
 * Undoing mistakes (issue 20): delete a team never founded; delete a campaign (a verified backup first, named after
 * it, so it comes back from the Backups screen); list the campaigns of a backup and restore just one of them while
 * every other campaign keeps its newer games (restore-one.ts: the campaign replaced is the one of the same identity,
 * never one of the same name; a handed-over one is refused).
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { BackupView } from '../../shared/ipc/schemas/backups';
import { nameKey } from '../../shared/names';
import { campaignContents, deleteCampaignRows, deleteUnfoundedTeam } from '../campaign-delete';
import type { HandlerContext } from '../context';
import type { BackupInfo } from '../db/backup';
import { campaignFromBackup, campaignsInBackup, refuseHandedOverTarget, restoreCampaignFile } from '../restore-one';
import { undoAction } from '../undo-action';
import { findTeam } from '../repos/teams';

type MistakeHandlers = Pick<Handlers<HandlerContext>, 'teams.delete' | 'teams.undo' | 'campaigns.delete' | 'backups.campaigns' | 'backups.restoreCampaign'>;

const view = (b: BackupInfo): BackupView => ({ file: b.file, createdAt: b.createdAt, reason: b.reason, bytes: b.bytes, schemaVersion: b.schemaVersion });

function mustBeWritable(ctx: HandlerContext) {
  if (ctx.info.readOnly) throw new AppError('READ_ONLY', 'The campaign file is on a read-only disk: nothing can be deleted or restored.');
}

function mustFindBackup(ctx: HandlerContext, file: string): BackupInfo {
  const backup = ctx.backups.list().find((b) => b.file === file);
  if (!backup) throw new AppError('NOT_FOUND', 'That backup is no longer there (or no longer matches its checksum).');
  return backup;
}

export const mistakeHandlers: MistakeHandlers = {
  'teams.delete': ({ id }, ctx) => {
    mustBeWritable(ctx);
    const gone = ctx.db.transaction((tx) => deleteUnfoundedTeam(tx, id));
    ctx.emit('teams.changed', { id, campaignId: gone.campaignId });
    return gone;
  },

  'teams.undo': ({ id, entryId }, ctx) => {
    mustBeWritable(ctx);
    const reason = ctx.db.transaction((tx) => undoAction(tx, id, entryId, ctx.newId, ctx.now().toISOString()));
    ctx.emit('teams.changed', { id, campaignId: findTeam(ctx.db, id)!.campaignId });
    return { reason };
  },

  'campaigns.delete': async ({ id, confirmName }, ctx) => {
    mustBeWritable(ctx);
    const { name } = campaignContents(ctx.db, id);
    if (nameKey(confirmName) !== nameKey(name)) throw new AppError('VALIDATION', `Type the campaign's name, “${name}”, to delete it.`);
    // docs/reliability.md rule 3: a verified backup before anything is deleted; it is what brings the campaign back.
    await ctx.backups.idle();
    const backup = ctx.backups.take(`before-delete-campaign:${name}`);
    ctx.db.transaction((tx) => deleteCampaignRows(tx, id));
    ctx.emit('campaigns.changed', { id });
    ctx.emit('backups.changed', {});
    return { name, backup: view(backup) };
  },

  'backups.campaigns': ({ file }, ctx) => campaignsInBackup(mustFindBackup(ctx, file), ctx.info.schemaVersion, ctx.db),

  'backups.restoreCampaign': async ({ file, campaignId }, ctx) => {
    mustBeWritable(ctx);
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
    return { ...restored, undo: view(undo) };
  },
};
