-- A person's activities and follow-ups by date, so their last contact and next follow-up are one index seek each
-- (contacts.list names these indexes: without them SQLite chose to walk all of a user's activities per contact).
DROP INDEX `activities_contact_idx`;--> statement-breakpoint
CREATE INDEX `activities_contact_date_idx` ON `activities` (`contact_id`,`date`);--> statement-breakpoint
DROP INDEX `follow_ups_contact_idx`;--> statement-breakpoint
CREATE INDEX `follow_ups_contact_date_idx` ON `follow_ups` (`contact_id`,`completed`,`date`);
