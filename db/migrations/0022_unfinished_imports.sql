CREATE TABLE `unfinished_import_rows` (
	`import_id` integer NOT NULL,
	`kind` text NOT NULL,
	`first_id` integer NOT NULL,
	`last_id` integer NOT NULL,
	FOREIGN KEY (`import_id`) REFERENCES `unfinished_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unfinished_import_rows_import_idx` ON `unfinished_import_rows` (`import_id`);--> statement-breakpoint
CREATE TABLE `unfinished_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
