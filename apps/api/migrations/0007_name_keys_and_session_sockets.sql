CREATE TABLE `session_sockets` (
	`token_hash` text NOT NULL,
	`table_id` text NOT NULL,
	PRIMARY KEY(`token_hash`, `table_id`),
	FOREIGN KEY (`token_hash`) REFERENCES `sessions`(`token_hash`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `name_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_name_key_unique` ON `users` (`name_key`);--> statement-breakpoint
-- Names from before look-alike keys: their lower case stands in (sign-up compared names case-blind already).
UPDATE OR IGNORE `users` SET `name_key` = lower(`display_name`);
--> statement-breakpoint
-- The per-account sign-in lockout is now per account and address (auth/rate-limit.ts): its old counts go.
DELETE FROM `auth_attempts` WHERE `scope` = 'account';
