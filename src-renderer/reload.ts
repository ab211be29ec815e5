/**
 * Starts the app again from the campaign file (after a restore replaced it). Until the new page arrives, the old one is
 * still on screen and still takes clicks, and the reload on its way opens the screen that was shown when it started.
 * So a screen chosen meanwhile (say "Campaigns") is not lost with the old page: the reload starts again, on that screen.
 */
let reloading = false;

export function reloadApp(): void {
  if (!reloading) {
    reloading = true;
    // A link's hash changes the URL at once, but hashchange comes later (possibly after the new page is in): act on
    // the click itself.
    addEventListener(
      'click',
      (event) => {
        const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
        const to = link?.getAttribute('href');
        if (!to) return;
        event.preventDefault();
        location.hash = to;
        location.reload();
      },
      true,
    );
    addEventListener('hashchange', () => location.reload());
  }
  location.reload();
}
