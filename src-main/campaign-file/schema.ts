/**
 * The campaign file's shape (issue 8) and its first line of defence (issue 16): size and depth limits, then a strict
 * schema per table. A problem is said in words with the place in the file ("Game 3 in the file (games[2].vpA): …"),
 * never as a bare schema path.
 */
import { z } from 'zod';
import { AppError } from '../../shared/ipc/result';
import { wordsErrorMap } from '../../shared/ipc/issue-words';
import { MAX_JSON_DEPTH, jsonDepth } from '../input-guards';

export const CAMPAIGN_FILE_FORMAT = 'herald-campaign';
/** Largest campaign file accepted (a ten-year club campaign is a few tens of MB). */
export const CAMPAIGN_FILE_MAX_BYTES = 24 * 1024 * 1024;

const Text = z.string().max(100_000);
/** A date (YYYY-MM-DD) or an ISO-8601 time, as Herald writes them: anything else would break the screens that show it. */
const Time = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'This is not a date or time as Herald writes them.')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'This is not a real date.');
const Id = z.string().min(1).max(200);
/** A time as the packed file's header carries it (campaign-file/packed.ts). */
export const FileTime = Time;
const Json = z.unknown();
/**
 * A row's identity across laptops (issue 22 hand-over): the id it had on the laptop that made it. Files from before
 * the hand-over have none: the row's id is its identity.
 */
const Origin = Id.optional();
/** Every number the app writes is an integer well inside this (a ten-year campaign's Req is in the thousands). */
const Int = z.number().int().min(-1_000_000).max(1_000_000);

export const CampaignRow = z
  .object({
    id: Id,
    name: z.string().min(1).max(80),
    pointsLimit: z.number().int().min(50).max(2000),
    diceMode: z.enum(['app', 'physical']),
    optionalRules: Json,
    archivedAt: Time.nullable(),
    createdAt: Time,
    updatedAt: Time,
    originId: Origin,
  })
  .strict();
const RulesetRow = z.object({ rulesetId: Id, name: Text, version: Text, content: Json, hash: z.string().max(64), reason: Text, pinnedAt: Time }).strict();
const PlayerRow = z
  .object({ id: Id, name: z.string().min(1).max(60), retiredAt: Time.nullable(), createdAt: Time, updatedAt: Time, originId: Origin })
  .strict();
const TeamListRow = z.object({ id: Id, content: Json }).strict();
const TeamRow = z
  .object({
    id: Id,
    playerId: Id,
    teamListId: Id,
    name: z.string().min(1).max(60),
    roster: Json,
    foundedAt: Time.nullable(),
    createdAt: Time,
    updatedAt: Time,
    originId: Origin,
  })
  .strict();
const LedgerRow = z
  .object({
    id: Id,
    teamId: Id,
    gameId: Id.nullable(),
    modelId: Id.nullable(),
    kind: z.string().max(40),
    req: Int,
    data: Json,
    reason: Text,
    createdAt: Time,
    voidedAt: Time.nullable(),
    originId: Origin,
  })
  .strict();
const GameRow = z
  .object({
    id: Id,
    number: z.number().int().min(1).max(1_000_000),
    status: z.enum(['draft', 'committed', 'voided']),
    teamAId: Id,
    teamBId: Id,
    seed: Id,
    diceMode: z.enum(['app', 'physical']),
    playedOn: Time,
    rulesetId: Id,
    rulesetVersion: Text,
    setup: Json,
    plan: Json,
    draft: Json,
    report: Json,
    missionId: Id.nullable(),
    vpA: Int.nullable(),
    vpB: Int.nullable(),
    winner: z.enum(['a', 'b', 'draw']).nullable(),
    committedAt: Time.nullable(),
    voidedAt: Time.nullable(),
    voidReason: Text.nullable(),
    createdAt: Time,
    updatedAt: Time,
    originId: Origin,
  })
  .strict();
/** A note on a game or a model (issue 22): at most 4,000 characters, as notes.set stores them. */
const NoteRow = z.object({ id: Id, subjectKind: z.enum(['game', 'model']), subjectId: Id, text: z.string().min(1).max(4000), updatedAt: Time }).strict();
const RollRow = z
  .object({
    gameId: Id,
    seq: z.number().int().min(1).max(10_000),
    phase: z.enum(['plan', 'post']),
    purpose: Text,
    expression: z.string().max(20),
    faces: z.array(z.number().int().min(1).max(6)).max(20),
    total: z.number().int().min(0).max(1000),
    source: z.enum(['app', 'physical']),
  })
  .strict();

