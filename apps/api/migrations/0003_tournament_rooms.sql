CREATE TABLE `tournament_tables` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` text NOT NULL,
	`number` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournament_tables_number` ON `tournament_tables` (`tournament_id`,`number`);--> statement-breakpoint
ALTER TABLE `tournaments` ADD `config` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `min_entrants` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `entries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `prize_pool` integer DEFAULT 0 NOT NULL;