ALTER TABLE `campaigns` ADD `origin_id` text;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `handed_over_at` text;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `handed_over_to` text;--> statement-breakpoint
-- Every campaign already here gets its identity across laptops: its own id (a UUID made by the app).
UPDATE `campaigns` SET `origin_id` = `id`;--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_origin_unique` ON `campaigns` (`origin_id`);--> statement-breakpoint
ALTER TABLE `games` ADD `origin_id` text;--> statement-breakpoint
ALTER TABLE `ledger_entries` ADD `origin_id` text;--> statement-breakpoint
ALTER TABLE `players` ADD `origin_id` text;--> statement-breakpoint
ALTER TABLE `teams` ADD `origin_id` text;