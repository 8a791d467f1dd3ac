ALTER TABLE `stakes` ADD `time_bank_refill_seconds` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `stakes` ADD `time_bank_refill_hands` integer DEFAULT 5 NOT NULL;