ALTER TABLE `activities` ADD `others_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `also_there_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 50 §4: each activity counts its other people and each person the activities they are one of the others of, so
-- the reads of the activity of one person (nearly all) and of a person in none (nearly all) seek nothing more.
UPDATE `activities` SET `others_count` = (SELECT count(*) FROM `activity_contacts` ac WHERE ac.`activity_id` = `activities`.`id`)
  WHERE `id` IN (SELECT `activity_id` FROM `activity_contacts`);--> statement-breakpoint
UPDATE `contacts` SET `also_there_count` = (SELECT count(*) FROM `activity_contacts` ac WHERE ac.`contact_id` = `contacts`.`id`)
  WHERE `id` IN (SELECT `contact_id` FROM `activity_contacts`);--> statement-breakpoint
CREATE TRIGGER `activity_contacts_count_insert` AFTER INSERT ON `activity_contacts` BEGIN
  UPDATE `activities` SET `others_count` = `others_count` + 1 WHERE `id` = new.activity_id;
  UPDATE `contacts` SET `also_there_count` = `also_there_count` + 1 WHERE `id` = new.contact_id;
END;--> statement-breakpoint
-- Also when a person or an activity is deleted (the cascade fires it): the row being deleted is then no longer found.
CREATE TRIGGER `activity_contacts_count_delete` AFTER DELETE ON `activity_contacts` BEGIN
  UPDATE `activities` SET `others_count` = `others_count` - 1 WHERE `id` = old.activity_id;
  UPDATE `contacts` SET `also_there_count` = `also_there_count` - 1 WHERE `id` = old.contact_id;
END;--> statement-breakpoint
CREATE TRIGGER `activity_contacts_count_update` AFTER UPDATE OF `activity_id`, `contact_id` ON `activity_contacts` BEGIN
  UPDATE `activities` SET `others_count` = `others_count` - 1 WHERE `id` = old.activity_id;
  UPDATE `contacts` SET `also_there_count` = `also_there_count` - 1 WHERE `id` = old.contact_id;
  UPDATE `activities` SET `others_count` = `others_count` + 1 WHERE `id` = new.activity_id;
  UPDATE `contacts` SET `also_there_count` = `also_there_count` + 1 WHERE `id` = new.contact_id;
END;
