CREATE TABLE `game_figures` (
	`game_id` text PRIMARY KEY NOT NULL,
	`figures` text NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Written by hand (drizzle-kit writes no triggers): a game's figures are a cache of its report, so whatever changes the
-- report forgets them in the same statement; a rebuild writes a missing one again from the report (issue 29).
CREATE TRIGGER `game_figures_forget` AFTER UPDATE OF `report` ON `games` BEGIN DELETE FROM `game_figures` WHERE `game_id` = NEW.`id`; END;
