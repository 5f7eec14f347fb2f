CREATE TABLE `app_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contact_snoozes` (
	`user_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`until` integer NOT NULL,
	PRIMARY KEY(`user_id`, `contact_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_snoozes_contact_idx` ON `contact_snoozes` (`contact_id`);--> statement-breakpoint
CREATE TABLE `digest_sends` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`sent_at` integer,
	`email_sent` integer DEFAULT false NOT NULL,
	`push_sent` integer DEFAULT 0 NOT NULL,
	`reminders` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`attention_days` text,
	`pray_today_count` integer DEFAULT 5 NOT NULL,
	`reminders_on` integer DEFAULT false NOT NULL,
	`reminder_hour` integer DEFAULT 8 NOT NULL,
	`time_zone` text,
	`by_email` integer DEFAULT true NOT NULL,
	`by_push` integer DEFAULT true NOT NULL,
	`include_follow_ups` integer DEFAULT true NOT NULL,
	`include_attention` integer DEFAULT true NOT NULL,
	`include_prayers` integer DEFAULT true NOT NULL,
	`discreet` integer DEFAULT false NOT NULL,
	`unsubscribe_token` text,
	`next_digest_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_settings_next_digest_idx` ON `user_settings` (`next_digest_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_settings_unsubscribe_unique` ON `user_settings` (`unsubscribe_token`);--> statement-breakpoint
ALTER TABLE `follow_ups` ADD `completed_at` integer;--> statement-breakpoint
ALTER TABLE `follow_ups` ADD `repeat_every` integer;--> statement-breakpoint
ALTER TABLE `follow_ups` ADD `repeat_unit` text;--> statement-breakpoint
ALTER TABLE `follow_ups` ADD `repeat_from` text;--> statement-breakpoint
ALTER TABLE `follow_ups` ADD `series_id` integer;--> statement-breakpoint
ALTER TABLE `follow_ups` ADD `repeat_anchor` integer;--> statement-breakpoint
CREATE INDEX `follow_ups_series_idx` ON `follow_ups` (`series_id`);--> statement-breakpoint
ALTER TABLE `prayer_requests` ADD `last_prayed_at` integer;--> statement-breakpoint
ALTER TABLE `prayer_requests` ADD `rotated_at` integer;--> statement-breakpoint
CREATE INDEX `prayer_requests_rotation_idx` ON `prayer_requests` (`created_by`,`answered`,`rotated_at`);