/** print.* (issue 7, issue 31): PDFs and the system print dialog, in src-main/printing.ts. The bulletin's data is campaigns.bulletin. */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { openSavedPdf, printWithSystemDialog, savePdf } from '../printing';

export const printHandlers: PrefixHandlers<'print', HandlerContext> = {
  'print.pdf': (input, ctx) => savePdf(ctx, input),
  'print.system': (input, ctx) => printWithSystemDialog(ctx, input),
  'print.openSaved': (input, ctx) => openSavedPdf(ctx, input),
};
