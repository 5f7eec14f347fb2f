CREATE TABLE `daily_tallies` (
	`entity` text NOT NULL,
	`kind` text NOT NULL,
	`day` integer NOT NULL,
	`created_by` integer NOT NULL,
	`team_id` integer NOT NULL,
	`row_count` integer NOT NULL,
	PRIMARY KEY(`created_by`, `entity`, `kind`, `day`, `team_id`),
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `daily_tallies_team_idx` ON `daily_tallies` (`team_id`,`entity`,`kind`,`day`);--> statement-breakpoint
CREATE TRIGGER `activities_daily_insert` AFTER INSERT ON `activities` BEGIN
  INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) VALUES ('activity', new.type, new.date / 86400000, new.created_by, coalesce(new.team_id, 0), 1) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_daily_delete` AFTER DELETE ON `activities` BEGIN
  UPDATE `daily_tallies` SET `row_count` = `row_count` - 1 WHERE `created_by` = old.created_by AND `entity` = 'activity' AND `kind` = old.type AND `day` = old.date / 86400000 AND `team_id` = coalesce(old.team_id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `activities_daily_update` AFTER UPDATE OF created_by, team_id, type, date ON `activities` BEGIN
  UPDATE `daily_tallies` SET `row_count` = `row_count` - 1 WHERE `created_by` = old.created_by AND `entity` = 'activity' AND `kind` = old.type AND `day` = old.date / 86400000 AND `team_id` = coalesce(old.team_id, 0);
  INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) VALUES ('activity', new.type, new.date / 86400000, new.created_by, coalesce(new.team_id, 0), 1) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) SELECT 'activity', t.type, t.date / 86400000, t.created_by, coalesce(t.team_id, 0), count(*) FROM `activities` t GROUP BY 2, 3, 4, 5;
--> statement-breakpoint
CREATE TRIGGER `contacts_daily_insert` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) VALUES ('contact', '', new.created_at / 86400000, new.created_by, coalesce(new.team_id, 0), 1) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_daily_delete` AFTER DELETE ON `contacts` BEGIN
  UPDATE `daily_tallies` SET `row_count` = `row_count` - 1 WHERE `created_by` = old.created_by AND `entity` = 'contact' AND `kind` = '' AND `day` = old.created_at / 86400000 AND `team_id` = coalesce(old.team_id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_daily_update` AFTER UPDATE OF created_by, team_id, created_at ON `contacts` BEGIN
  UPDATE `daily_tallies` SET `row_count` = `row_count` - 1 WHERE `created_by` = old.created_by AND `entity` = 'contact' AND `kind` = '' AND `day` = old.created_at / 86400000 AND `team_id` = coalesce(old.team_id, 0);
  INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) VALUES ('contact', '', new.created_at / 86400000, new.created_by, coalesce(new.team_id, 0), 1) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) SELECT 'contact', '', t.created_at / 86400000, t.created_by, coalesce(t.team_id, 0), count(*) FROM `contacts` t GROUP BY 2, 3, 4, 5;
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
INSERT INTO `daily_tallies` (`entity`, `kind`, `day`, `created_by`, `team_id`, `row_count`) SELECT 'prayer', '', t.created_at / 86400000, t.created_by, coalesce(t.team_id, 0), count(*) FROM `prayer_requests` t GROUP BY 2, 3, 4, 5;
