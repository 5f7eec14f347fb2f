CREATE TABLE `contact_milestones` (
	`contact_id` integer NOT NULL,
	`kind` text NOT NULL,
	`date` integer NOT NULL,
	`set_by` integer,
	`set_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`contact_id`, `kind`),
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`set_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
