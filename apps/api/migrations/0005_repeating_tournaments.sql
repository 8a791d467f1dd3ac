ALTER TABLE `tournaments` ADD `repeat_every_minutes` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `series_id` text;