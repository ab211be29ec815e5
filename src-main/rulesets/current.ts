/**
 * A campaign's pinned ruleset (rulesets.*, issue 6): a campaign plays the ruleset pinned to it. Editing, importing or upgrading to a
 * newer preset is a preview first (problems in words, a readable diff, roster problems) and an apply on confirmation,
 * which pins a new row; the ledger of past games is never rewritten. Files are hostile until proven otherwise.
 */
import type { ChannelOutput, ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import { RULESET_FILE_FORMAT, RULESET_MAX_BYTES, type RulesetView } from '../../shared/ipc/schemas/rulesets';
import { checkRuleset, presets, type Ruleset } from '../../shared/rules';
import type { HandlerContext } from '../context';
import { memoByState } from '../db/state-memo';
import type { Db } from '../db/open';
import * as gamesRepo from '../repos/games';
import * as repo from '../repos/rulesets';
import { campaignRuleset } from '../games/context';
import { loadRulesetFile, preview } from './preview';
import { mustFindCampaign } from '../views/campaign';

function view(db: Db, campaignId: string): RulesetView {
  const campaign = mustFindCampaign(db, campaignId);
  const row = repo.currentRulesetRow(db, campaignId);
  const ruleset = campaignRuleset(db, campaign);
  // The hash of what is pinned, recomputed (issue 16): a stored hash forged by an old import never passes for a preset's.
  const hash = row ? repo.contentHash(row.content) : repo.rulesetHash(ruleset);
  return {
    campaignId,
    ruleset,
    hash,
    pinnedAt: row?.pinnedAt ?? campaign.createdAt,
    reason: row?.reason ?? 'Default preset',
    check: checkRuleset(ruleset),
    history: repo.rulesetHistory(db, campaignId).map((r) => ({ name: r.name, version: r.version, hash: r.hash, reason: r.reason, pinnedAt: r.pinnedAt })),
    presets: presets().map((p) => {
      const h = repo.rulesetHash(p);
      return { ruleset: p, hash: h, differs: h !== hash };
    }),
    // Counted, not read: the campaign page asks for this view every time it opens (issue 29).
    games: gamesRepo.committedCount(db, campaignId),
  };
}

const fileNameFor = (r: Ruleset) => `${r.id}-${r.version}.ruleset.json`;

/** The campaign page asks for it (twice) every time it opens: kept until the file changes. */
export function currentRuleset(ctx: HandlerContext, { id }: ChannelParsedInput<'rulesets.current'>): ChannelOutput<'rulesets.current'> {
  return memoByState(ctx.db, `rulesets.current:${id}`, () => view(ctx.db, id));
}

export function previewRuleset(ctx: HandlerContext, { campaignId, ruleset }: ChannelParsedInput<'rulesets.preview'>): ChannelOutput<'rulesets.preview'> {
  return preview(ctx.db, campaignId, ruleset);
}

export function applyRuleset(
  ctx: HandlerContext,
  { campaignId, ruleset, expectedHash, reason }: ChannelParsedInput<'rulesets.apply'>,
): ChannelOutput<'rulesets.apply'> {
  const out = ctx.db.transaction((tx) => {
    const current = view(tx, campaignId);
    if (current.hash !== expectedHash)
      throw new AppError('VALIDATION', 'The campaign’s ruleset was changed elsewhere since you opened it. Reload it and make your change again.');
    const check = checkRuleset(ruleset);
    if (check.problems.length > 0) throw new AppError('VALIDATION', `The ruleset has problems; nothing was changed: ${check.problems.join(' ')}`);
    if (repo.rulesetHash(ruleset) === current.hash) return current;
    repo.pinRuleset(tx, campaignId, ruleset, reason, ctx.now().toISOString());
    // The optional rules live in the ruleset; the campaign row keeps a copy of its game-plan switches.
    repo.syncOptionalRulesColumn(tx, campaignId, ruleset);
    return view(tx, campaignId);
  });
  ctx.emit('rulesets.changed', { campaignId });
  ctx.emit('campaigns.changed', { id: campaignId });
  return out;
}

export async function exportRuleset(
  ctx: HandlerContext,
  { campaignId, destination }: ChannelParsedInput<'rulesets.export'>,
): Promise<ChannelOutput<'rulesets.export'>> {
  const { ruleset, hash } = view(ctx.db, campaignId);
  const text = `${JSON.stringify({ format: RULESET_FILE_FORMAT, formatVersion: 1, hash, ruleset }, null, 2)}\n`;
  const fileName = fileNameFor(ruleset);
  if (destination === 'download') return { outcome: 'download' as const, fileName, text };
  if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
  const saved = await ctx.files.saveText({ title: 'Export ruleset', defaultName: fileName, extensions: ['json'], text });
  return saved ? { outcome: 'saved' as const, path: saved } : { outcome: 'cancelled' as const };
}

export async function importRulesetFile(ctx: HandlerContext, input: ChannelParsedInput<'rulesets.import'>): Promise<ChannelOutput<'rulesets.import'>> {
  mustFindCampaign(ctx.db, input.campaignId);
  let file: { fileName: string; text: string };
  if (input.source === 'dialog') {
    if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: choose the file to upload instead.');
    const picked = await ctx.files.openText({ title: 'Import a ruleset', extensions: ['json'], maxBytes: RULESET_MAX_BYTES });
    if (!picked) return { outcome: 'cancelled' as const };
    file = picked;
  } else file = { fileName: input.fileName, text: input.text };
  return loadRulesetFile(ctx.db, input.campaignId, file);
}