/** The most rows of each kind one campaign file may bring (far above a 20,000-game campaign's). */
export const MAX_ROWS = {
  rulesets: 1000,
  players: 10_000,
  teamLists: 1000,
  teams: 10_000,
  ledger: 2_000_000,
  games: 200_000,
  rolls: 5_000_000,
  notes: 400_000,
} as const;

/** Each kind of row a campaign file holds, as its section is named in the file. */
export const ROW_SCHEMAS = {
  rulesets: RulesetRow,
  players: PlayerRow,
  teamLists: TeamListRow,
  teams: TeamRow,
  ledger: LedgerRow,
  games: GameRow,
  rolls: RollRow,
  notes: NoteRow,
} as const;
export type RowSection = keyof typeof ROW_SCHEMAS;

export const CampaignFile = z
  .object({
    format: z.literal(CAMPAIGN_FILE_FORMAT),
    /**
     * 1: one JSON document (Herald before issue 29); 2 and 3: zstd-packed lines (campaign-file/packed.ts). Same rows,
     * but from 3 an applied game's draft is null.
     */
    formatVersion: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    exportedAt: Time,
    campaign: CampaignRow,
    rulesets: z.array(RulesetRow).min(1).max(MAX_ROWS.rulesets),
    players: z.array(PlayerRow).max(MAX_ROWS.players),
    teamLists: z.array(TeamListRow).max(MAX_ROWS.teamLists),
    teams: z.array(TeamRow).max(MAX_ROWS.teams),
    ledger: z.array(LedgerRow).max(MAX_ROWS.ledger),
    games: z.array(GameRow).max(MAX_ROWS.games),
    rolls: z.array(RollRow).max(MAX_ROWS.rolls),
    /** Battle reports and model notes (issue 22); files from before notes have none. */
    notes: z.array(NoteRow).max(MAX_ROWS.notes).optional(),
  })
  .strict();
export type CampaignFile = z.infer<typeof CampaignFile>;
export type FileGame = CampaignFile['games'][number];
export type FileLedgerRow = CampaignFile['ledger'][number];

const ROW_WORDS: Record<string, string> = {
  rulesets: 'Ruleset',
  players: 'Player',
  teamLists: 'Team list',
  teams: 'Team',
  ledger: 'Ledger entry',
  games: 'Game',
  rolls: 'Dice roll',
  notes: 'Note',
};

/** Where in the file, in words first: "Game 3 in the file (games[2].vpA)"; "the campaign (campaign.name)". */
export function fileLocation(path: readonly PropertyKey[]): string {
  const [section, index, ...rest] = path.map((p) => (typeof p === 'symbol' ? String(p.description) : p));
  const json = `${String(section)}${typeof index === 'number' ? `[${index}]` : index !== undefined ? `.${String(index)}` : ''}${rest.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;
  if (section === 'campaign') return `the campaign (${json})`;
  const words = ROW_WORDS[String(section)];
  if (words && typeof index === 'number') return `${words} ${index + 1} in the file (${json})`;
  return json;
}

/** Parse a campaign file, or say in words what is wrong with it and where. Nothing is written. */
export function parseCampaignFile(fileName: string, text: string): CampaignFile {
  const name = fileName || 'The file';
  if (new TextEncoder().encode(text).length > CAMPAIGN_FILE_MAX_BYTES)
    throw new AppError('VALIDATION', `${name} is too large for a campaign file (over ${CAMPAIGN_FILE_MAX_BYTES / 1024 / 1024} MB).`);
  if (jsonDepth(text) > MAX_JSON_DEPTH + 8) throw new AppError('VALIDATION', `${name} is nested too deeply to be a campaign file.`);
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new AppError('VALIDATION', `${name} is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== CAMPAIGN_FILE_FORMAT) {
    throw new AppError('VALIDATION', `${name} is not a Herald campaign file (it needs "format": "${CAMPAIGN_FILE_FORMAT}").`);
  }
  const parsed = CampaignFile.safeParse(data, { error: wordsErrorMap });
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const n = parsed.error.issues.length - 1;
    const more = n > 0 ? ` There ${n === 1 ? 'is 1 more problem' : `are ${n} more problems`} besides.` : '';
    throw new AppError('VALIDATION', `${name} is not a valid campaign file: ${fileLocation(first.path)}: ${first.message}${more} Nothing was imported.`);
  }
  return parsed.data;
}
