CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`owner_id` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "accounts_not_negative" CHECK("accounts"."kind" = 'mint' OR "accounts"."balance" >= 0),
	CONSTRAINT "accounts_mint_not_positive" CHECK("accounts"."kind" <> 'mint' OR "accounts"."balance" <= 0)
);
--> statement-breakpoint
CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` text NOT NULL,
	`action` text NOT NULL,
	`target_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_audit_created` ON `admin_audit` (`created_at`);--> statement-breakpoint
CREATE TABLE `auth_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scope` text NOT NULL,
	`subject` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_subject` ON `auth_attempts` (`scope`,`subject`,`at`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transfer_id` text NOT NULL,
	`account_id` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`transfer_id`) REFERENCES `transfers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_entries_not_zero" CHECK("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_leg` ON `ledger_entries` (`transfer_id`,`account_id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_account` ON `ledger_entries` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `payout_tables` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`tiers` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_tables_name_unique` ON `payout_tables` (`name`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`kind` text NOT NULL,
	`from_account` text NOT NULL,
	`to_account` text NOT NULL,
	`amount` integer NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`from_account`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_account`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "transfers_positive" CHECK("transfers"."amount" > 0),
	CONSTRAINT "transfers_two_accounts" CHECK("transfers"."from_account" <> "transfers"."to_account")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_idempotency_key_unique` ON `transfers` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `transfers_user` ON `transfers` (`user_id`,`kind`,`created_at`);--> statement-breakpoint
ALTER TABLE `stakes` ADD `deck` text DEFAULT '52' NOT NULL;--> statement-breakpoint
ALTER TABLE `stakes` ADD `wild` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `stakes` ADD `small_bet` integer;--> statement-breakpoint
ALTER TABLE `stakes` ADD `big_bet` integer;--> statement-breakpoint
ALTER TABLE `stakes` ADD `rake_bps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stakes` ADD `rake_cap` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stakes` ADD `no_flop_no_drop` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `stakes` ADD `action_seconds` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE `stakes` ADD `time_bank_seconds` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `stakes` ADD `archived_at` integer;--> statement-breakpoint
ALTER TABLE `tables` ADD `average_pot` integer;--> statement-breakpoint
-- Hand-written below this line (drizzle-kit does not model rows or triggers).
-- The two system accounts every deployment needs, production included: the
-- mint (where play money is created) and the house (rake and fees).
INSERT INTO `accounts` (`id`, `kind`) VALUES ('mint', 'mint'), ('house', 'house');--> statement-breakpoint
-- The ledger is append-only: a mistake is corrected by a new transfer, never by editing history.
CREATE TRIGGER `transfers_no_update` BEFORE UPDATE ON `transfers` BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `transfers_no_delete` BEFORE DELETE ON `transfers` BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `ledger_entries_no_update` BEFORE UPDATE ON `ledger_entries` BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `ledger_entries_no_delete` BEFORE DELETE ON `ledger_entries` BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
