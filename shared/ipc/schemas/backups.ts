/** IPC schemas for backups (issue 8): the list of verified backups, back up now, restore one. */
import { z } from 'zod';

export const BackupView = z.object({
  /** The backup's file name in the backups folder (the renderer never names a path). */
  file: z.string(),
  createdAt: z.string(),
  reason: z.string(),
  bytes: z.number().int(),
  schemaVersion: z.number().int(),
});
export type BackupView = z.infer<typeof BackupView>;

export const BackupFileInput = z
  .object({
    file: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[^/\\]+\.sqlite(\.zst)?$/, 'Choose a backup from the list.'),
  })
  .strict();
export const BackupRestoreResult = z.object({ restored: BackupView, undo: BackupView.nullable() });
