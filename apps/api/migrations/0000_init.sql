CREATE TABLE `stakes` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`game` text NOT NULL,
	`betting` text NOT NULL,
	`small_blind` integer NOT NULL,
	`big_blind` integer NOT NULL,
	`ante` integer DEFAULT 0 NOT NULL,
	`min_buy_in_bb` integer DEFAULT 20 NOT NULL,
	`max_buy_in_bb` integer DEFAULT 100 NOT NULL,
	`seats` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "stakes_blinds" CHECK("stakes"."small_blind" > 0 AND "stakes"."big_blind" >= "stakes"."small_blind"),
	CONSTRAINT "stakes_seats" CHECK("stakes"."seats" BETWEEN 2 AND 10),
	CONSTRAINT "stakes_buy_in" CHECK("stakes"."min_buy_in_bb" > 0 AND "stakes"."max_buy_in_bb" >= "stakes"."min_buy_in_bb")
);
--> statement-breakpoint
CREATE TABLE `tables` (
	`id` text PRIMARY KEY NOT NULL,
	`stake_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`players_seated` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`stake_id`) REFERENCES `stakes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tables_stake` ON `tables` (`stake_id`);--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`starts_at` integer NOT NULL,
	`buy_in` integer NOT NULL,
	`fee` integer NOT NULL,
	`starting_stack` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'player' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_display_name_unique` ON `users` (`display_name`);