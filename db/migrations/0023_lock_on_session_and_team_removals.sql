CREATE TABLE `team_removals` (
	`team_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`removed_by` integer,
	`removed_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `team_removals_user_idx` ON `team_removals` (`user_id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `locked_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `pin_failures` integer DEFAULT 0 NOT NULL;