CREATE TABLE `home_game_guests` (
	`table_id` text NOT NULL,
	`player_id` text NOT NULL,
	`status` text NOT NULL,
	`updated_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`table_id`, `player_id`),
	FOREIGN KEY (`table_id`) REFERENCES `home_games`(`table_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `home_game_guests_player` ON `home_game_guests` (`player_id`);--> statement-breakpoint
CREATE TABLE `home_games` (
	`table_id` text PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`invite_hash` text,
	`spectators` integer DEFAULT false NOT NULL,
	`options` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `home_games_invite` ON `home_games` (`invite_hash`);--> statement-breakpoint
CREATE INDEX `home_games_host` ON `home_games` (`host_id`);