/**
 * Sample team lists shipped with Herald (marked `sample: true`): enough to play a real game at once; a club checks
 * them against its own Heralds of Ruin lists. Each is a plain JSON file in the documented format (docs/team-lists.md).
 */
import imperialGuard from './imperial-guard.json';
import orks from './orks.json';
import spaceMarines from './space-marines.json';

export const SAMPLE_TEAM_LISTS: readonly unknown[] = [spaceMarines, imperialGuard, orks];
