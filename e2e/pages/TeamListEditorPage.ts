/**
 * Page object for the team-list library and editor (issue 17). It types as a person would — the keyboard for
 * names, numbers and wargear, a click for a button or a tick box — and counts both, so a spec can say how much
 * work typing a list in from paper takes.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type Category = 'Team Leader' | 'Special model' | 'Core model' | 'Squad';

/** One entry as printed on paper. */
export interface PaperEntry {
  name: string;
  type: Category;
  points: number;
  /** WS BS S T W I A Ld Sv as printed, e.g. "4 4 3 3 1 5 1 8 5+". */
  profile: string;
  inv?: string;
  squad?: [min: number, max: number];
  maxPerTeam?: number;
  unitType?: string;
  wargear: string[];
  grenades?: string[];
  armoury?: boolean;
  psyker?: boolean;
  rules?: string[];
  otherRules?: string[];
  groups?: { name: string; any?: boolean }[];
  options?: { name: string; points: number; replaces?: string[]; adds?: string[]; group?: string }[];
}

export interface PaperArmouryItem {
  name: string;
  points: number;
  text: string;
  types: ('Team Leaders' | 'Special models' | 'Core models' | 'Squads')[];
}

export class TeamListEditorPage {
  clicks = 0;
  keys = 0;

  constructor(readonly page: Page) {}

  // ----- counted input -----

  async click(target: Locator) {
    this.clicks++;
    await target.click();
  }
  async type(text: string) {
    this.keys += text.length;
    await this.page.keyboard.type(text);
  }
  async press(key: string, times = 1) {
    for (let i = 0; i < times; i++) {
      this.keys++;
      await this.page.keyboard.press(key);
    }
  }
  /** A select: one click to open it, one to choose. */
  async choose(select: Locator, label: string) {
    this.clicks += 2;
    await select.selectOption({ label });
  }
  /** Click into a field, clear it and type (a person selects the old text with a triple click). */
  async retype(field: Locator, text: string) {
    this.clicks++;
    await field.click({ clickCount: 3 });
    await this.type(text);
  }

  // ----- the library -----

  get problems(): Locator {
    return this.page.getByRole('alert', { name: 'List problems' });
  }
  errorFor(key: string): Locator {
    return this.page.locator(`[data-error-for="${key}"]`);
  }
  field(key: string): Locator {
    return this.page.locator(`[data-key="${key}"]`);
  }

