/**
 * Work a drop or a menu command hands to the screen that owns it (issue 15): a dropped ruleset goes to the House rules
 * page (shown with its diff, as after an upload); File → Print… to the print preview (which then makes the PDF); File →
 * New campaign… to the home screen's form.
 */
import type { DroppedFileResult } from '../../shared/ipc/schemas/files';

export type DroppedRuleset = Extract<DroppedFileResult, { kind: 'ruleset' }>;

class HandOver {
  ruleset = $state.raw<DroppedRuleset | null>(null);
  /** File → New campaign… from another screen: the home screen focuses its form once shown. */
  newCampaign = $state(false);
  /** File → Hand over… (issue 22): the campaign page opens its hand-over form for this campaign. */
  handOverCampaign = $state<string | null>(null);
  print = $state.raw<{ kind: 'roster' | 'kit' | 'bulletin' | 'pack' | 'evening'; id: string } | null>(null);
}

export const handOver = new HandOver();
