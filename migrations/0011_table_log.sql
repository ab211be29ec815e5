CREATE TABLE `table_taps` (
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`event` text NOT NULL,
	`at` text NOT NULL,
	PRIMARY KEY(`game_id`, `seq`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "table_taps_seq" CHECK("table_taps"."seq" >= 1)
);
