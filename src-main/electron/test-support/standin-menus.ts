/**
 * The stand-in's Menu (see electron-standin.ts): Menu.buildFromTemplate keeps the template, setApplicationMenu and
 * popup are recorded, and a click by labels calls the item's own click as Electron would (roles `quit` and `close`
 * do what Electron does; other roles are only recorded).
 */
type Item = Record<string, unknown>;

export class StandInMenu {
  constructor(
    readonly items: Item[],
    private readonly onPopup: (menu: StandInMenu, options?: { window?: { id?: number }; x?: number; y?: number }) => void,
  ) {}
  popup(options?: { window?: { id?: number }; x?: number; y?: number }) {
    this.onPopup(this, options);
  }
  closePopup() {}
}

export function createMenus(record: (kind: string, detail?: unknown) => void, host: { focused: () => unknown; quit: () => void; close: () => void }) {
  let applicationMenu: StandInMenu | null = null;
  const menus: StandInMenu[] = [];
  // The window by its id: the object itself cannot cross to the test process.
  const onPopup = (menu: StandInMenu, options?: { window?: { id?: number }; x?: number; y?: number }) =>
    record('menu.popup', { menu: menus.indexOf(menu), window: options?.window?.id ?? null, x: options?.x, y: options?.y });
  const submenuOf = (item: Item) => (item.submenu instanceof StandInMenu ? item.submenu.items : (item.submenu as Item[] | undefined));

  const serializeMenu = (items: Item[]): unknown[] =>
    items.map((item) => {
      const sub = submenuOf(item);
      const plain: Item = {};
      for (const key of ['label', 'role', 'type', 'accelerator', 'enabled', 'visible', 'checked', 'id']) if (item[key] !== undefined) plain[key] = item[key];
      if (typeof item.click === 'function') plain.click = true;
      if (sub) plain.submenu = serializeMenu(sub);
      return plain;
    });

  /** Click the item at `labels` (each a label, or a role when the item has none) in a menu, as Electron would. */
  async function clickMenu(menu: StandInMenu | null, labels: string[]) {
    let items = menu?.items ?? [];
    let item: Item | undefined;
    for (const label of labels) {
      item = items.find((i) => i.label === label || (i.label === undefined && i.role === label));
      if (!item) throw new Error(`No menu item "${label}" in ${JSON.stringify(items.map((i) => i.label ?? i.role))}`);
      items = submenuOf(item) ?? [];
    }
    if (!item) throw new Error('Name a menu item.');
    // Electron toggles a checkbox item's `checked` before it calls the item's click.
    if (item.type === 'checkbox') item.checked = !item.checked;
    record('menu.click', { labels, role: item.role });
    if (typeof item.click === 'function') await (item.click as (...a: unknown[]) => unknown)(item, host.focused(), {});
    else if (item.role === 'quit') host.quit();
    else if (item.role === 'close') host.close();
  }

  const Menu = {
    buildFromTemplate(template: Item[]) {
      const menu = new StandInMenu(
        template.map((item) => ({ ...item })),
        onPopup,
      );
      menus.push(menu);
      return menu;
    },
    setApplicationMenu(menu: StandInMenu | null) {
      applicationMenu = menu;
      record('Menu.setApplicationMenu', menu ? serializeMenu(menu.items) : null);
    },
    getApplicationMenu: () => applicationMenu,
  };

  return {
    Menu,
    menus,
    serializeMenu,
    clickMenu,
    get applicationMenu() {
      return applicationMenu;
    },
  };
}
