CREATE TABLE `session_sockets` (
	`token_hash` text NOT NULL,
	`table_id` text NOT NULL,
	PRIMARY KEY(`token_hash`, `table_id`),
	FOREIGN KEY (`token_hash`) REFERENCES `sessions`(`token_hash`) ON UPDATE no action ON DELETE cascade
);