  async openLibrary() {
    await this.click(this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team lists' }));
    await expect(this.page.getByRole('heading', { name: 'Team lists', level: 1 })).toBeVisible();
  }

  async newBlankList(faction: string, version = '1.0') {
    await this.click(this.page.getByRole('button', { name: 'New list…' }));
    await this.type(faction); // the faction field has the focus
    if (version !== '1.0') await this.retype(this.page.getByLabel('List version'), version);
    await this.click(this.page.getByRole('button', { name: 'Create and edit' }));
    await expect(this.page.getByRole('heading', { name: faction, level: 1 })).toBeVisible();
  }

  async edit(listName: string) {
    const row = this.page.getByRole('table', { name: 'Team lists' }).getByRole('row').filter({ hasText: listName });
    await this.click(row.getByRole('link', { name: 'Edit' }));
    await expect(this.page.getByRole('heading', { name: listName, level: 1 })).toBeVisible();
  }

  entry(name: string): Locator {
    return this.page.locator('details.entry-editor').filter({ has: this.page.locator('summary', { hasText: name }) });
  }

  async save() {
    await this.click(this.page.getByRole('button', { name: 'Save list' }));
  }

  // ----- typing a list in from paper -----

  async allowance(values: Record<'Team Leaders' | 'Special models' | 'Core models' | 'Squads', [number, number]>) {
    for (const [type, [min, max]] of Object.entries(values)) {
      await this.retype(this.page.getByLabel(`Minimum ${type}`), String(min));
      await this.press('Tab');
      await this.type(String(max));
    }
  }

  /**
   * Fill the entry whose name field has the focus, from the top: name, points, sizes, profile by Tab, then wargear
   * with Enter between items, then tick boxes and options.
   */
  async fillFocusedEntry(index: number, e: PaperEntry) {
    const at = `entries.${index}`;
    await expect(this.field(`${at}.name`)).toBeFocused();
    await this.type(e.name);
    await this.press('Tab', 2); // past Type (chosen before adding)
    await this.type(String(e.points));
    if (e.squad) {
      await this.press('Tab');
      await this.type(String(e.squad[0]));
      await this.press('Tab');
      await this.type(String(e.squad[1]));
    }
    await this.press('Tab');
    if (e.maxPerTeam !== undefined) await this.type(String(e.maxPerTeam));
    for (const stat of e.profile.split(/\s+/)) {
      await this.press('Tab');
      await this.type(stat);
    }
    await this.press('Tab');
    if (e.inv) await this.type(e.inv);
    await this.press('Tab');
    if (e.unitType) await this.type(e.unitType);
    await this.press('Tab'); // "+ Add wargear item"
    const scope = this.entry(e.name);
    for (const [i, item] of e.wargear.entries()) {
      if (i === 0) await this.press('Enter');
      else await this.press('Enter'); // Enter in the last item adds the next
      await expect(this.field(`${at}.wargear.${i}`)).toBeFocused();
      await this.type(item);
    }
    for (const g of e.grenades ?? []) await this.click(scope.getByRole('group', { name: 'Grenades it comes with' }).getByLabel(g));
    if (e.armoury) await this.click(scope.getByLabel('May buy from the Armoury'));
    if (e.psyker) await this.click(scope.getByLabel('Psyker'));
    for (const r of e.rules ?? []) await this.click(scope.getByRole('group', { name: 'Special rules' }).getByLabel(r, { exact: true }));
    for (const r of e.otherRules ?? []) {
      await this.click(scope.getByRole('button', { name: '+ Add another rule' }));
      await this.type(r);
    }
    for (const [gi, g] of (e.groups ?? []).entries()) {
      await this.click(scope.getByRole('button', { name: '+ Add option group', exact: true }));
      await expect(this.field(`${at}.optionGroups.${gi}.name`)).toBeFocused();
      await this.type(g.name);
      if (g.any) await this.choose(scope.getByRole('group', { name: `Option group ${g.name}` }).getByLabel('A model takes'), 'any of them');
    }
    for (const [oi, o] of (e.options ?? []).entries()) {
      await this.click(scope.getByRole('button', { name: '+ Add option', exact: true }));
      await expect(this.field(`${at}.options.${oi}.name`)).toBeFocused();
      await this.type(o.name);
      await this.press('Tab');
      await this.type(String(o.points));
      const box = scope.locator('fieldset.tl-option').nth(oi);
      if (o.group) await this.choose(box.getByLabel('Group'), `${o.group} (choose one)`);
      for (const w of o.replaces ?? []) await this.click(box.getByRole('group', { name: /replaces$/ }).getByLabel(w, { exact: true }));
      for (const [ai, a] of (o.adds ?? []).entries()) {
        if (ai === 0) await this.click(box.getByRole('button', { name: '+ Add item it adds' }));
        else await this.press('Enter');
        await this.type(a);
      }
    }
  }

  /** Add an entry of this type (choosing the type first when it changes) and type it in. */
  async addEntry(index: number, e: PaperEntry, previousType: Category | undefined) {
    if (e.type !== previousType) await this.choose(this.page.getByLabel('New entry type'), e.type);
    await this.click(this.page.getByRole('button', { name: '+ Add entry' }));
    await this.fillFocusedEntry(index, e);
  }

  async addArmouryItem(index: number, item: PaperArmouryItem) {
    await this.click(this.page.getByRole('button', { name: '+ Add Armoury item' }));
    await expect(this.field(`armoury.${index}.name`)).toBeFocused();
    await this.type(item.name);
    await this.press('Tab');
    await this.type(String(item.points));
    await this.press('Tab', 2); // past "Remove item"
    await this.type(item.text);
    const box = this.page.locator('section[aria-labelledby="tl-armoury"] fieldset.tl-option').nth(index);
    // New items are for Team Leaders, Special and Core models: untick what the paper does not allow, tick what it adds.
    for (const t of ['Team Leaders', 'Special models', 'Core models', 'Squads'] as const) {
      const box2 = box.getByLabel(t, { exact: true });
      if ((await box2.isChecked()) !== item.types.includes(t)) await this.click(box2);
    }
  }
}
