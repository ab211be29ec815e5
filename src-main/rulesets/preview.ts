/**
 * A ruleset a campaign might play next (issue 6), previewed before anything is pinned: problems in words, a readable
 * diff, and what it would make wrong on the rosters. Files are hostile until proven otherwise. Used by the rulesets.*
 * channels and by a ruleset file dropped on the window (files.importDropped).
 */
import { AppError } from '../../shared/ipc/result';
import { RULESET_FILE_FORMAT, RULESET_MAX_BYTES, RulesetFile, type RulesetPreview } from '../../shared/ipc/schemas/rulesets';
import { Ruleset, checkRuleset, diffRulesets, rosterCapOf, rosterLegality, rosterPointsLimit, type LegalityTeam } from '../../shared/rules';
import type { Db } from '../db/open';
import * as repo from '../repos/rulesets';
import * as teamsRepo from '../repos/teams';
import { campaignRuleset, loadCampaignState, loadTeam } from '../games/context';
import { MAX_JSON_DEPTH, jsonDepth } from '../input-guards';
import { mustFindCampaign } from '../views/campaign';

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

export function preview(db: Db, campaignId: string, input: unknown): RulesetPreview {
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

/** A ruleset file as picked or uploaded, loaded for the House rules screen to preview (nothing is pinned yet). */
export function loadRulesetFile(db: Db, campaignId: string, file: { fileName: string; text: string }) {
  const { ruleset, note } = parseRulesetFile(file.fileName, file.text);
  return { outcome: 'loaded' as const, fileName: file.fileName, ruleset, preview: preview(db, campaignId, ruleset), note };
}
