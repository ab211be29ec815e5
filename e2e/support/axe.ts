/**
 * axe-core on the page as it is now (issue 31): no critical, serious or moderate violation. Minor ones are left to
 * judgement (axe marks them "minor" because a screen reader user is barely slowed by them).
 *
 * A failure names each rule, its help text and the elements it found, so the component to fix can be found from the
 * report alone. It is a soft expectation: one run lists every screen's violations, not only the first screen's.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING = new Set(['critical', 'serious', 'moderate']);

export interface AxeOptions {
  /** CSS selectors left out of the check (e.g. a third-party widget); none in Herald so far. */
  exclude?: string[];
}

/** The violations axe finds that block (critical, serious or moderate), one readable line per element. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.impact} ${v.id} (${v.help}): ${n.target.join(' ')} ${n.html.slice(0, 160)}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
      ),
    );
}

/** Checks the page as it is now; `label` names the screen in the report ("campaign page", "game: Injuries step"). */
export async function expectNoAxeViolations(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const found = await axeViolations(page, options);
  expect.soft(found, `axe on ${label}`).toEqual([]);
}
