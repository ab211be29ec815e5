DROP INDEX `ledger_campaign_seq`;--> statement-breakpoint
DROP INDEX `ledger_team_kind`;--> statement-breakpoint
CREATE INDEX `ledger_team_marks` ON `ledger_entries` (`team_id`,`kind`) WHERE "kind" IN ('model.died', 'injury.rolled', 'honour.bought');--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_games` (
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
	`draft` text,
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
	`origin_id` text,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`team_a_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`team_b_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "games_status" CHECK("__new_games"."status" IN ('draft', 'committed', 'voided')),
	CONSTRAINT "games_two_teams" CHECK("__new_games"."team_a_id" <> "__new_games"."team_b_id"),
	CONSTRAINT "games_committed_has_result" CHECK("__new_games"."status" = 'draft' OR ("__new_games"."report" IS NOT NULL AND "__new_games"."winner" IS NOT NULL AND "__new_games"."committed_at" IS NOT NULL))
);
--> statement-breakpoint
INSERT INTO `__new_games`("id", "campaign_id", "number", "status", "team_a_id", "team_b_id", "seed", "dice_mode", "played_on", "ruleset_id", "ruleset_version", "setup", "plan", "draft", "report", "mission_id", "vp_a", "vp_b", "winner", "committed_at", "voided_at", "void_reason", "created_at", "updated_at", "origin_id") SELECT "id", "campaign_id", "number", "status", "team_a_id", "team_b_id", "seed", "dice_mode", "played_on", "ruleset_id", "ruleset_version", "setup", "plan", "draft", "report", "mission_id", "vp_a", "vp_b", "winner", "committed_at", "voided_at", "void_reason", "created_at", "updated_at", "origin_id" FROM `games`;--> statement-breakpoint
DROP TABLE `games`;--> statement-breakpoint
ALTER TABLE `__new_games` RENAME TO `games`;--> statement-breakpoint
-- Issue 21: a committed or voided game keeps its report, rolls and ledger entries, not the wizard's draft.
UPDATE `games` SET `draft` = NULL WHERE `status` <> 'draft';--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `games_campaign_number_unique` ON `games` (`campaign_id`,`number`);--> statement-breakpoint
CREATE INDEX `games_campaign_status` ON `games` (`campaign_id`,`status`);--> statement-breakpoint
CREATE INDEX `games_results` ON `games` (`campaign_id`,`status`,`team_a_id`,`team_b_id`,`winner`,`vp_a`,`vp_b`);