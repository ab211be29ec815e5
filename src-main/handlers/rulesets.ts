/**
 * rulesets.* handlers (issue 6): a campaign plays the ruleset pinned to it. Editing, importing or upgrading to a
 * newer preset is a preview first (problems in words, a readable diff, roster problems) and an apply on confirmation,
 * which pins a new row; the ledger of past games is never rewritten. Files are hostile until proven otherwise.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import { RULESET_FILE_FORMAT, RULESET_MAX_BYTES, RulesetFile, type RulesetPreview, type RulesetView } from '../../shared/ipc/schemas/rulesets';
import { Ruleset, checkRuleset, diffRulesets, presets, rosterCapOf, rosterLegality, rosterPointsLimit, type LegalityTeam } from '../../shared/rules';
import type { HandlerContext } from '../context';
import { memoByState } from '../db/state-memo';
import type { Db } from '../db/open';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import * as repo from '../repos/rulesets';
import * as teamsRepo from '../repos/teams';
import { campaignRuleset, loadCampaignState, loadTeam } from '../games/context';
import { MAX_JSON_DEPTH, jsonDepth } from '../input-guards';

type RulesetHandlers = Pick<Handlers<HandlerContext>, 'rulesets.current' | 'rulesets.preview' | 'rulesets.apply' | 'rulesets.export' | 'rulesets.import'>;

function mustFindCampaign(db: Db, id: string) {
  const c = findCampaignRow(db, id);
  if (!c) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return c;
}

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

/**
 * What a new ruleset would make wrong on the campaign's rosters, in words naming team and model: every founded team's
 * current state (its roster, and the projection of the campaign's ledger) checked against the new ruleset
 * (shared/rules rosterLegality: honours gone, over the caps or restricted, levels and skills the new tables no longer give).
 */
function rosterProblems(db: Db, campaignId: string, next: Ruleset): string[] {
  const state = loadCampaignState(db, campaignId);
  const founded = teamsRepo
    .listTeams(db, campaignId)
    .filter((t) => t.foundedAt !== null)
    .map((t) => ({ t, loaded: loadTeam(db, t.id, state.campaign.pointsLimit) }));
  const teams: LegalityTeam[] = founded.map(({ t, loaded }) => ({
    id: t.id,
    name: t.name,
    models: loaded.report.models.map((c) => ({
      id: c.modelId,
      name: c.name || c.entryName,
      type: c.category === 'squad' ? 'core' : c.category,
      psyker: loaded.list.entries.find((e) => e.id === c.entryId)?.psyker === true,
    })),
  }));
  // docs/progression.md "A roster holds at most 400 pts": a lower cap (issue 19: a value of the ruleset) names the teams over it.
  const cap = rosterPointsLimit(state.campaign.pointsLimit, true, rosterCapOf(next));
  const over = founded
    .filter(({ loaded }) => loaded.report.points > cap)
    .map(({ t, loaded }) => `${t.name} holds ${loaded.report.points} pts of models and gear: over the roster cap of ${cap} pts.`);
  return [...rosterLegality({ before: state.ruleset, after: next, projection: state.projection, teams }), ...over];
}

function preview(db: Db, campaignId: string, input: unknown): RulesetPreview {
  const campaign = mustFindCampaign(db, campaignId);
  const check = checkRuleset(input);
  const parsed = Ruleset.safeParse(input);
  if (!parsed.success) return { check, hash: null, changes: [], rosterProblems: [] };
  return {
    check,
    hash: repo.rulesetHash(parsed.data),
    changes: diffRulesets(campaignRuleset(db, campaign), parsed.data),
    rosterProblems: rosterProblems(db, campaignId, parsed.data),
  };
}

/** Parse a ruleset file, or say in words what is wrong with it. */
export function parseRulesetFile(fileName: string, text: string): { ruleset: Ruleset; note: string | null } {
  const name = fileName || 'The file';
  if (new TextEncoder().encode(text).length > RULESET_MAX_BYTES)
    throw new AppError('VALIDATION', `${name} is too large for a ruleset (over ${RULESET_MAX_BYTES / 1024} KB).`);
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new AppError('VALIDATION', `${name} is nested too deeply to be a ruleset.`);
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new AppError('VALIDATION', `${name} is not valid JSON: ${(e as Error).message}`);
  }
  const file = RulesetFile.safeParse(data);
  if (!file.success) {
    throw new AppError(
      'VALIDATION',
      `${name} is not a Herald ruleset file (it needs "format": "${RULESET_FILE_FORMAT}", "formatVersion": 1, a hash and the ruleset).`,
    );
  }
  const check = checkRuleset(file.data.ruleset);
  const parsed = Ruleset.safeParse(file.data.ruleset);
  if (!parsed.success)
    throw new AppError(
      'VALIDATION',
      `${name} is not a valid ruleset: ${check.problems.slice(0, 3).join(' ')}${check.problems.length > 3 ? ` (and ${check.problems.length - 3} more)` : ''}`,
    );
  const note =
    repo.rulesetHash(parsed.data) === file.data.hash
      ? null
      : `${name} was changed after it was exported (its hash does not match): check the differences below before applying it.`;
  return { ruleset: parsed.data, note };
}

const fileNameFor = (r: Ruleset) => `${r.id}-${r.version}.ruleset.json`;

export const rulesetHandlers: RulesetHandlers = {
  // The campaign page asks for it (twice) every time it opens: kept until the file changes.
  'rulesets.current': ({ id }, ctx) => memoByState(ctx.db, `rulesets.current:${id}`, () => view(ctx.db, id)),

  'rulesets.preview': ({ campaignId, ruleset }, ctx) => preview(ctx.db, campaignId, ruleset),

  'rulesets.apply': ({ campaignId, ruleset, expectedHash, reason }, ctx) => {
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
  },

  'rulesets.export': async ({ campaignId, destination }, ctx) => {
    const { ruleset, hash } = view(ctx.db, campaignId);
    const text = `${JSON.stringify({ format: RULESET_FILE_FORMAT, formatVersion: 1, hash, ruleset }, null, 2)}\n`;
    const fileName = fileNameFor(ruleset);
    if (destination === 'download') return { outcome: 'download' as const, fileName, text };
    if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
    const saved = await ctx.files.saveText({ title: 'Export ruleset', defaultName: fileName, extensions: ['json'], text });
    return saved ? { outcome: 'saved' as const, path: saved } : { outcome: 'cancelled' as const };
  },

  'rulesets.import': async (input, ctx) => {
    mustFindCampaign(ctx.db, input.campaignId);
    let file: { fileName: string; text: string };
    if (input.source === 'dialog') {
      if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: choose the file to upload instead.');
      const picked = await ctx.files.openText({ title: 'Import a ruleset', extensions: ['json'], maxBytes: RULESET_MAX_BYTES });
      if (!picked) return { outcome: 'cancelled' as const };
      file = picked;
    } else file = { fileName: input.fileName, text: input.text };
    const { ruleset, note } = parseRulesetFile(file.fileName, file.text);
    return { outcome: 'loaded' as const, fileName: file.fileName, ruleset, preview: preview(ctx.db, input.campaignId, ruleset), note };
  },
};
