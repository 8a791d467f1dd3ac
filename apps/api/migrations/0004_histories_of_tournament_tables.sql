-- Tournament tables write histories too, so table_id no longer references `tables`.
-- D1 ignores foreign_keys=OFF; deferring lets the rebuilt table take over the references.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_hand_histories` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`hand_number` integer NOT NULL,
	`phh` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_hand_histories`("id", "table_id", "hand_number", "phh", "created_at") SELECT "id", "table_id", "hand_number", "phh", "created_at" FROM `hand_histories`;--> statement-breakpoint
DROP TABLE `hand_histories`;--> statement-breakpoint
ALTER TABLE `__new_hand_histories` RENAME TO `hand_histories`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE UNIQUE INDEX `hand_histories_table_hand` ON `hand_histories` (`table_id`,`hand_number`);