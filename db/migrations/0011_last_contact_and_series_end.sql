-- A person's last contact reads the reader's rule of their activities from the index, without reading the rows.
DROP INDEX `activities_contact_date_idx`;--> statement-breakpoint
CREATE INDEX `activities_contact_date_idx` ON `activities` (`contact_id`,`date`,`created_by`,`team_id`);--> statement-breakpoint
-- A follow-up completed before completed_at was kept (0010) is given one: its date, or this moment when its date is
-- later, so that a contact's last contact (server/lastContact.ts) is never later than its completion and no longer
-- moves with the clock.
UPDATE `follow_ups` SET `completed_at` = min(`date`, cast(unixepoch('subsecond') * 1000 as integer)) WHERE `completed` = 1 AND `completed_at` IS NULL;--> statement-breakpoint
-- A series ends with the dates Sower keeps (1900 to 2200): a next follow-up that an earlier version wrote after
-- 2200-12-31T23:59:59.999Z (7289654399999 ms) is removed while it is pending; a series' first one, typed by its user, stays.
DELETE FROM `follow_ups` WHERE `completed` = 0 AND `series_id` IS NOT NULL AND `id` <> `series_id` AND `date` > 7289654399999;
