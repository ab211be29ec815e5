/**
 * Hash routes, so a reload keeps the screen (and browser mode needs no server routes):
 *   #/                      campaigns (home)
 *   #/campaigns/ID          a campaign: players and teams
 *   #/teams/ID              a team's roster builder
 *   #/team-lists            the team-list library
 *   #/team-lists/ID         the team-list editor
 *   #/campaigns/ID/new-game set up a game (two teams, mission rolled or chosen)
 *   #/games/ID              a game: plan, result wizard, review; history once committed
 */
export type Route =
  | { name: 'home' }
  | { name: 'campaign'; id: string }
  | { name: 'team'; id: string }
  | { name: 'teamLists' }
  | { name: 'teamListEditor'; id: string }
  | { name: 'game'; id: string }
  | { name: 'newGame'; campaignId: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [section, id, sub] = parts;
  if (section === 'campaigns' && id && sub === 'new-game') return { name: 'newGame', campaignId: id };
  if (section === 'campaigns' && id) return { name: 'campaign', id };
  if (section === 'teams' && id) return { name: 'team', id };
  if (section === 'games' && id) return { name: 'game', id };
  if (section === 'team-lists') return id ? { name: 'teamListEditor', id } : { name: 'teamLists' };
  return { name: 'home' };
}

export const href = {
  home: () => '#/',
  campaign: (id: string) => `#/campaigns/${encodeURIComponent(id)}`,
  team: (id: string) => `#/teams/${encodeURIComponent(id)}`,
  teamLists: () => '#/team-lists',
  teamListEditor: (id: string) => `#/team-lists/${encodeURIComponent(id)}`,
  game: (id: string) => `#/games/${encodeURIComponent(id)}`,
  newGame: (campaignId: string) => `#/campaigns/${encodeURIComponent(campaignId)}/new-game`,
};

class Router {
  route = $state<Route>(parseRoute(location.hash));
  constructor() {
    window.addEventListener('hashchange', () => {
      this.route = parseRoute(location.hash);
      window.scrollTo(0, 0);
    });
  }
  go(to: string) {
    location.hash = to;
  }
}

export const router = new Router();
