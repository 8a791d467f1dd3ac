CREATE TABLE `hand_histories` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`hand_number` integer NOT NULL,
	`phh` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hand_histories_table_hand` ON `hand_histories` (`table_id`,`hand_number`);--> statement-breakpoint
CREATE TABLE `hand_history_players` (
	`hand_id` text NOT NULL,
	`user_id` text NOT NULL,
	`seat` integer NOT NULL,
	`net` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`hand_id`, `user_id`),
	FOREIGN KEY (`hand_id`) REFERENCES `hand_histories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `hand_history_players_user` ON `hand_history_players` (`user_id`,`created_at`,`hand_id`);