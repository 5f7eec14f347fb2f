CREATE TABLE `email_confirmations` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_confirmations_token_unique` ON `email_confirmations` (`token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed` integer DEFAULT false NOT NULL;