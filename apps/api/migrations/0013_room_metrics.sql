CREATE TABLE `room_metrics` (
	`room_id` text NOT NULL,
	`key` text NOT NULL,
	`source` text NOT NULL,
	`at` integer NOT NULL,
	`hands` integer DEFAULT 0 NOT NULL,
	`actions` integer DEFAULT 0 NOT NULL,
	`latency` text NOT NULL,
	`errors` text NOT NULL,
	`viewers` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`room_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `room_metrics_at` ON `room_metrics` (`at`);