CREATE TABLE `security_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`event` text NOT NULL,
	`at` integer NOT NULL,
	`device` text DEFAULT '' NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `security_events_user_at_idx` ON `security_events` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `security_events_at_idx` ON `security_events` (`at`);--> statement-breakpoint
DROP INDEX `sessions_user_idx`;--> statement-breakpoint
ALTER TABLE `sessions` ADD `handle` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `device` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Sessions older than these columns get a handle of their own; when they began is not known, so they count from their
-- last extension (Lucia moves expires_at to 30 days on once half of it has passed).
UPDATE `sessions` SET `handle` = lower(hex(randomblob(16))), `created_at` = (`expires_at` - 2592000) * 1000, `last_seen_at` = (`expires_at` - 2592000) * 1000;--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_handle_unique` ON `sessions` (`handle`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`,`created_at`);