/** backups.* handlers (issue 8): list, back up now, restore (the current state is backed up first). */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { BackupView } from '../../shared/ipc/schemas/backups';
import type { HandlerContext } from '../context';
import type { BackupInfo } from '../db/backup';

type BackupHandlers = Pick<Handlers<HandlerContext>, 'backups.list' | 'backups.create' | 'backups.restore'>;

function mustBeWritable(ctx: HandlerContext) {
  if (ctx.info.readOnly)
    throw new AppError(
      'READ_ONLY',
      'The campaign file is on a read-only disk: nothing can be written, backups included. Copy the data folder to a writable disk to back it up.',
    );
}

const view = (b: BackupInfo): BackupView => ({ file: b.file, createdAt: b.createdAt, reason: b.reason, bytes: b.bytes, schemaVersion: b.schemaVersion });

export const backupHandlers: BackupHandlers = {
  'backups.list': (_input, ctx) => ctx.backups.list().map(view),

  'backups.create': async (_input, ctx) => {
    mustBeWritable(ctx);
    // In a worker thread: a large campaign file takes seconds to copy and check, and the app keeps answering meanwhile.
    const made = view(await ctx.backups.takeInBackground('by-hand'));
    ctx.emit('backups.changed', {});
    return made;
  },

  'backups.restore': async ({ file }, ctx) => {
    mustBeWritable(ctx);
    // A backup being copied in a worker reads the file this replaces: let it finish first.
    await ctx.backups.idle();
    const { restored, undo } = ctx.restore(file);
    ctx.emit('backups.changed', {});
    ctx.emit('app.restored', { file });
    return { restored: view(restored), undo: undo ? view(undo) : null };
  },
};
