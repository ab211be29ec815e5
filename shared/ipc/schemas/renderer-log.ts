/**
 * A renderer error for the log file (issue 31): what the window's `error` and `unhandledrejection` events carry, cut
 * to sizes a log line can hold. Main rate-limits them (src-main/renderer-log.ts), so a loop cannot flood it.
 */
import { z } from 'zod';

export const RendererErrorInput = z
  .object({
    kind: z.enum(['error', 'unhandledrejection']),
    message: z.string().max(2000),
    /** The script's address and position, when the browser gives them. */
    source: z.string().max(500).optional(),
    line: z.number().int().min(0).max(10_000_000).optional(),
    column: z.number().int().min(0).max(10_000_000).optional(),
    stack: z.string().max(8000).optional(),
    /** The screen on screen (its route), to know where it happened. */
    route: z.string().max(300).optional(),
  })
  .strict();
export type RendererErrorInput = z.infer<typeof RendererErrorInput>;
export const RendererErrorResult = z.object({ logged: z.boolean() });
