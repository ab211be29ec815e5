import { z } from 'zod';

export const AppInfo = z.object({
  name: z.literal('Herald'),
  version: z.string(),
  /** Which shell the renderer is running in. */
  mode: z.enum(['electron', 'browser']),
  /** Where the campaign file lives, to show the organiser. */
  dataDir: z.string(),
  databaseFile: z.string(),
  /** Number of the newest migration applied (the file's schema version). */
  schemaVersion: z.number().int(),
  readOnly: z.boolean(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const Empty = z.object({}).strict();
