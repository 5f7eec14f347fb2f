CREATE TABLE `contact_relationships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`related_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`related_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_relationships_pair_unique` ON `contact_relationships` (`contact_id`,`related_id`,`kind`);--> statement-breakpoint
CREATE INDEX `contact_relationships_related_idx` ON `contact_relationships` (`related_id`,`kind`,`contact_id`);--> statement-breakpoint
CREATE INDEX `contact_relationships_kind_idx` ON `contact_relationships` (`kind`,`contact_id`);