/**
 * File dialogs belong to the main process: the renderer never names a path (docs/reliability.md rule 6). Electron
 * provides this; browser mode has none, and the renderer uploads or downloads instead.
 */
export interface FileDialogs {
  /** Shows an open dialog and reads the chosen file (refusing files over `maxBytes`); null when cancelled. */
  openText(options: { title: string; extensions: string[]; maxBytes: number }): Promise<{ fileName: string; text: string } | null>;
  /** Shows an open dialog and reads the chosen file's bytes (refusing files over `maxBytes`); null when cancelled. */
  openBytes(options: { title: string; extensions: string[]; maxBytes: number }): Promise<{ fileName: string; bytes: Uint8Array } | null>;
  /** Shows a save dialog and writes the text there; returns the path, or null when cancelled. */
  saveText(options: { title: string; defaultName: string; extensions: string[]; text: string }): Promise<string | null>;
  /** Shows a save dialog and writes the bytes there; returns the path, or null when cancelled. */
  saveBytes(options: { title: string; defaultName: string; extensions: string[]; bytes: Uint8Array }): Promise<string | null>;
}

/** Renders one of the renderer's print routes to PDF with Chromium's engine (Electron's printToPDF). */
/** What the hidden print window is doing (issue 31): gathering its data (a pack counts its teams), laying out, making the PDF. */
export interface PrintStep {
  step: 'gathering' | 'laying-out' | 'making-pdf';
  done?: number;
  total?: number;
}

export interface Printer {
  /** `onStep` hears each step of the hidden print window as it comes (best effort: it never fails the PDF). */
  toPdf(hash: string, paper: 'a4' | 'letter', onStep?: (step: PrintStep) => void): Promise<Uint8Array>;
  /** The system print dialog for the same page (issue 31): printed, or cancelled by the organiser; throws on failure. */
  print?(hash: string, paper: 'a4' | 'letter'): Promise<'printed' | 'cancelled'>;
  /** Open a saved file with the system's viewer, or show it in its folder (issue 31). */
  reveal?(file: string, how: 'open' | 'folder'): Promise<void>;
}
