CREATE TABLE `notes` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`subject_kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`text` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "notes_subject_kind" CHECK("notes"."subject_kind" IN ('game', 'model')),
	CONSTRAINT "notes_text_length" CHECK(length("notes"."text") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notes_subject_unique` ON `notes` (`campaign_id`,`subject_kind`,`subject_id`);