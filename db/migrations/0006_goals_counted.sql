-- Goals count their progress from the activities (and contacts) in their period on every read (issue 13 item 4), so
-- the stored running total goes; what a user typed stays possible as `adjustment`, 0 for every existing goal: their
-- progress now shows the truth from their activities, which the old total had drifted from. `starts_on`: a chosen start.
ALTER TABLE `goals` ADD `adjustment` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `goals` ADD `starts_on` integer;--> statement-breakpoint
ALTER TABLE `goals` DROP COLUMN `current_count`;
