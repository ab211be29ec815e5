CREATE TABLE `ledger_entries` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`team_id` text NOT NULL,
	`game_id` text,
	`model_id` text,
	`kind` text NOT NULL,
	`req` integer DEFAULT 0 NOT NULL,
	`data` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` text NOT NULL,
	`voided_at` text,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_id_unique` ON `ledger_entries` (`id`);--> statement-breakpoint
CREATE INDEX `ledger_team_seq` ON `ledger_entries` (`team_id`,`seq`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`name` text NOT NULL,
	`retired_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "players_name_not_blank" CHECK(length(trim("players"."name")) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_campaign_name_nocase_unique` ON `players` (`campaign_id`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `team_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`list_key` text NOT NULL,
	`faction` text NOT NULL,
	`name` text NOT NULL,
	`list_version` text NOT NULL,
	`sample` integer DEFAULT false NOT NULL,
	`content` text NOT NULL,
	`content_hash` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_lists_key_version_unique` ON `team_lists` (`list_key`,`list_version`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`player_id` text NOT NULL,
	`team_list_id` text NOT NULL,
	`name` text NOT NULL,
	`roster` text NOT NULL,
	`founded_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`team_list_id`) REFERENCES `team_lists`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "teams_name_not_blank" CHECK(length(trim("teams"."name")) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_campaign_name_nocase_unique` ON `teams` (`campaign_id`,"name" COLLATE NOCASE);