CREATE TABLE `team_list_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`team_list_id` text NOT NULL,
	`revision` integer NOT NULL,
	`changes` text NOT NULL,
	`saved_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_list_id`) REFERENCES `team_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_list_changes_team` ON `team_list_changes` (`team_id`,`saved_at`);