/**
 * The drizzle schema: the single source of the tables. Change it, then `npm run db:generate -- --name what_changed`
 * to write a named migration into migrations/ (committed, never edited after a release).
 * Conventions: snake_case columns, text UUID ids made by the app, times as ISO-8601 UTC text, CHECKs for invariants.
 */
import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
