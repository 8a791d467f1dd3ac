ALTER TABLE `tournaments` ADD `game` text DEFAULT 'holdem-nl' NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `action_seconds` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `time_bank_seconds` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `description` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `name_ru` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `description_ru` text;