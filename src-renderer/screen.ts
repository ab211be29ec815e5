/**
 * What a screen change tells the organiser (issue 31): the window's title names the screen, and focus moves to the
 * screen's heading, so a keyboard or screen-reader user starts reading the new screen at its top, not wherever focus
 * was on the last one. Electron's window takes its title from the page's.
 */

const APP = 'Herald';

/** The window title: "Herald — Autumn League — Iron Wolves". Empty parts (data not in yet) are left out. */
export function screenTitle(...parts: (string | null | undefined)[]): string {
  return [APP, ...parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '')].join(' — ');
}

export function setScreenTitle(...parts: (string | null | undefined)[]): void {
  document.title = screenTitle(...parts);
}

/**
 * The screen's heading: the first h1 in the main area (a print page has no app bars: its first h1), unless the screen
 * marked another heading to start at (`data-focus-first`: a game opened at its result wizard).
 */
export function screenHeading(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('main [data-focus-first]') ??
    document.querySelector<HTMLElement>('main h1') ??
    document.querySelector<HTMLElement>('h1')
  );
}

/** Focuses `el` as a heading: reachable by script, not a Tab stop; the page does not jump. */
export function focusHeading(el: HTMLElement | null): boolean {
  if (!el) return false;
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}

/**
 * Focuses the new screen's heading once it is on the page: a screen loads its data first, so its heading may come a
 * moment after the route changes. Gives up after `waitMs`, or as soon as the organiser has put focus somewhere
 * themselves (a click or a Tab meanwhile is never taken from them). Returns the stop function.
 */
export function focusScreenHeadingWhenShown(waitMs = 10_000): () => void {
  const start = document.activeElement;
  let done = false;
  const observer = new MutationObserver(() => attempt());
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  }
  function attempt() {
    if (done) return;
    const now = document.activeElement;
    if (now !== start && now !== document.body && now !== null) return stop();
    // A screen that puts focus in one of its own fields as it opens (File ▸ New campaign… focuses the name) keeps it.
    if (now instanceof HTMLElement && now.matches('input, select, textarea') && now.closest('main')) return stop();
    const h = screenHeading();
    if (h && focusHeading(h)) stop();
  }
  observer.observe(document.body, { childList: true, subtree: true });
  queueMicrotask(attempt);
  return stop;
}
