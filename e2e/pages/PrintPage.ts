/** Page object for a printable page (#/print/KIND/ID?paper=…): the print preview's toolbar and the sheets. */
import { expect, type Locator, type Page } from '@playwright/test';

export class PrintPage {
  constructor(readonly page: Page) {}

  get toolbar(): Locator {
    return this.page.getByRole('toolbar', { name: 'Print preview' });
  }
  /** The system print dialog (browser mode: the browser's window.print()). */
  get printButton(): Locator {
    return this.toolbar.getByRole('button', { name: 'Print…', exact: true });
  }
  /** Save as PDF (Electron: main's save dialog; browser mode: the browser's print dialog). */
  get savePdfButton(): Locator {
    return this.toolbar.getByRole('button', { name: 'Save as PDF', exact: true });
  }
  paperLink(paper: 'A4' | 'US Letter'): Locator {
    return this.toolbar.getByRole('group', { name: 'Paper size' }).getByRole('link', { name: paper, exact: true });
  }
  /** A sheet of the page: 'Roster sheet', 'Game plan', 'Post-game slip', 'Campaign bulletin'. */
  sheet(name: string | RegExp): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The page has its data and fonts on it (what Electron's printToPDF waits for too). */
  async waitUntilReady() {
    await expect(this.page.locator('html')).toHaveAttribute('data-print-ready', '1', { timeout: 20_000 });
  }

  async choosePaper(paper: 'A4' | 'US Letter') {
    await this.paperLink(paper).click();
    await expect(this.paperLink(paper)).toHaveAttribute('aria-current', 'page');
    await this.waitUntilReady();
  }

  /** Chromium's own PDF of the page (headless Chromium only), with the page's @page size and margins. */
  async pdf(path: string): Promise<Buffer> {
    return this.page.pdf({ path, preferCSSPageSize: true, printBackground: true });
  }
}
