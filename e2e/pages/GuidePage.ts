/** Page object for the in-app guide (#/guide, #/guide/PAGE; issue 31). */
import { expect, type Locator, type Page } from '@playwright/test';

export class GuidePage {
  constructor(readonly page: Page) {}

  /** The app bar's "Guide" link (browser mode and desktop alike). */
  async open() {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Guide' }).click();
    await expect(this.heading).toHaveText('Guide');
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get contents(): Locator {
    return this.page.getByRole('list', { name: 'Guide pages' });
  }

  async openPage(title: string) {
    await this.contents.getByRole('link', { name: title }).click();
    await expect(this.heading).toHaveText(title);
  }

  /** A guide page's step (an h2 such as "4. A game") and the text under it. */
  step(title: string): Locator {
    return this.page.getByRole('heading', { name: title, level: 2 });
  }
}
