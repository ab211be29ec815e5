/**
 * PDFs through Chromium's own engine (issue 7). In Electron main renders the renderer's print route in a hidden
 * window (printToPDF) and saves it where the organiser chooses; in browser mode the page prints itself through the
 * browser's print dialog. Beside "Save as PDF" (issue 31): the system print dialog for a print page, and opening a
 * saved PDF or showing it in its folder — only a PDF main saved itself this session.
 */
import type { ChannelOutput, ChannelParsedInput, EventPayload } from '../shared/ipc/contract';
import { AppError } from '../shared/ipc/result';
import { printHash } from '../shared/ipc/schemas/print';
import type { HandlerContext } from './context';
import type { PrintStep } from './files';

/** The PDFs print.pdf saved, by core (one context per core). */
const savedPdfs = new WeakMap<HandlerContext, Set<string>>();

/** print.pdf saved `file`: print.openSaved may open it. */
function rememberSavedPdf(ctx: HandlerContext, file: string): void {
  const saved = savedPdfs.get(ctx) ?? new Set<string>();
  saved.add(file);
  savedPdfs.set(ctx, saved);
}

/** Pages in a PDF made by Chromium: one "/Type /Page" object per page. */
export const pdfPageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type\s*\/Page(?![s\w])/g) ?? []
  ).length;

type PrintProgress = EventPayload<'print.progress'>;
const PRINT_STEPS: PrintProgress['step'][] = ['gathering', 'laying-out', 'making-pdf', 'saving'];
/** The most times a pack's count of teams is told (the step's other events are one each). */
const COUNTS_MAX = 100;

/**
 * Save as PDF's steps, told to the windows (issue 31, `print.progress`): each once and never a step back; the pack's
 * count of teams gathered at most a hundred times, however many teams. Telling never fails the PDF.
 */
export function tellPrintSteps(ctx: Pick<HandlerContext, 'emit'>, kind: PrintProgress['kind'], id: string): (p: PrintStep | { step: 'saving' }) => void {
  let at = -1;
  let counted = -1;
  return (p) => {
    try {
      const n = PRINT_STEPS.indexOf(p.step);
      const done = 'done' in p ? p.done : undefined;
      const total = 'total' in p ? p.total : undefined;
      const every = Math.max(1, Math.ceil((total ?? 0) / COUNTS_MAX));
      const recount = n === at && done !== undefined && done > counted && (done === total || done - counted >= every);
      if (n < at || (n === at && !recount)) return;
      at = n;
      counted = done ?? -1;
      ctx.emit('print.progress', { kind, id, step: p.step, ...(done !== undefined ? { done } : {}), ...(total !== undefined ? { total } : {}) });
    } catch {
      // a progress message is never worth a failed PDF
    }
  };
}

export async function savePdf(
  ctx: HandlerContext,
  { kind, id, paper, evening, fileName }: ChannelParsedInput<'print.pdf'>,
): Promise<ChannelOutput<'print.pdf'>> {
  if (!ctx.printer || !ctx.files) return { outcome: 'browser' as const };
  // The hidden print window gathers the page's data and lays it out, then Chromium makes the PDF in one call: each step
  // is told as it comes (issue 31; the campaign pack counts its teams), the save dialog last.
  const tell = tellPrintSteps(ctx, kind, id);
  tell({ step: 'gathering' });
  const bytes = await ctx.printer.toPdf(printHash(kind, id, paper, evening), paper, tell);
  tell({ step: 'saving' });
  const name = fileName.toLowerCase().endsWith('.pdf') ? fileName : `${fileName}.pdf`;
  const saved = await ctx.files.saveBytes({ title: 'Save as PDF', defaultName: name, extensions: ['pdf'], bytes });
  if (!saved) return { outcome: 'cancelled' as const };
  rememberSavedPdf(ctx, saved);
  return { outcome: 'saved' as const, path: saved, pages: pdfPageCount(bytes) };
}

export async function printWithSystemDialog(
  ctx: HandlerContext,
  { kind, id, paper, evening }: ChannelParsedInput<'print.system'>,
): Promise<ChannelOutput<'print.system'>> {
  if (!ctx.printer?.print) return { outcome: 'browser' as const };
  return { outcome: await ctx.printer.print(printHash(kind, id, paper, evening), paper) };
}

export async function openSavedPdf(ctx: HandlerContext, { path, how }: ChannelParsedInput<'print.openSaved'>): Promise<ChannelOutput<'print.openSaved'>> {
  if (!ctx.printer?.reveal) throw new AppError('VALIDATION', 'Browser mode saves PDFs through the browser: open it from the browser’s downloads.');
  if (!savedPdfs.get(ctx)?.has(path)) throw new AppError('NOT_FOUND', 'Herald did not save that PDF in this session: open it from its folder.');
  await ctx.printer.reveal(path, how);
  return { opened: true as const };
}
