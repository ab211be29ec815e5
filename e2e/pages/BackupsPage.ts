/** Page object for the Backups and campaign files screen (issue 8). */
import { expect, type Download, type Locator, type Page } from '@playwright/test';

export class BackupsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Backups' }).click();
    await expect(this.page.getByRole('heading', { name: 'Backups and campaign files', level: 1 })).toBeVisible();
  }

  get rows(): Locator {
    return this.page.getByRole('table', { name: 'Backups' }).locator('tbody tr');
  }

  async backUpNow() {
    const before = await this.rows.count();
    await this.page.getByRole('button', { name: 'Back up now' }).click();
    await expect(this.page.getByRole('status')).toContainText('Backed up');
    await expect(this.rows).toHaveCount(before + 1);
  }

  /** The modal confirmation of a whole-file restore (issue 31: a native dialog, Escape cancels). */
  get restoreDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Restore this backup?' });
  }

  /** Restore the backup in row `index` (0 = newest), confirmed in its dialog; the app reloads from the restored file. */
  async restore(index: number) {
    await this.rows
      .nth(index)
      .getByRole('button', { name: /^Restore the backup of/ })
      .click();
    await expect(this.restoreDialog).toBeVisible();
    await this.restoreDialog.getByRole('button', { name: 'Restore', exact: true }).click();
  }

  async exportCampaign(name: string): Promise<Download> {
    await this.page.getByLabel('Campaign', { exact: true }).selectOption({ label: name });
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export campaign file' }).click();
    return download;
  }

  /** A campaign file as exported (packed bytes, issue 29) or as JSON text (the files Herald wrote before). */
  async importCampaign(fileName: string, content: string | Buffer) {
    const [mimeType, buffer] = typeof content === 'string' ? ['application/json', Buffer.from(content)] : ['application/octet-stream', content];
    await this.page.getByLabel('Campaign file to import').setInputFiles({ name: fileName, mimeType, buffer });
  }
}
