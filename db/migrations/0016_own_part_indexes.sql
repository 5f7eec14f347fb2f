DROP INDEX `activities_owner_search_idx`;--> statement-breakpoint
CREATE INDEX `activities_owner_search_idx` ON `activities` (`created_by`,`date`,`search_key`,`team_id`);--> statement-breakpoint
DROP INDEX `contacts_owner_name_key_idx`;--> statement-breakpoint
DROP INDEX `contacts_owner_sort_idx`;--> statement-breakpoint
CREATE INDEX `contacts_team_status_idx` ON `contacts` (`team_id`,`spiritual_status`);--> statement-breakpoint
CREATE INDEX `contacts_owner_name_key_idx` ON `contacts` (`created_by`,`name_key`,`search_key`,`team_id`);--> statement-breakpoint
CREATE INDEX `contacts_owner_sort_idx` ON `contacts` (`created_by`,lower("name"),`search_key`,`team_id`);--> statement-breakpoint
DROP INDEX `prayer_requests_owner_search_idx`;--> statement-breakpoint
CREATE INDEX `prayer_requests_owner_search_idx` ON `prayer_requests` (`created_by`,`date`,`search_key`,`team_id`);