/**
 * Over 400 lines: every table in the one file drizzle-kit generates the migrations from.
 * The drizzle schema: the single source of the tables. Change it, then `npm run db:generate -- --name what_changed`
 * to write a named migration into migrations/ (committed, never edited after a release).
 * Conventions: snake_case columns, text UUID ids made by the app, times as ISO-8601 UTC text, CHECKs for invariants.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { GameFigures } from '../../shared/rules';
import { compactJson, packedJson } from './packed-json';

export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    pointsLimit: integer('points_limit').notNull(),
    /** Who rolls the campaign's dice (issue 5): 'app' (seeded, reproducible) or 'physical' (faces typed in). */
    diceMode: text('dice_mode', { enum: ['app', 'physical'] })
      .notNull()
      .default('app'),
    /** The club's optional rules (shared/rules PlanOptionalRules JSON): weather, Dusk & Dawn, twist, mysterious objectives. */
    optionalRules: text('optional_rules', { mode: 'json' })
      .notNull()
      .default(sql`'{"weather":false,"duskAndDawn":false,"twist":false,"mysteriousObjectives":false}'`),
    archivedAt: text('archived_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /**
     * The campaign's identity across laptops (issue 22 hand-over): given at creation, carried by the campaign file and
     * kept by an import, so a file that comes back is known for the same campaign. A copy gets a new one.
     */
    originId: text('origin_id').$defaultFn(() => randomUUID()),
    /** Set while the campaign is handed over to another laptop: read-only here until a newer copy comes back. */
    handedOverAt: text('handed_over_at'),
    /** Who it was handed to, as the organiser typed it. */
    handedOverTo: text('handed_over_to'),
  },
  (t) => [
    uniqueIndex('campaigns_origin_unique').on(t.originId),
    // Names are unique ignoring case: the repo gives the friendly message, this index is the last line of defence.
    uniqueIndex('campaigns_name_nocase_unique').on(sql`${t.name} COLLATE NOCASE`),
    check('campaigns_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('campaigns_points_limit_range', sql`${t.pointsLimit} BETWEEN 50 AND 2000`),
    check('campaigns_dice_mode', sql`${t.diceMode} IN ('app', 'physical')`),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * The ruleset each campaign plays, pinned (issue 6): its exact content and a hash. The latest row of a campaign is its
 * ruleset now; earlier rows are the rulesets it was upgraded from (kept, never changed). Updating Herald never adds a
 * row: only the organiser's confirmed upgrade or edit does.
 */
export const campaignRulesets = sqliteTable(
  'campaign_rulesets',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    rulesetId: text('ruleset_id').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    /** The shared/rules Ruleset JSON, exactly as pinned. */
    content: text('content', { mode: 'json' }).notNull(),
    /** SHA-256 of the canonical JSON of `content` (keys sorted). */
    hash: text('hash').notNull(),
    /** Why this ruleset was pinned: "Campaign created", "Upgraded to …", "Edited: …". */
    reason: text('reason').notNull(),
    pinnedAt: text('pinned_at').notNull(),
  },
  (t) => [index('campaign_rulesets_campaign_seq').on(t.campaignId, t.seq)],
);
export type CampaignRulesetRow = typeof campaignRulesets.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;

/**
 * The team-list library (issue 4): one row per list and list version. `content` is the parsed TeamList JSON
 * (shared/rules/roster/team-list.ts); `revision` counts edits made in Herald's editor.
 */
export const teamLists = sqliteTable(
  'team_lists',
  {
    id: text('id').primaryKey(),
    listKey: text('list_key').notNull(),
    faction: text('faction').notNull(),
    name: text('name').notNull(),
    listVersion: text('list_version').notNull(),
    sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
    content: text('content', { mode: 'json' }).notNull(),
    contentHash: text('content_hash').notNull(),
    revision: integer('revision').notNull().default(1),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('team_lists_key_version_unique').on(t.listKey, t.listVersion)],
);

export const players = sqliteTable(
  'players',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    retiredAt: text('retired_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** The row's identity across laptops (issue 22 hand-over): the id it had where it was made; null when that is its own id. */
    originId: text('origin_id'),
  },
  (t) => [
    uniqueIndex('players_campaign_name_nocase_unique').on(t.campaignId, sql`${t.name} COLLATE NOCASE`),
    check('players_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

/**
 * A team belongs to a player and a team list. `roster` is the draft while the team is being built; once the team
 * is founded it is a cache of the founding roster folded over the ledger (a test rebuilds it and compares).
 */
export const teams = sqliteTable(
  'teams',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    teamListId: text('team_list_id')
      .notNull()
      .references(() => teamLists.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    roster: text('roster', { mode: 'json' }).notNull(),
    foundedAt: text('founded_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** The row's identity across laptops (issue 22 hand-over): the id it had where it was made; null when that is its own id. */
    originId: text('origin_id'),
  },
  (t) => [
    uniqueIndex('teams_campaign_name_nocase_unique').on(t.campaignId, sql`${t.name} COLLATE NOCASE`),
    check('teams_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

/** The ledger kinds looked up by kind (index ledger_team_marks): deaths, injuries, honours. */
export const LEDGER_MARK_KINDS = ['model.died', 'injury.rolled', 'honour.bought'] as const;
/** `kind IN (…the mark kinds…)`, written as the partial index's WHERE is, so SQLite may use the index. */
export const ledgerMarkKinds = sql.raw(`"kind" IN (${LEDGER_MARK_KINDS.map((k) => `'${k}'`).join(', ')})`);

/**
 * The progression ledger: every requisition award or spend, recruit, dismissal, purchase (and, with games, every
 * EXP point, injury and death) is one row, tied to its team and, when a game caused it, to the game.
 * `seq` orders entries; `voided_at` marks entries reversed by voiding their game (rows are never deleted).
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull().unique(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    gameId: text('game_id'),
    modelId: text('model_id'),
    kind: text('kind').notNull(),
    /** Requisition: positive earned, negative spent. */
    req: integer('req').notNull().default(0),
    /** A roster entry or a game's progression entry, stored compact (db/packed-json.ts codec `c`, issue 21). */
    data: compactJson('data').notNull(),
    reason: text('reason').notNull(),
    createdAt: text('created_at').notNull(),
    voidedAt: text('voided_at'),
    /** The row's identity across laptops (issue 22 hand-over): the id it had where it was made; null when that is its own id. */
    originId: text('origin_id'),
  },
  (t) => [
    index('ledger_team_seq').on(t.teamId, t.seq),
    index('ledger_game').on(t.gameId),
    // No (campaign_id, seq) index (issue 21): only the rare whole-campaign reads (campaign file, bulletin) ask by campaign,
    // and a scan of the table in rowid order is already in seq order.
    // A team's fallen and a void's injuries and honours without reading its whole ledger (issue 9). Partial (issue 21):
    // only the few rows of those kinds are in it, so a query must say `kind IN (LEDGER_MARK_KINDS)` word for word
    // (ledgerMarkKinds) for SQLite to use it.
    index('ledger_team_marks').on(t.teamId, t.kind).where(ledgerMarkKinds),
  ],
);

/**
 * Each founded team's projection of its ledger (issue 9): Req, each model's progression, the directory of every model
 * it ever had, and games/kills per model. A CACHE, kept up to date in the same transaction as every ledger write
 * (src-main/ledger/, the only code that writes it) and equal to a rebuild from the ledger (a test rebuilds and compares). Rows with an
 * older `version` are rebuilt when the file opens, so a Herald that projects differently never reads a stale one.
 */
export const teamProjections = sqliteTable(
  'team_projections',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'restrict' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    /** Requisition now (the sum of the team's live ledger entries). */
    req: integer('req').notNull(),
    /** Req value of the honours held (counts toward Threat). */
    honourPoints: integer('honour_points').notNull(),
    modelsLost: integer('models_lost').notNull(),
    /** The last ledger seq folded in. */
    lastSeq: integer('last_seq').notNull(),
    /** The team's record over its committed games (standings without scanning every game). */
    gamesPlayed: integer('games_played').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    draws: integer('draws').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    vpFor: integer('vp_for').notNull().default(0),
    vpAgainst: integer('vp_against').notNull().default(0),
    /** shared/rules TeamLedgerState JSON (src-main/ledger/). */
    state: text('state', { mode: 'json' }).notNull(),
    /**
     * The projection and roster as they were before the team's latest committed game (src-main/ledger/read.ts Undo JSON), so
     * voiding that game puts them back instead of refolding ten years of ledger; null when not known.
     */
    undo: text('undo', { mode: 'json' }),
  },
  (t) => [index('team_projections_campaign').on(t.campaignId)],
);
export type TeamProjectionRow = typeof teamProjections.$inferSelect;

/**
 * A game between two teams of a campaign (issue 5). A draft holds the set-up, the plan and the wizard's inputs
 * (`draft`, shared/ipc/schemas/games.ts GameDraft) and survives a restart; committing writes the report, the rolls and
 * the ledger entries and clears the draft in one transaction; voiding marks the game and exactly its ledger entries
 * voided. Plan, draft and report are packed JSON (db/packed-json.ts, issue 21).
 */
export const games = sqliteTable(
  'games',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    /** Number of the game in its campaign (1, 2, …), for people. */
    number: integer('number').notNull(),
    status: text('status', { enum: ['draft', 'committed', 'voided'] }).notNull(),
    teamAId: text('team_a_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    teamBId: text('team_b_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    /** The dice seed: the same seed and the same report give the same outcome. */
    seed: text('seed').notNull(),
    diceMode: text('dice_mode', { enum: ['app', 'physical'] }).notNull(),
    playedOn: text('played_on').notNull(),
    /** The ruleset the game was planned and resolved with ({id, version}). */
    rulesetId: text('ruleset_id').notNull(),
    rulesetVersion: text('ruleset_version').notNull(),
    setup: text('setup', { mode: 'json' }).notNull(),
    /** The game plan (shared/rules GamePlan), null while physical dice for the set-up are still being typed in. */
    plan: packedJson('plan'),
    /** The wizard's state (GameDraft) while the game is a draft; null once committed (issue 21: the report and the ledger keep what was entered). */
    draft: packedJson('draft'),
    /** The committed game report (shared/rules GameReport). */
    report: packedJson('report'),
    missionId: text('mission_id'),
    vpA: integer('vp_a'),
    vpB: integer('vp_b'),
    /** 'a', 'b' or 'draw' once committed. */
    winner: text('winner', { enum: ['a', 'b', 'draw'] }),
    committedAt: text('committed_at'),
    voidedAt: text('voided_at'),
    voidReason: text('void_reason'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** The row's identity across laptops (issue 22 hand-over): the id it had where it was made; null when that is its own id. */
    originId: text('origin_id'),
  },
  (t) => [
    uniqueIndex('games_campaign_number_unique').on(t.campaignId, t.number),
    index('games_campaign_status').on(t.campaignId, t.status),
    // Standings read W/D/L and VP from this index alone (issue 9): the row itself holds kilobytes of JSON.
    index('games_results').on(t.campaignId, t.status, t.teamAId, t.teamBId, t.winner, t.vpA, t.vpB),
    check('games_status', sql`${t.status} IN ('draft', 'committed', 'voided')`),
    check('games_two_teams', sql`${t.teamAId} <> ${t.teamBId}`),
    check('games_committed_has_result', sql`${t.status} = 'draft' OR (${t.report} IS NOT NULL AND ${t.winner} IS NOT NULL AND ${t.committedAt} IS NOT NULL)`),
  ],
);

/** Every dice roll of a committed game, in order: the plan's, then the post-game's (shared/rules RollRecord). */
export const gameRolls = sqliteTable(
  'game_rolls',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    phase: text('phase', { enum: ['plan', 'post'] }).notNull(),
    purpose: text('purpose').notNull(),
    expression: text('expression').notNull(),
    faces: text('faces', { mode: 'json' }).notNull(),
    total: integer('total').notNull(),
    source: text('source', { enum: ['app', 'physical'] }).notNull(),
  },
  (t) => [uniqueIndex('game_rolls_game_seq').on(t.gameId, t.seq)],
);

/** A committed game's figures (issue 29, repos/game-figures.ts): a cache of its report that a trigger forgets when it changes. */
export const gameFiguresTable = sqliteTable('game_figures', {
  gameId: text('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  figures: text('figures', { mode: 'json' }).$type<GameFigures>().notNull(),
});

/**
 * The table log of a game in progress (issue 33): one row per tap on the at-the-table screen, appended in its own
 * transaction (one durable write per tap, WAL + synchronous=FULL), never updated — an undo is a row of its own. The
 * screen's state is a pure fold of these rows (shared/rules/table/state.ts); nothing here reaches the ledger: "Game
 * over" pre-fills the draft, and the commit deletes the log with the draft. Not carried by the campaign file
 * (docs/decisions.md "The table log stays on its laptop").
 */
export const tableTaps = sqliteTable(
  'table_taps',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 1, 2, … in the order the taps were made. */
    seq: integer('seq').notNull(),
    /** The tap (shared/rules/table/taps.ts TableEvent). */
    event: text('event', { mode: 'json' }).notNull(),
    at: text('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] }), check('table_taps_seq', sql`${t.seq} >= 1`)],
);
export type TableTapRow = typeof tableTaps.$inferSelect;

/**
 * What a saved version of a team list changed for a team built on it (issue 17), model by model, so the team page can
 * tell its player: one row per team the save touched. `changes` is a RosterImpact (shared/rules/roster/team-list-diff.ts).
 */
export const teamListChanges = sqliteTable(
  'team_list_changes',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    teamListId: text('team_list_id')
      .notNull()
      .references(() => teamLists.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    changes: text('changes', { mode: 'json' }).notNull(),
    savedAt: text('saved_at').notNull(),
  },
  (t) => [index('team_list_changes_team').on(t.teamId, t.savedAt)],
);

/**
 * The campaign's narrative (issue 22): one note per game (a short battle report) or per model, written by the organiser.
 * Notes change no progression, so they are not ledger entries; the campaign file carries them.
 */
export const notes = sqliteTable(
  'notes',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    subjectKind: text('subject_kind', { enum: ['game', 'model'] }).notNull(),
    /** A game id (games.id) or a model id (a roster model's id, unique in its campaign). */
    subjectId: text('subject_id').notNull(),
    text: text('text').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('notes_subject_unique').on(t.campaignId, t.subjectKind, t.subjectId),
    check('notes_subject_kind', sql`${t.subjectKind} IN ('game', 'model')`),
    check('notes_text_length', sql`length(${t.text}) BETWEEN 1 AND 4000`),
  ],
);
export type NoteRow = typeof notes.$inferSelect;

export type TeamListRow = typeof teamLists.$inferSelect;
/** A row's `originId` (issue 22) may be left out: null, the row's identity is its own id. */
type WithOrigin<T extends { originId: string | null }> = Omit<T, 'originId'> & { originId?: string | null };
export type PlayerRow = WithOrigin<typeof players.$inferSelect>;
export type TeamRow = WithOrigin<typeof teams.$inferSelect>;
export type LedgerRow = WithOrigin<typeof ledgerEntries.$inferSelect>;
export type GameRow = WithOrigin<typeof games.$inferSelect>;
export type GameRollRow = typeof gameRolls.$inferSelect;
