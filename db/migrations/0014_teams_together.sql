CREATE TABLE `team_invite_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` integer NOT NULL,
	`code` text NOT NULL,
	`role` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_invite_links_code_unique` ON `team_invite_links` (`code`);--> statement-breakpoint
CREATE INDEX `team_invite_links_team_idx` ON `team_invite_links` (`team_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `assigned_to` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `assigned_at` integer;--> statement-breakpoint
CREATE INDEX `contacts_assignee_sort_idx` ON `contacts` (`assigned_to`,lower("name"),`search_key`);--> statement-breakpoint
CREATE INDEX `contacts_team_assignee_idx` ON `contacts` (`team_id`,`assigned_to`,`assigned_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `assignments_seen_at` integer;