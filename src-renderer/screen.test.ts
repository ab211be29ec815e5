/**
 * Issue 31: the window's title names the screen, and focus moves to a new screen's heading once it is shown — never
 * taken from where the organiser has put it meanwhile.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tick } from 'svelte';
import { focusHeading, focusScreenHeadingWhenShown, screenTitle, setScreenTitle } from './screen';

/** Lets the MutationObserver's callbacks and queued microtasks run. */
const settle = async () => {
  await tick();
  await new Promise((r) => setTimeout(r, 0));
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the window title', () => {
  it('names Herald, then the campaign, then the screen, leaving out what is not loaded yet', () => {
    expect(screenTitle('Autumn League', 'Iron Wolves')).toBe('Herald — Autumn League — Iron Wolves');
    expect(screenTitle(null, 'Team lists', undefined, '  ')).toBe('Herald — Team lists');
    expect(screenTitle()).toBe('Herald');
    setScreenTitle('Autumn League', 'New game');
    expect(document.title).toBe('Herald — Autumn League — New game');
  });
});

describe('focus on a new screen', () => {
  it('focuses a heading without making it a Tab stop', () => {
    document.body.innerHTML = '<main><h1>Campaigns</h1></main>';
    const h1 = document.querySelector('h1')!;
    expect(focusHeading(h1)).toBe(true);
    expect(document.activeElement).toBe(h1);
    expect(h1.getAttribute('tabindex')).toBe('-1');
    expect(focusHeading(null)).toBe(false);
  });

  it('starts at the heading the screen marked (a game opened at its result wizard), even if the screen focused it first', async () => {
    document.body.innerHTML = '<main><h1>Game 3</h1><h2 data-focus-first tabindex="-1">After the game</h2></main>';
    const marked = document.querySelector('h2')!;
    marked.focus();
    const stop = focusScreenHeadingWhenShown();
    await settle();
    expect(document.activeElement).toBe(marked);
    stop();
  });

  it('waits for the screen to show its heading (its data loads first), then focuses it', async () => {
    document.body.innerHTML = '<main><p>Loading…</p></main>';
    const stop = focusScreenHeadingWhenShown();
    await settle();
    expect(document.activeElement).toBe(document.body);
    document.querySelector('main')!.innerHTML = '<div><h1>Autumn League</h1></div>';
    await settle();
    expect(document.activeElement?.textContent).toBe('Autumn League');
    stop();
  });

  it('prefers the main area’s heading to any other', async () => {
    document.body.innerHTML = '<aside><h1>Elsewhere</h1></aside><main><h1>Game 2</h1></main>';
    const stop = focusScreenHeadingWhenShown();
    await settle();
    expect(document.activeElement?.textContent).toBe('Game 2');
    stop();
  });

  it('leaves focus where the organiser put it while the screen was loading', async () => {
    document.body.innerHTML = '<main><input aria-label="Player name" /></main>';
    const stop = focusScreenHeadingWhenShown();
    document.querySelector('input')!.focus();
    document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<h1>Autumn League</h1>');
    await settle();
    expect(document.activeElement?.tagName).toBe('INPUT');
    stop();
  });

  it('leaves focus in a field the new screen focused as it opened, before the watch began (File ▸ New campaign…)', async () => {
    document.body.innerHTML = '<main><input aria-label="Campaign name" /></main>';
    document.querySelector('input')!.focus();
    const stop = focusScreenHeadingWhenShown();
    document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<h1>Campaigns</h1>');
    await settle();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Campaign name');
    stop();
  });

  it('does nothing once stopped (the screen changed again)', async () => {
    document.body.innerHTML = '<main></main>';
    const stop = focusScreenHeadingWhenShown();
    stop();
    document.querySelector('main')!.innerHTML = '<h1>Too late</h1>';
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
