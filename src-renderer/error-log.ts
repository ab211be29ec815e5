/**
 * The window's uncaught errors and rejections go to Herald's log file (issue 31), through app.logError, so a problem
 * an organiser only saw as "nothing happened" is in the log they can send. Main writes at most a few a minute; the page
 * also stops sending after MAX_SENT, so a loop costs neither side anything. Works in the desktop app and browser mode.
 */
import { api } from './api';

const MAX_SENT = 50;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function reportErrorsToLog(target: Window = window): void {
  let sent = 0;
  const send = (input: Parameters<typeof api.call<'app.logError'>>[1]) => {
    if (sent >= MAX_SENT) return;
    sent++;
    // Never an error of its own: a failed report must not become the next report.
    api.call('app.logError', { ...input, route: cut(target.location.hash.split('?')[0] ?? '', 300) }).catch(() => {});
  };
  target.addEventListener('error', (e: ErrorEvent) => {
    const error = e.error instanceof Error ? e.error : null;
    send({
      kind: 'error',
      message: cut(error?.message ?? e.message ?? 'Unknown error', 2000),
      ...(e.filename ? { source: cut(e.filename, 500) } : {}),
      ...(e.lineno ? { line: e.lineno } : {}),
      ...(e.colno ? { column: e.colno } : {}),
      ...(error?.stack ? { stack: cut(error.stack, 8000) } : {}),
    });
  });
  target.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => {
    const reason: unknown = e.reason;
    const error = reason instanceof Error ? reason : null;
    send({
      kind: 'unhandledrejection',
      message: cut(error?.message ?? String(reason), 2000),
      ...(error?.stack ? { stack: cut(error.stack, 8000) } : {}),
    });
  });
}
