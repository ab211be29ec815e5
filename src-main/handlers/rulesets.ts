/** rulesets.* (issue 6): a campaign's pinned ruleset, in src-main/rulesets/current.ts (previews: rulesets/preview.ts). */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { applyRuleset, currentRuleset, exportRuleset, importRulesetFile, previewRuleset } from '../rulesets/current';

export const rulesetHandlers: PrefixHandlers<'rulesets', HandlerContext> = {
  'rulesets.current': (input, ctx) => currentRuleset(ctx, input),
  'rulesets.preview': (input, ctx) => previewRuleset(ctx, input),
  'rulesets.apply': (input, ctx) => applyRuleset(ctx, input),
  'rulesets.export': (input, ctx) => exportRuleset(ctx, input),
  'rulesets.import': (input, ctx) => importRulesetFile(ctx, input),
};
