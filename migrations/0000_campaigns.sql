CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`points_limit` integer NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "campaigns_name_not_blank" CHECK(length(trim("campaigns"."name")) > 0),
	CONSTRAINT "campaigns_points_limit_range" CHECK("campaigns"."points_limit" BETWEEN 50 AND 2000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_name_nocase_unique` ON `campaigns` ("name" COLLATE NOCASE);