/**
 * Printing beside "Save as PDF" (issue 31): the system print dialog for a print page (Electron prints the print
 * route's own window, the same page printToPDF renders), and, after a PDF is saved, opening it or showing it in its
 * folder. The renderer names a path only to say which saved PDF it means: main opens nothing it did not save itself
 * this session.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import { printHash } from '../../shared/ipc/schemas/print';
import type { HandlerContext } from '../context';

type PrintDialogHandlers = Pick<Handlers<HandlerContext>, 'print.system' | 'print.openSaved'>;

/** The PDFs print.pdf saved, by core (one context per core). */
const savedPdfs = new WeakMap<HandlerContext, Set<string>>();

/** print.pdf saved `file`: print.openSaved may open it. */
export function rememberSavedPdf(ctx: HandlerContext, file: string): void {
  const saved = savedPdfs.get(ctx) ?? new Set<string>();
  saved.add(file);
  savedPdfs.set(ctx, saved);
}

export const printDialogHandlers: PrintDialogHandlers = {
  'print.system': async ({ kind, id, paper }, ctx) => {
    if (!ctx.printer?.print) return { outcome: 'browser' as const };
    return { outcome: await ctx.printer.print(printHash(kind, id, paper), paper) };
  },

  'print.openSaved': async ({ path, how }, ctx) => {
    if (!ctx.printer?.reveal) throw new AppError('VALIDATION', 'Browser mode saves PDFs through the browser: open it from the browser’s downloads.');
    if (!savedPdfs.get(ctx)?.has(path)) throw new AppError('NOT_FOUND', 'Herald did not save that PDF in this session: open it from its folder.');
    await ctx.printer.reveal(path, how);
    return { opened: true as const };
  },
};
