CREATE TABLE `game_rolls` (
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`phase` text NOT NULL,
	`purpose` text NOT NULL,
	`expression` text NOT NULL,
	`faces` text NOT NULL,
	`total` integer NOT NULL,
	`source` text NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_rolls_game_seq` ON `game_rolls` (`game_id`,`seq`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`number` integer NOT NULL,
	`status` text NOT NULL,
	`team_a_id` text NOT NULL,
	`team_b_id` text NOT NULL,
	`seed` text NOT NULL,
	`dice_mode` text NOT NULL,
	`played_on` text NOT NULL,
	`ruleset_id` text NOT NULL,
	`ruleset_version` text NOT NULL,
	`setup` text NOT NULL,
	`plan` text,
	`draft` text NOT NULL,
	`report` text,
	`mission_id` text,
	`vp_a` integer,
	`vp_b` integer,
	`winner` text,
	`committed_at` text,
	`voided_at` text,
	`void_reason` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`team_a_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`team_b_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "games_status" CHECK("games"."status" IN ('draft', 'committed', 'voided')),
	CONSTRAINT "games_two_teams" CHECK("games"."team_a_id" <> "games"."team_b_id"),
	CONSTRAINT "games_committed_has_result" CHECK("games"."status" = 'draft' OR ("games"."report" IS NOT NULL AND "games"."winner" IS NOT NULL AND "games"."committed_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_campaign_number_unique` ON `games` (`campaign_id`,`number`);--> statement-breakpoint
CREATE INDEX `games_campaign_status` ON `games` (`campaign_id`,`status`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`points_limit` integer NOT NULL,
	`dice_mode` text DEFAULT 'app' NOT NULL,
	`optional_rules` text DEFAULT '{"weather":false,"duskAndDawn":false,"twist":false,"mysteriousObjectives":false}' NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "campaigns_name_not_blank" CHECK(length(trim("__new_campaigns"."name")) > 0),
	CONSTRAINT "campaigns_points_limit_range" CHECK("__new_campaigns"."points_limit" BETWEEN 50 AND 2000),
	CONSTRAINT "campaigns_dice_mode" CHECK("__new_campaigns"."dice_mode" IN ('app', 'physical'))
);
--> statement-breakpoint
INSERT INTO `__new_campaigns`("id", "name", "points_limit", "archived_at", "created_at", "updated_at") SELECT "id", "name", "points_limit", "archived_at", "created_at", "updated_at" FROM `campaigns`;--> statement-breakpoint
DROP TABLE `campaigns`;--> statement-breakpoint
ALTER TABLE `__new_campaigns` RENAME TO `campaigns`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_name_nocase_unique` ON `campaigns` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `ledger_game` ON `ledger_entries` (`game_id`);--> statement-breakpoint
CREATE INDEX `ledger_campaign_seq` ON `ledger_entries` (`campaign_id`,`seq`);