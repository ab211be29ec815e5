/** What the window shows (issue 15): the campaign a drop or File → Export campaign… acts on, what Print… prints. */
import { api } from '../api';
import type { Route } from '../router.svelte';

/** The campaign of the screen: a campaign, its house rules or new game, a team, a game, or one of their print pages. */
export async function campaignOnScreen(route: Route): Promise<string | null> {
  switch (route.name) {
    case 'campaign':
      return route.id;
    case 'rules':
    case 'newGame':
    case 'tonight':
      return route.campaignId;
    case 'team':
      return (await api.call('teams.get', { id: route.id })).team.campaignId;
    case 'game':
      return (await api.call('games.get', { id: route.id })).game.campaignId;
    case 'print':
      if (route.kind === 'bulletin' || route.kind === 'pack' || route.kind === 'evening') return route.id;
      return route.kind === 'roster'
        ? (await api.call('teams.get', { id: route.id })).team.campaignId
        : (await api.call('games.get', { id: route.id })).game.campaignId;
    default:
      return null;
  }
}

/**
 * What File → Print… prints from this screen: a team's roster sheet, a game's kit, a campaign's bulletin; on a print
 * page, that page (the evening's sheet with its pairings, issue 33).
 */
export function printableOnScreen(route: Route): { kind: 'roster' | 'kit' | 'bulletin' | 'pack' | 'evening'; id: string; evening?: string } | null {
  switch (route.name) {
    case 'team':
      return { kind: 'roster', id: route.id };
    case 'game':
      return { kind: 'kit', id: route.id };
    case 'campaign':
      return { kind: 'bulletin', id: route.id };
    case 'rules':
    case 'newGame':
    case 'tonight':
      return { kind: 'bulletin', id: route.campaignId };
    case 'print':
      return { kind: route.kind, id: route.id, ...(route.evening ? { evening: route.evening } : {}) };
    default:
      return null;
  }
}
