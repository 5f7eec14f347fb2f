CREATE TABLE `contact_tags` (
	`contact_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`contact_id`, `tag_id`),
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_tags_tag_idx` ON `contact_tags` (`tag_id`,`contact_id`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`color` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`team_id` integer,
	`created_by` integer NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_personal_name_unique` ON `tags` (`created_by`,`name_key`) WHERE team_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX `tags_team_name_unique` ON `tags` (`team_id`,`name_key`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `source` text;--> statement-breakpoint
-- A contact that leaves a team (taken back, or moved) no longer carries that team's tags: a team's tags are its own.
CREATE TRIGGER `contacts_team_tags_leave` AFTER UPDATE OF `team_id` ON `contacts` WHEN old.team_id IS NOT NULL AND old.team_id IS NOT new.team_id BEGIN
  DELETE FROM `contact_tags` WHERE `contact_id` = new.id AND `tag_id` IN (SELECT `id` FROM `tags` WHERE `team_id` = old.team_id);
END;
