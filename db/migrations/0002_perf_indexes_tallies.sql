CREATE TABLE `row_tallies` (
	`entity` text NOT NULL,
	`kind` text NOT NULL,
	`created_by` integer NOT NULL,
	`team_id` integer NOT NULL,
	`row_count` integer NOT NULL,
	`prayed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`created_by`, `team_id`, `entity`, `kind`),
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `row_tallies_team_idx` ON `row_tallies` (`team_id`);--> statement-breakpoint
CREATE INDEX `contacts_owner_sort_idx` ON `contacts` (`created_by`,lower("name"));--> statement-breakpoint
CREATE INDEX `contacts_team_sort_idx` ON `contacts` (`team_id`,lower("name"));--> statement-breakpoint
CREATE INDEX `follow_ups_owner_date_idx` ON `follow_ups` (`created_by`,`date`);--> statement-breakpoint
CREATE INDEX `follow_ups_team_date_idx` ON `follow_ups` (`team_id`,`date`);--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_date_idx` ON `prayer_requests` (`created_by`,`date`);--> statement-breakpoint
CREATE INDEX `prayer_requests_team_date_idx` ON `prayer_requests` (`team_id`,`date`);--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_created_idx` ON `prayer_requests` (`created_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `prayer_requests_team_created_idx` ON `prayer_requests` (`team_id`,`created_at`);--> statement-breakpoint
CREATE TRIGGER `activities_tally_insert` AFTER INSERT ON `activities` BEGIN
  INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) VALUES ('activity', new.type, new.created_by, coalesce(new.team_id, 0), 1, 0) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_tally_delete` AFTER DELETE ON `activities` BEGIN
  UPDATE `row_tallies` SET `row_count` = `row_count` - 1, `prayed` = `prayed` - 0 WHERE `entity` = 'activity' AND `kind` = old.type AND `created_by` = old.created_by AND `team_id` = coalesce(old.team_id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `activities_tally_update` AFTER UPDATE OF created_by, team_id, type ON `activities` BEGIN
  UPDATE `row_tallies` SET `row_count` = `row_count` - 1, `prayed` = `prayed` - 0 WHERE `entity` = 'activity' AND `kind` = old.type AND `created_by` = old.created_by AND `team_id` = coalesce(old.team_id, 0);
  INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) VALUES ('activity', new.type, new.created_by, coalesce(new.team_id, 0), 1, 0) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) SELECT 'activity', t.type, t.created_by, coalesce(t.team_id, 0), count(*), 0 FROM `activities` t GROUP BY 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `contacts_tally_insert` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) VALUES ('contact', '', new.created_by, coalesce(new.team_id, 0), 1, 0) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_tally_delete` AFTER DELETE ON `contacts` BEGIN
  UPDATE `row_tallies` SET `row_count` = `row_count` - 1, `prayed` = `prayed` - 0 WHERE `entity` = 'contact' AND `kind` = '' AND `created_by` = old.created_by AND `team_id` = coalesce(old.team_id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_tally_update` AFTER UPDATE OF created_by, team_id ON `contacts` BEGIN
  UPDATE `row_tallies` SET `row_count` = `row_count` - 1, `prayed` = `prayed` - 0 WHERE `entity` = 'contact' AND `kind` = '' AND `created_by` = old.created_by AND `team_id` = coalesce(old.team_id, 0);
  INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) VALUES ('contact', '', new.created_by, coalesce(new.team_id, 0), 1, 0) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) SELECT 'contact', '', t.created_by, coalesce(t.team_id, 0), count(*), 0 FROM `contacts` t GROUP BY 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `follow_ups_tally_insert` AFTER INSERT ON `follow_ups` BEGIN
  INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) VALUES ('follow_up', case when new.completed then 'completed' else 'pending' end, new.created_by, coalesce(new.team_id, 0), 1, 0) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
CREATE TRIGGER `follow_ups_tally_delete` AFTER DELETE ON `follow_ups` BEGIN
  UPDATE `row_tallies` SET `row_count` = `row_count` - 1, `prayed` = `prayed` - 0 WHERE `entity` = 'follow_up' AND `kind` = case when old.completed then 'completed' else 'pending' end AND `created_by` = old.created_by AND `team_id` = coalesce(old.team_id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `follow_ups_tally_update` AFTER UPDATE OF created_by, team_id, completed ON `follow_ups` BEGIN
  UPDATE `row_tallies` SET `row_count` = `row_count` - 1, `prayed` = `prayed` - 0 WHERE `entity` = 'follow_up' AND `kind` = case when old.completed then 'completed' else 'pending' end AND `created_by` = old.created_by AND `team_id` = coalesce(old.team_id, 0);
  INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) VALUES ('follow_up', case when new.completed then 'completed' else 'pending' end, new.created_by, coalesce(new.team_id, 0), 1, 0) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) SELECT 'follow_up', case when t.completed then 'completed' else 'pending' end, t.created_by, coalesce(t.team_id, 0), count(*), 0 FROM `follow_ups` t GROUP BY 2, 3, 4;
--> statement-breakpoint
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
INSERT INTO `row_tallies` (`entity`, `kind`, `created_by`, `team_id`, `row_count`, `prayed`) SELECT 'prayer', case when t.answered then 'answered' else 'active' end, t.created_by, coalesce(t.team_id, 0), count(*), sum(t.prayed_count) FROM `prayer_requests` t GROUP BY 2, 3, 4;
