ALTER TABLE `follow_ups` ADD `search_key` text;--> statement-breakpoint
CREATE INDEX `follow_ups_unkeyed_idx` ON `follow_ups` (`id`) WHERE "follow_ups"."search_key" is null;--> statement-breakpoint
CREATE INDEX `follow_ups_owner_search_idx` ON `follow_ups` (`created_by`,`date`,`search_key`,`team_id`);--> statement-breakpoint
CREATE INDEX `follow_ups_team_search_idx` ON `follow_ups` (`team_id`,`date`,`search_key`);--> statement-breakpoint
ALTER TABLE `goals` ADD `search_key` text;--> statement-breakpoint
CREATE INDEX `goals_unkeyed_idx` ON `goals` (`id`) WHERE "goals"."search_key" is null;--> statement-breakpoint
CREATE INDEX `goals_owner_search_idx` ON `goals` (`created_by`,`created_at`,`search_key`,`team_id`);--> statement-breakpoint
CREATE INDEX `goals_team_search_idx` ON `goals` (`team_id`,`created_at`,`search_key`);