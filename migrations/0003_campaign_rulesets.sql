CREATE TABLE `campaign_rulesets` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` text NOT NULL,
	`ruleset_id` text NOT NULL,
	`name` text NOT NULL,
	`version` text NOT NULL,
	`content` text NOT NULL,
	`hash` text NOT NULL,
	`reason` text NOT NULL,
	`pinned_at` text NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `campaign_rulesets_campaign_seq` ON `campaign_rulesets` (`campaign_id`,`seq`);