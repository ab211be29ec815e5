/**
 * Dates on the home screen ("12 Mar 2024", in the organiser's locale). One formatter for the whole app: a page's first
 * Intl.DateTimeFormat costs tens of milliseconds (ICU loads its date patterns), so it is made once, and App.svelte
 * makes it while start-up waits for main's answers rather than when the campaign list is drawn.
 */
let dayFormat: Intl.DateTimeFormat | null = null;

export function formatDay(iso: string): string {
  dayFormat ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return dayFormat.format(new Date(iso));
}

/** Makes the formatter now (at idle moments of start-up), so the first list drawn does not pay for it. */
export function warmDateFormat(): void {
  formatDay('2000-01-01T00:00:00Z');
}
