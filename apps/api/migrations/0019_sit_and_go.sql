ALTER TABLE `tournaments` ADD `kind` text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `seats` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `refill` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `host_id` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `invite_hash` text;