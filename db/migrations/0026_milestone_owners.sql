ALTER TABLE `contact_milestones` ADD `created_by` integer;--> statement-breakpoint
ALTER TABLE `contact_milestones` ADD `team_id` integer;--> statement-breakpoint
CREATE INDEX `contact_milestones_owner_idx` ON `contact_milestones` (`created_by`,`kind`,`date`);--> statement-breakpoint
CREATE INDEX `contact_milestones_team_idx` ON `contact_milestones` (`team_id`,`kind`,`date`);--> statement-breakpoint
-- A milestone carries its contact's owner and team (issue 50), so goals and the dashboard count milestones from an
-- index of their own. Copied when a milestone is written or moved to another contact (a merge), and whenever its
-- contact changes hands (shared, taken back, its team deleted, its author's account deleted).
UPDATE `contact_milestones` SET `created_by` = (SELECT `created_by` FROM `contacts` WHERE `id` = `contact_id`), `team_id` = (SELECT `team_id` FROM `contacts` WHERE `id` = `contact_id`);
--> statement-breakpoint
CREATE TRIGGER `contact_milestones_owner_insert` AFTER INSERT ON `contact_milestones` BEGIN
  UPDATE `contact_milestones` SET `created_by` = (SELECT `created_by` FROM `contacts` WHERE `id` = new.contact_id), `team_id` = (SELECT `team_id` FROM `contacts` WHERE `id` = new.contact_id) WHERE `contact_id` = new.contact_id AND `kind` = new.kind;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_milestones_owner_move` AFTER UPDATE OF `contact_id` ON `contact_milestones` BEGIN
  UPDATE `contact_milestones` SET `created_by` = (SELECT `created_by` FROM `contacts` WHERE `id` = new.contact_id), `team_id` = (SELECT `team_id` FROM `contacts` WHERE `id` = new.contact_id) WHERE `contact_id` = new.contact_id AND `kind` = new.kind;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_owner_to_milestones` AFTER UPDATE OF `created_by`, `team_id` ON `contacts` WHEN old.created_by IS NOT new.created_by OR old.team_id IS NOT new.team_id BEGIN
  UPDATE `contact_milestones` SET `created_by` = new.created_by, `team_id` = new.team_id WHERE `contact_id` = new.id;
END;
