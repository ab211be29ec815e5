/**
 * The drizzle schema: the single source of the tables. Change it, then `npm run db:generate -- --name what_changed`
 * to write a named migration into migrations/ (committed, never edited after a release).
 * Conventions: snake_case columns, text UUID ids made by the app, times as ISO-8601 UTC text, CHECKs for invariants.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    pointsLimit: integer('points_limit').notNull(),
    archivedAt: text('archived_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // Names are unique ignoring case: the repo gives the friendly message, this index is the last line of defence.
    uniqueIndex('campaigns_name_nocase_unique').on(sql`${t.name} COLLATE NOCASE`),
    check('campaigns_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('campaigns_points_limit_range', sql`${t.pointsLimit} BETWEEN 50 AND 2000`),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
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
  },
  (t) => [
    uniqueIndex('teams_campaign_name_nocase_unique').on(t.campaignId, sql`${t.name} COLLATE NOCASE`),
    check('teams_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

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
    data: text('data', { mode: 'json' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: text('created_at').notNull(),
    voidedAt: text('voided_at'),
  },
  (t) => [index('ledger_team_seq').on(t.teamId, t.seq)],
);

export type TeamListRow = typeof teamLists.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type LedgerRow = typeof ledgerEntries.$inferSelect;
