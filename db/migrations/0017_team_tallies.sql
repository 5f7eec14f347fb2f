CREATE TABLE `team_daily_tallies` (
	`team_id` integer NOT NULL,
	`entity` text NOT NULL,
	`kind` text NOT NULL,
	`day` integer NOT NULL,
	`row_count` integer NOT NULL,
	PRIMARY KEY(`team_id`, `entity`, `kind`, `day`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `team_row_tallies` (
	`team_id` integer NOT NULL,
	`entity` text NOT NULL,
	`kind` text NOT NULL,
	`row_count` integer NOT NULL,
	`prayed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`team_id`, `entity`, `kind`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `activities_owner_date_idx`;--> statement-breakpoint
DROP INDEX `activities_owner_type_date_idx`;--> statement-breakpoint
CREATE INDEX `activities_personal_date_idx` ON `activities` (`created_by`,`date`) WHERE +`team_id` is null;--> statement-breakpoint
CREATE INDEX `activities_personal_type_date_idx` ON `activities` (`created_by`,`type`,`date`) WHERE +`team_id` is null;--> statement-breakpoint
CREATE INDEX `activities_team_type_date_idx` ON `activities` (`team_id`,`type`,`date`);--> statement-breakpoint
-- The team tallies follow the per-author tallies (0002, 0003) row for row: every change to a team's row there adds its
-- difference here. An upsert into row_tallies/daily_tallies fires the insert trigger for a new row and the update
-- trigger for an existing one. A deleted team's rows go with it (the cascade); a change arriving for a team no longer
-- there updates nothing.
CREATE TRIGGER `row_tallies_team_insert` AFTER INSERT ON `row_tallies` WHEN new.team_id <> 0 BEGIN
  INSERT INTO `team_row_tallies` (`team_id`, `entity`, `kind`, `row_count`, `prayed`) SELECT new.team_id, new.entity, new.kind, new.row_count, new.prayed WHERE EXISTS (SELECT 1 FROM `teams` WHERE `id` = new.team_id) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + excluded.`row_count`, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
CREATE TRIGGER `row_tallies_team_update` AFTER UPDATE ON `row_tallies` WHEN new.team_id <> 0 OR old.team_id <> 0 BEGIN
  UPDATE `team_row_tallies` SET `row_count` = `row_count` - old.row_count, `prayed` = `prayed` - old.prayed WHERE old.team_id <> 0 AND `team_id` = old.team_id AND `entity` = old.entity AND `kind` = old.kind;
  INSERT INTO `team_row_tallies` (`team_id`, `entity`, `kind`, `row_count`, `prayed`) SELECT new.team_id, new.entity, new.kind, new.row_count, new.prayed WHERE new.team_id <> 0 AND EXISTS (SELECT 1 FROM `teams` WHERE `id` = new.team_id) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + excluded.`row_count`, `prayed` = `prayed` + excluded.`prayed`;
END;
--> statement-breakpoint
CREATE TRIGGER `row_tallies_team_delete` AFTER DELETE ON `row_tallies` WHEN old.team_id <> 0 BEGIN
  UPDATE `team_row_tallies` SET `row_count` = `row_count` - old.row_count, `prayed` = `prayed` - old.prayed WHERE `team_id` = old.team_id AND `entity` = old.entity AND `kind` = old.kind;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_tallies_team_insert` AFTER INSERT ON `daily_tallies` WHEN new.team_id <> 0 BEGIN
  INSERT INTO `team_daily_tallies` (`team_id`, `entity`, `kind`, `day`, `row_count`) SELECT new.team_id, new.entity, new.kind, new.day, new.row_count WHERE EXISTS (SELECT 1 FROM `teams` WHERE `id` = new.team_id) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + excluded.`row_count`;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_tallies_team_update` AFTER UPDATE ON `daily_tallies` WHEN new.team_id <> 0 OR old.team_id <> 0 BEGIN
  UPDATE `team_daily_tallies` SET `row_count` = `row_count` - old.row_count WHERE old.team_id <> 0 AND `team_id` = old.team_id AND `entity` = old.entity AND `kind` = old.kind AND `day` = old.day;
  INSERT INTO `team_daily_tallies` (`team_id`, `entity`, `kind`, `day`, `row_count`) SELECT new.team_id, new.entity, new.kind, new.day, new.row_count WHERE new.team_id <> 0 AND EXISTS (SELECT 1 FROM `teams` WHERE `id` = new.team_id) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + excluded.`row_count`;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_tallies_team_delete` AFTER DELETE ON `daily_tallies` WHEN old.team_id <> 0 BEGIN
  UPDATE `team_daily_tallies` SET `row_count` = `row_count` - old.row_count WHERE `team_id` = old.team_id AND `entity` = old.entity AND `kind` = old.kind AND `day` = old.day;
END;
--> statement-breakpoint
INSERT INTO `team_row_tallies` (`team_id`, `entity`, `kind`, `row_count`, `prayed`) SELECT `team_id`, `entity`, `kind`, sum(`row_count`), sum(`prayed`) FROM `row_tallies` WHERE `team_id` IN (SELECT `id` FROM `teams`) GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `team_daily_tallies` (`team_id`, `entity`, `kind`, `day`, `row_count`) SELECT `team_id`, `entity`, `kind`, `day`, sum(`row_count`) FROM `daily_tallies` WHERE `team_id` IN (SELECT `id` FROM `teams`) GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- A team's journey funnel (team insight, a member's dashboard): its contacts per spiritual status, as entity 'journey'
-- of the per-team tallies, kept by the contacts' own triggers. A contact leaving a deleted team (set null) is counted
-- out of a team whose tallies are already gone: that update changes nothing.
CREATE TRIGGER `contacts_team_journey_insert` AFTER INSERT ON `contacts` WHEN new.team_id IS NOT NULL BEGIN
  INSERT INTO `team_row_tallies` (`team_id`, `entity`, `kind`, `row_count`, `prayed`) VALUES (new.team_id, 'journey', new.spiritual_status, 1, 0) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_team_journey_delete` AFTER DELETE ON `contacts` WHEN old.team_id IS NOT NULL BEGIN
  UPDATE `team_row_tallies` SET `row_count` = `row_count` - 1 WHERE `team_id` = old.team_id AND `entity` = 'journey' AND `kind` = old.spiritual_status;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_team_journey_update` AFTER UPDATE OF team_id, spiritual_status ON `contacts` WHEN old.team_id IS NOT NULL OR new.team_id IS NOT NULL BEGIN
  UPDATE `team_row_tallies` SET `row_count` = `row_count` - 1 WHERE old.team_id IS NOT NULL AND `team_id` = old.team_id AND `entity` = 'journey' AND `kind` = old.spiritual_status;
  INSERT INTO `team_row_tallies` (`team_id`, `entity`, `kind`, `row_count`, `prayed`) SELECT new.team_id, 'journey', new.spiritual_status, 1, 0 WHERE new.team_id IS NOT NULL AND EXISTS (SELECT 1 FROM `teams` WHERE `id` = new.team_id) ON CONFLICT DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
INSERT INTO `team_row_tallies` (`team_id`, `entity`, `kind`, `row_count`, `prayed`) SELECT `team_id`, 'journey', `spiritual_status`, count(*), 0 FROM `contacts` WHERE `team_id` IS NOT NULL GROUP BY 1, 3;
