/** backups.* (issue 8, issue 20): the Backups screen's channels, in src-main/backup-actions.ts. */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { backUpNow, campaignsOfBackup, listBackups, restoreBackup, restoreOneCampaign } from '../backup-actions';

export const backupHandlers: PrefixHandlers<'backups', HandlerContext> = {
  'backups.list': (_input, ctx) => listBackups(ctx),
  'backups.create': (_input, ctx) => backUpNow(ctx),
  'backups.restore': ({ file }, ctx) => restoreBackup(ctx, file),
  'backups.campaigns': ({ file }, ctx) => campaignsOfBackup(ctx, file),
  'backups.restoreCampaign': (input, ctx) => restoreOneCampaign(ctx, input),
};
