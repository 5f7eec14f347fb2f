CREATE TABLE `activity_contacts` (
	`activity_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`date` integer NOT NULL,
	PRIMARY KEY(`activity_id`, `contact_id`),
	FOREIGN KEY (`activity_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_contacts_contact_date_idx` ON `activity_contacts` (`contact_id`,`date`,`activity_id`);--> statement-breakpoint
CREATE TABLE `contact_dates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`kind` text DEFAULT 'other' NOT NULL,
	`label` text NOT NULL,
	`date` text NOT NULL,
	`yearly` integer DEFAULT true NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_dates_contact_idx` ON `contact_dates` (`contact_id`,`date`);--> statement-breakpoint
CREATE TABLE `prayer_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`per_day` integer DEFAULT 3 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`team_id` integer,
	`created_by` integer NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `prayer_lists_owner_idx` ON `prayer_lists` (`created_by`,`team_id`);--> statement-breakpoint
CREATE INDEX `prayer_lists_team_idx` ON `prayer_lists` (`team_id`);--> statement-breakpoint
-- A prayer request may name no one (issue 50 §5): the table is rebuilt with contact_id nullable, and its triggers with it.
CREATE TABLE `__new_prayer_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer,
	`list_id` integer,
	`request` text NOT NULL,
	`date` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`answered` integer DEFAULT false NOT NULL,
	`answer_notes` text,
	`answer_date` integer,
	`prayed_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`team_id` integer,
	`created_by` integer NOT NULL,
	`last_prayed_at` integer,
	`rotated_at` integer,
	`search_key` text,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `prayer_lists`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_prayer_requests`("id", "contact_id", "list_id", "request", "date", "answered", "answer_notes", "answer_date", "prayed_count", "created_at", "team_id", "created_by", "last_prayed_at", "rotated_at", "search_key") SELECT "id", "contact_id", NULL, "request", "date", "answered", "answer_notes", "answer_date", "prayed_count", "created_at", "team_id", "created_by", "last_prayed_at", "rotated_at", "search_key" FROM `prayer_requests`;--> statement-breakpoint
DROP TABLE `prayer_requests`;--> statement-breakpoint
ALTER TABLE `__new_prayer_requests` RENAME TO `prayer_requests`;--> statement-breakpoint
CREATE INDEX `prayer_requests_unkeyed_idx` ON `prayer_requests` (`id`) WHERE "prayer_requests"."search_key" is null;--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_search_idx` ON `prayer_requests` (`created_by`,`date`,`search_key`,`team_id`);--> statement-breakpoint
CREATE INDEX `prayer_requests_team_search_idx` ON `prayer_requests` (`team_id`,`date`,`search_key`);--> statement-breakpoint
CREATE INDEX `prayer_requests_rotation_idx` ON `prayer_requests` (`created_by`,`answered`,`rotated_at`);--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_idx` ON `prayer_requests` (`created_by`,`answered`,`date`);--> statement-breakpoint
CREATE INDEX `prayer_requests_team_idx` ON `prayer_requests` (`team_id`,`answered`,`date`);--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_date_idx` ON `prayer_requests` (`created_by`,`date`);--> statement-breakpoint
CREATE INDEX `prayer_requests_team_date_idx` ON `prayer_requests` (`team_id`,`date`);--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_answered_idx` ON `prayer_requests` (`created_by`,`answered`,coalesce("answer_date", "date"));--> statement-breakpoint
CREATE INDEX `prayer_requests_team_answered_idx` ON `prayer_requests` (`team_id`,`answered`,coalesce("answer_date", "date"));--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_created_idx` ON `prayer_requests` (`created_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `prayer_requests_team_created_idx` ON `prayer_requests` (`team_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `prayer_requests_contact_idx` ON `prayer_requests` (`contact_id`);--> statement-breakpoint
CREATE INDEX `prayer_requests_list_idx` ON `prayer_requests` (`list_id`,`answered`,`rotated_at`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `stay_in_touch_days` integer;--> statement-breakpoint
ALTER TABLE `contacts` ADD `archived_at` integer;--> statement-breakpoint
ALTER TABLE `contacts` ADD `archive_reason` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `archive_note` text;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `dates_ahead_days` integer DEFAULT 14 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `prayer_requests_tally_insert` AFTER INSERT ON `prayer_requests` BEGIN
  INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) VALUES ('prayer', case when new.answered then 'answered' else 'active' end, new.created_by, coalesce(new.team_id, 0), 1, new.prayed_count) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
CREATE TRIGGER `prayer_requests_tally_delete` AFTER DELETE ON `prayer_requests` BEGIN
  UPDATE `row_tallies` SET `row_count` = `row_count` - 1, `prayed` = `prayed` - old.prayed_count WHERE `entity` = 'prayer' AND `kind` = case when old.answered then 'answered' else 'active' end AND `created_by` = old.created_by AND `team_id` = coalesce(old.team_id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `prayer_requests_tally_update` AFTER UPDATE OF created_by, team_id, answered, prayed_count ON `prayer_requests` BEGIN
  UPDATE `row_tallies` SET `row_count` = `row_count` - 1, `prayed` = `prayed` - old.prayed_count WHERE `entity` = 'prayer' AND `kind` = case when old.answered then 'answered' else 'active' end AND `created_by` = old.created_by AND `team_id` = coalesce(old.team_id, 0);
  INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) VALUES ('prayer', case when new.answered then 'answered' else 'active' end, new.created_by, coalesce(new.team_id, 0), 1, new.prayed_count) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
CREATE TRIGGER `prayer_requests_daily_insert` AFTER INSERT ON `prayer_requests` BEGIN
  INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) VALUES ('prayer', '', new.created_at / 86400000, new.created_by, coalesce(new.team_id, 0), 1) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `prayer_requests_daily_delete` AFTER DELETE ON `prayer_requests` BEGIN
  UPDATE `daily_tallies` SET `row_count` = `row_count` - 1 WHERE `created_by` = old.created_by AND `entity` = 'prayer' AND `kind` = '' AND `day` = old.created_at / 86400000 AND `team_id` = coalesce(old.team_id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `prayer_requests_daily_update` AFTER UPDATE OF created_by, team_id, created_at ON `prayer_requests` BEGIN
  UPDATE `daily_tallies` SET `row_count` = `row_count` - 1 WHERE `created_by` = old.created_by AND `entity` = 'prayer' AND `kind` = '' AND `day` = old.created_at / 86400000 AND `team_id` = coalesce(old.team_id, 0);
  INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) VALUES ('prayer', '', new.created_at / 86400000, new.created_by, coalesce(new.team_id, 0), 1) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
-- An activity's other people (issue 50 §4) carry its date, so a person's timeline and last contact seek them by date.
CREATE TRIGGER `activities_people_date` AFTER UPDATE OF `date` ON `activities` BEGIN
  UPDATE `activity_contacts` SET `date` = new.date WHERE `activity_id` = new.id;
END;
--> statement-breakpoint
-- The person an activity is first about is never also one of its other people.
CREATE TRIGGER `activities_people_first` AFTER UPDATE OF `contact_id` ON `activities` BEGIN
  DELETE FROM `activity_contacts` WHERE `activity_id` = new.id AND `contact_id` = new.contact_id;
END;
--> statement-breakpoint
-- Deleting a person keeps their shared activities for the others: the first of the others takes their place.
CREATE TRIGGER `contacts_delete_keeps_gatherings` BEFORE DELETE ON `contacts` BEGIN
  UPDATE `activities` SET `contact_id` = (SELECT min(ac.`contact_id`) FROM `activity_contacts` ac WHERE ac.`activity_id` = `activities`.`id` AND ac.`contact_id` <> old.id)
    WHERE `contact_id` = old.id AND EXISTS (SELECT 1 FROM `activity_contacts` ac WHERE ac.`activity_id` = `activities`.`id` AND ac.`contact_id` <> old.id);
END;
