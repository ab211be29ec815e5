ALTER TABLE `team_projections` ADD `games_played` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `team_projections` ADD `wins` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `team_projections` ADD `draws` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `team_projections` ADD `losses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `team_projections` ADD `vp_for` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `team_projections` ADD `vp_against` integer DEFAULT 0 NOT NULL;