/**
 * Hash routes, so a reload keeps the screen (and browser mode needs no server routes):
 *   #/                      campaigns (home)
 *   #/campaigns/ID          a campaign: players and teams
 *   #/teams/ID              a team's roster builder
 *   #/team-lists            the team-list library
 *   #/backups               verified backups: back up now, restore
 *   #/club-wifi             the Club Wi-Fi view's switch, QR code and link (issue 22)
 *   #/team-lists/ID         the team-list editor
 *   #/campaigns/ID/new-game set up a game (two teams, mission rolled or chosen)
 *   #/campaigns/ID/tonight  the evening's pairings: who is here, who plays whom, set up each game (issue 33)
 *   #/campaigns/ID/rules    the campaign's house rules (…/rules/SECTION opens at a section)
 *   #/games/ID              a game: plan, result wizard, review; history once committed
 *   #/games/ID/table        the game at the table (issue 33): turn, counters, every model, the turn's prompts
 *   #/games/ID/result       the game, opened at its result wizard ("Game over" at the table leads here)
 *   #/guide, #/guide/PAGE   the in-app guide (issue 31): a campaign night, house rules, backups, the phone view, the hand-over
 *   #/print/KIND/ID?paper=a4  a printable page (roster | kit | bulletin | pack | evening), without the app's bars (issues 7, 22)
 *                           (evening: &evening=CODE carries the pairings, shared/ipc/schemas/print.ts EveningCode)
 */
export type Route =
  | { name: 'home' }
  | { name: 'campaign'; id: string }
  | { name: 'team'; id: string }
  | { name: 'teamLists' }
  | { name: 'backups' }
  | { name: 'clubWifi' }
  | { name: 'teamListEditor'; id: string }
  | { name: 'game'; id: string; table?: boolean; atResult?: boolean }
  | { name: 'newGame'; campaignId: string }
  | { name: 'guide'; page?: string }
  | { name: 'tonight'; campaignId: string }
  | { name: 'rules'; campaignId: string; section?: string }
  | { name: 'print'; kind: PrintKind; id: string; paper: 'a4' | 'letter'; evening?: string };

type PrintKind = 'roster' | 'kit' | 'bulletin' | 'pack' | 'evening';
const PRINT_KINDS: readonly string[] = ['roster', 'kit', 'bulletin', 'pack', 'evening'] satisfies PrintKind[];

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [section, id, sub, part] = parts;
  if (section === 'print' && id && PRINT_KINDS.includes(id) && sub) {
    const evening = /(?:^|&)evening=([0-9a-fA-F.~-]*)(?:&|$)/.exec(query)?.[1];
    const paper = /(?:^|&)paper=letter(?:&|$)/.test(query) ? 'letter' : 'a4';
    return { name: 'print', kind: id as PrintKind, id: sub, paper, ...(evening ? { evening } : {}) };
  }
  if (section === 'campaigns' && id && sub === 'new-game') return { name: 'newGame', campaignId: id };
  if (section === 'campaigns' && id && sub === 'tonight') return { name: 'tonight', campaignId: id };
  if (section === 'campaigns' && id && sub === 'rules') return part ? { name: 'rules', campaignId: id, section: part } : { name: 'rules', campaignId: id };
  if (section === 'campaigns' && id) return { name: 'campaign', id };
  if (section === 'teams' && id) return { name: 'team', id };
  if (section === 'games' && id && sub === 'table') return { name: 'game', id, table: true };
  if (section === 'games' && id && sub === 'result') return { name: 'game', id, atResult: true };
  if (section === 'games' && id) return { name: 'game', id };
  if (section === 'backups') return { name: 'backups' };
  if (section === 'guide') return id ? { name: 'guide', page: id } : { name: 'guide' };
  if (section === 'club-wifi') return { name: 'clubWifi' };
  if (section === 'team-lists') return id ? { name: 'teamListEditor', id } : { name: 'teamLists' };
  return { name: 'home' };
}

export const href = {
  home: () => '#/',
  campaign: (id: string) => `#/campaigns/${encodeURIComponent(id)}`,
  team: (id: string) => `#/teams/${encodeURIComponent(id)}`,
  teamLists: () => '#/team-lists',
  backups: () => '#/backups',
  guide: (page?: string) => (page ? `#/guide/${encodeURIComponent(page)}` : '#/guide'),
  clubWifi: () => '#/club-wifi',
  teamListEditor: (id: string) => `#/team-lists/${encodeURIComponent(id)}`,
  game: (id: string) => `#/games/${encodeURIComponent(id)}`,
  table: (gameId: string) => `#/games/${encodeURIComponent(gameId)}/table`,
  gameResult: (gameId: string) => `#/games/${encodeURIComponent(gameId)}/result`,
  newGame: (campaignId: string) => `#/campaigns/${encodeURIComponent(campaignId)}/new-game`,
  tonight: (campaignId: string) => `#/campaigns/${encodeURIComponent(campaignId)}/tonight`,
  print: (kind: PrintKind, id: string, paper: 'a4' | 'letter' = 'a4', evening?: string) =>
    `#/print/${kind}/${encodeURIComponent(id)}?paper=${paper}${evening ? `&evening=${evening}` : ''}`,
  rules: (campaignId: string, section?: string) => `#/campaigns/${encodeURIComponent(campaignId)}/rules${section ? `/${encodeURIComponent(section)}` : ''}`,
};

class Router {
  route = $state<Route>(parseRoute(location.hash));
  #here = location.hash;
  #guards = new Set<() => string | null>();
  constructor() {
    window.addEventListener('hashchange', () => {
      // A screen with unsaved changes asks first (issue 20); "stay" puts the address back without a new route.
      const ask = [...this.#guards].map((guard) => guard()).find((words) => words);
      if (ask && !window.confirm(ask)) {
        history.replaceState(history.state, '', this.#here || '#/');
        return;
      }
      this.#here = location.hash;
      this.route = parseRoute(location.hash);
      window.scrollTo(0, 0);
    });
  }
  /** While registered, leaving the screen asks `guard()`'s question first (null: nothing to lose). Returns the removal. */
  guard(guard: () => string | null): () => void {
    this.#guards.add(guard);
    return () => this.#guards.delete(guard);
  }
  go(to: string) {
    location.hash = to;
  }
}

export const router = new Router();
