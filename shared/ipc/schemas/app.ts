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
  /** Something the organiser must know about the campaign file since start-up (e.g. a damaged file set aside). */
  notice: z.string().nullable(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const Empty = z.object({}).strict();
