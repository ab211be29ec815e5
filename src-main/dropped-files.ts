/**
 * files.importDropped (issue 15): a file dropped onto the window. Herald recognises it by its content — the "format"
 * each of its files names — and runs the very import the dialogs and uploads run (same checks, same messages, same
 * backup before a write). Anything else is refused, by name, and nothing changes.
 */
import type { ChannelOutput, ChannelParsedInput } from '../shared/ipc/contract';
import { AppError } from '../shared/ipc/result';
import { RULESET_FILE_FORMAT } from '../shared/ipc/schemas/rulesets';
import { TEAM_LIST_FORMAT } from '../shared/rules';
import { CAMPAIGN_FILE_FORMAT } from './campaign-file';
import type { HandlerContext } from './context';
import { isPacked } from './campaign-file/packed';
import { importCampaignBytes, uploadedBytes } from './campaign-file/import-bytes';
import { MAX_JSON_DEPTH, jsonDepth } from './input-guards';
import { importTeamList } from './team-lists/import';
import { loadRulesetFile } from './rulesets/preview';
import { mustFindCampaign } from './views/campaign';

export type HeraldFileKind = 'campaign' | 'ruleset' | 'teamList';

const KINDS: Record<string, HeraldFileKind> = { [CAMPAIGN_FILE_FORMAT]: 'campaign', [RULESET_FILE_FORMAT]: 'ruleset', [TEAM_LIST_FORMAT]: 'teamList' };

/**
 * Which of Herald's files this text is, from its top-level "format"; null when it is none of them. A file that names
 * a Herald format near its start but is damaged (cut short, say) still counts, so its import says what is wrong.
 */
export function recogniseHeraldFile(text: string): HeraldFileKind | null {
  const body = text.replace(/^\uFEFF/, '');
  if (jsonDepth(body) <= MAX_JSON_DEPTH + 8) {
    try {
      const data: unknown = JSON.parse(body);
      const format = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as { format?: unknown }).format : undefined;
      if (typeof format === 'string') return KINDS[format] ?? null;
    } catch {
      // Not JSON: perhaps one of ours, damaged (below).
    }
  }
  const named = /^\s*\{\s*(?:"[^"]{0,40}"\s*:\s*[^{}[\]]{0,80},\s*){0,4}"format"\s*:\s*"([a-z.-]{1,40})"/.exec(body.slice(0, 2048))?.[1];
  return named ? (KINDS[named] ?? null) : null;
}

/** files.importDropped: the dropped file's own import, or a refusal in words that changes nothing. */
export async function importDroppedFile(
  ctx: HandlerContext,
  { fileName, text: given, base64, campaignId }: ChannelParsedInput<'files.importDropped'>,
): Promise<ChannelOutput<'files.importDropped'>> {
  const name = fileName || 'The file';
  // A packed campaign file (issue 29) is bytes; Herald's other files, and its campaign files before, are JSON text.
  const bytes = uploadedBytes({ text: given, base64 });
  const packed = isPacked(bytes);
  const text = packed ? '' : Buffer.from(bytes).toString('utf8');
  const kind = packed ? 'campaign' : recogniseHeraldFile(text);
  if (kind === 'campaign') {
    const result = await importCampaignBytes(ctx, { fileName, bytes });
    return { kind, campaign: result.campaign, ...(result.outcome === 'imported' ? {} : { message: result.message }) };
  }
  if (kind === 'teamList') {
    const result = importTeamList(ctx, { fileName, text });
    return { kind, outcome: result.outcome, list: result.list };
  }
  if (kind === 'ruleset') {
    if (!campaignId) {
      throw new AppError(
        'VALIDATION',
        `${name} is a ruleset (a campaign’s house rules). Open the campaign whose house rules it is for, then drop it there. Nothing was changed.`,
      );
    }
    mustFindCampaign(ctx.db, campaignId);
    const { outcome: _loaded, ...loaded } = loadRulesetFile(ctx.db, campaignId, { fileName, text });
    return { kind, campaignId, ...loaded };
  }
  throw new AppError(
    'VALIDATION',
    `${name} is not a Herald file. Herald imports the campaign files, rulesets and team lists it exports (packed campaign files, and JSON files that name their format). Nothing was changed.`,
  );
}
