DROP INDEX `contacts_owner_name_idx`;--> statement-breakpoint
DROP INDEX `contacts_owner_sort_idx`;--> statement-breakpoint
DROP INDEX `contacts_team_sort_idx`;--> statement-breakpoint
ALTER TABLE `contacts` ADD `name_key` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `search_key` text;--> statement-breakpoint
CREATE INDEX `contacts_owner_name_key_idx` ON `contacts` (`created_by`,`name_key`,`search_key`);--> statement-breakpoint
CREATE INDEX `contacts_team_name_key_idx` ON `contacts` (`team_id`,`name_key`,`search_key`);--> statement-breakpoint
CREATE INDEX `contacts_unkeyed_idx` ON `contacts` (`id`) WHERE "contacts"."search_key" is null;--> statement-breakpoint
CREATE INDEX `contacts_owner_sort_idx` ON `contacts` (`created_by`,lower("name"),`search_key`);--> statement-breakpoint
CREATE INDEX `contacts_team_sort_idx` ON `contacts` (`team_id`,lower("name"),`search_key`);--> statement-breakpoint
ALTER TABLE `activities` ADD `search_key` text;--> statement-breakpoint
CREATE INDEX `activities_unkeyed_idx` ON `activities` (`id`) WHERE "activities"."search_key" is null;--> statement-breakpoint
CREATE INDEX `activities_owner_search_idx` ON `activities` (`created_by`,`date`,`search_key`);--> statement-breakpoint
CREATE INDEX `activities_team_search_idx` ON `activities` (`team_id`,`date`,`search_key`);--> statement-breakpoint
ALTER TABLE `prayer_requests` ADD `search_key` text;--> statement-breakpoint
CREATE INDEX `prayer_requests_unkeyed_idx` ON `prayer_requests` (`id`) WHERE "prayer_requests"."search_key" is null;--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_search_idx` ON `prayer_requests` (`created_by`,`date`,`search_key`);--> statement-breakpoint
CREATE INDEX `prayer_requests_team_search_idx` ON `prayer_requests` (`team_id`,`date`,`search_key`);