CREATE TABLE `team_projections` (
	`team_id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`version` integer NOT NULL,
	`req` integer NOT NULL,
	`honour_points` integer NOT NULL,
	`models_lost` integer NOT NULL,
	`last_seq` integer NOT NULL,
	`state` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `team_projections_campaign` ON `team_projections` (`campaign_id`);--> statement-breakpoint
CREATE INDEX `games_results` ON `games` (`campaign_id`,`status`,`team_a_id`,`team_b_id`,`winner`,`vp_a`,`vp_b`);--> statement-breakpoint
CREATE INDEX `ledger_team_kind` ON `ledger_entries` (`team_id`,`kind`);