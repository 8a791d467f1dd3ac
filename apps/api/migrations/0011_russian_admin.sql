ALTER TABLE `hand_histories` ADD `russian_round` text;--> statement-breakpoint
ALTER TABLE `stakes` ADD `russian` text;