/**
 * The phone pages' hash routes:
 *   #/                    the campaigns (one active campaign opens at once)
 *   #/c/ID                a campaign: tonight's games, standings, teams
 *   #/c/ID/games          the games and their results
 *   #/c/ID/bulletin       the bulletin
 *   #/t/ID                a team's roster sheet
 *   #/t/ID/m/MODEL        a model's history
 *   #/g/ID                a game: its plan, or its result
 */
export type PhoneRoute =
  | { name: 'home' }
  | { name: 'campaign'; id: string }
  | { name: 'games'; id: string }
  | { name: 'bulletin'; id: string }
  | { name: 'team'; id: string }
  | { name: 'model'; teamId: string; modelId: string }
  | { name: 'game'; id: string };

export function parsePhoneRoute(hash: string): PhoneRoute {
  const [kind, id, sub, modelId] = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (kind === 'c' && id) return sub === 'games' ? { name: 'games', id } : sub === 'bulletin' ? { name: 'bulletin', id } : { name: 'campaign', id };
  if (kind === 't' && id && sub === 'm' && modelId) return { name: 'model', teamId: id, modelId };
  if (kind === 't' && id) return { name: 'team', id };
  if (kind === 'g' && id) return { name: 'game', id };
  return { name: 'home' };
}

const e = encodeURIComponent;
export const to = {
  home: () => '#/',
  campaign: (id: string) => `#/c/${e(id)}`,
  games: (id: string) => `#/c/${e(id)}/games`,
  bulletin: (id: string) => `#/c/${e(id)}/bulletin`,
  team: (id: string) => `#/t/${e(id)}`,
  model: (teamId: string, modelId: string) => `#/t/${e(teamId)}/m/${e(modelId)}`,
  game: (id: string) => `#/g/${e(id)}`,
};

class PhoneRouter {
  route = $state<PhoneRoute>(parsePhoneRoute(location.hash));
  constructor() {
    window.addEventListener('hashchange', () => {
      this.route = parsePhoneRoute(location.hash);
      window.scrollTo(0, 0);
    });
  }
}
export const phoneRouter = new PhoneRouter();
