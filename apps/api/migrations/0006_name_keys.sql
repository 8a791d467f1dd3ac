ALTER TABLE `users` ADD `name_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_name_key_unique` ON `users` (`name_key`);--> statement-breakpoint
-- Names from before look-alike keys: their lower case stands in (sign-up compared names case-blind already).
UPDATE OR IGNORE `users` SET `name_key` = lower(`display_name`);
--> statement-breakpoint
-- The per-account sign-in lockout is now per account and address (auth/rate-limit.ts): its old counts go.
DELETE FROM `auth_attempts` WHERE `scope` = 'account';
