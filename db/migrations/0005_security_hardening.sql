-- Invitations, shared attempt counters, usernames compared by a Unicode key, idempotency keys bound to their request.
-- Written by drizzle-kit; username_key is added with a default and filled from lower(username) (unique already)
-- before its unique index, by hand; db/migrate.ts recomputes the key of non-ASCII usernames in JavaScript.
CREATE TABLE `attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `attempts_reset_idx` ON `attempts` (`reset_at`);--> statement-breakpoint
CREATE TABLE `team_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` integer NOT NULL,
	`user_id` integer,
	`invitee` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`invited_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_invitations_team_invitee_unique` ON `team_invitations` (`team_id`,`invitee`);--> statement-breakpoint
CREATE INDEX `team_invitations_user_idx` ON `team_invitations` (`user_id`,`expires_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `username_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `users` SET `username_key` = lower(`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);--> statement-breakpoint
DROP INDEX `users_username_unique`;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `request_hash` text;