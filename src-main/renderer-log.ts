/**
 * The window's errors in the log file (issue 31): an uncaught error or rejection in the renderer reaches
 * logs/herald.log through app.logError. A page stuck in a loop could send thousands a second, so at most
 * RENDERER_ERRORS_PER_MINUTE are written in any minute; the rest are counted, and the count is written once the
 * minute is over (with the next error that arrives).
 */
import type { RendererErrorInput } from '../shared/ipc/schemas/renderer-log';
import type { HandlerContext } from './context';

export const RENDERER_ERRORS_PER_MINUTE = 10;
const MINUTE = 60_000;

interface Window {
  start: number;
  written: number;
  dropped: number;
}
const windows = new WeakMap<HandlerContext, Window>();

/** One log message for an error: what, where, and the stack when there is one. */
export function rendererErrorMessage(e: RendererErrorInput): string {
  const what = e.kind === 'error' ? 'Error in the window' : 'Unhandled rejection in the window';
  const where = e.source ? ` (${e.source}${e.line ? `:${e.line}${e.column ? `:${e.column}` : ''}` : ''})` : '';
  const route = e.route ? ` on ${e.route}` : '';
  const stack = e.stack ? `\n${e.stack}` : '';
  return `${what}${route}: ${e.message}${where}${stack}`;
}

/** app.logError: the error written, or counted when this minute's are written already. */
export function logRendererError(ctx: HandlerContext, input: RendererErrorInput): { logged: boolean } {
  const log = ctx.log ?? ((m: string) => console.error(m));
  const now = ctx.now().getTime();
  let w = windows.get(ctx);
  if (!w || now - w.start >= MINUTE || now < w.start) {
    if (w && w.dropped > 0)
      log(`${w.dropped} more error${w.dropped === 1 ? '' : 's'} in the window were not logged (at most ${RENDERER_ERRORS_PER_MINUTE} a minute).`);
    w = { start: now, written: 0, dropped: 0 };
    windows.set(ctx, w);
  }
  if (w.written >= RENDERER_ERRORS_PER_MINUTE) {
    w.dropped++;
    return { logged: false };
  }
  w.written++;
  log(rendererErrorMessage(input));
  return { logged: true };
}
