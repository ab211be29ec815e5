/** Page object for the start-up recovery screen (issue 8): a campaign file set aside, a backup offered. */
import { expect, type Locator, type Page } from '@playwright/test';

export class RecoveryPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: /^The campaign file / });
  }

  /** The name the original file was moved to (shown in full, to find it in the data folder). */
  get setAsideFile(): Locator {
    return this.page.getByTestId('set-aside-file');
  }

  get restoreButton(): Locator {
    return this.page.getByRole('button', { name: /^Restore the backup of / });
  }

  async waitUntilShown() {
    await expect(this.heading).toBeVisible();
  }

  /** Restore the offered backup; Herald reloads from it. */
  async restoreOffered() {
    await this.restoreButton.click();
    await expect(this.heading).toHaveCount(0);
  }

  async chooseAnotherBackup() {
    await this.page.getByRole('button', { name: 'Choose another backup' }).click();
  }

  async startEmpty() {
    await this.page.getByRole('button', { name: 'Start with an empty campaign file' }).click();
    await expect(this.heading).toHaveCount(0);
  }
}
