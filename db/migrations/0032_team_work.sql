CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`edited_at` integer,
	`team_id` integer,
	`created_by` integer NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comments_contact_idx` ON `comments` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_team_idx` ON `comments` (`team_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`team_id` integer,
	`contact_id` integer,
	`comment_id` integer,
	`actor_id` integer,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`read_at` integer,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX `notifications_contact_idx` ON `notifications` (`contact_id`);--> statement-breakpoint
CREATE INDEX `notifications_comment_idx` ON `notifications` (`comment_id`);--> statement-breakpoint
CREATE INDEX `notifications_team_idx` ON `notifications` (`team_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `prayer_request_prayers` (
	`request_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`day` integer NOT NULL,
	PRIMARY KEY(`request_id`, `user_id`, `day`),
	FOREIGN KEY (`request_id`) REFERENCES `prayer_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `prayer_request_prayers_day_idx` ON `prayer_request_prayers` (`request_id`,`day`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `assignment_status` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `assigned_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `teams` ADD `update_needed_days` integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE `teams` ADD `prayer_names` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `notification_choices` text;--> statement-breakpoint
-- Assignments made before issue 51 were never asked about: they stand as accepted.
UPDATE `contacts` SET `assignment_status` = 'accepted' WHERE `assigned_to` IS NOT NULL;