-- Demo data for local development and the browser test: a few open cash
-- tables of different games and stakes, and a scheduled tournament. The mint
-- and house ledger accounts come from migration 0001 (production needs them
-- too); the admin comes from scripts/seed-local.ts, never from this file.
-- Idempotent: `pnpm dev` applies it on every start.
INSERT OR IGNORE INTO stakes (id, name, game, betting, small_blind, big_blind, small_bet, big_bet, ante, min_buy_in_bb, max_buy_in_bb, seats, rake_bps, rake_cap) VALUES
  ('nlhe-1-2',   'NL Hold''em 1/2',        'holdem', 'no-limit',    1,  2, NULL, NULL, 0, 20, 100, 6, 500,  6),
  ('nlhe-5-10',  'NL Hold''em 5/10 deep',  'holdem', 'no-limit',    5, 10, NULL, NULL, 0, 50, 200, 9, 500, 30),
  ('plo-2-5',    'PL Omaha 2/5',           'omaha',  'pot-limit',   2,  5, NULL, NULL, 0, 20, 100, 6, 500, 15),
  ('flhe-2-4',   'Limit Hold''em 2/4',     'holdem', 'fixed-limit', 1,  2,    2,    4, 0, 20, 100, 9, 500,  8),
  ('draw-2-4',   'Five-card draw 2/4',     'draw',   'fixed-limit', 1,  2,    2,    4, 0, 20, 100, 6,   0,  0);

INSERT OR IGNORE INTO tables (id, stake_id, name) VALUES
  ('aurora',   'nlhe-1-2',  'Aurora'),
  ('borealis', 'nlhe-1-2',  'Borealis'),
  ('caspian',  'nlhe-5-10', 'Caspian'),
  ('danube',   'plo-2-5',   'Danube'),
  ('elbe',     'flhe-2-4',  'Elbe'),
  ('fjord',    'draw-2-4',  'Fjord');

-- Home games of the draw table: the 32-card 7–A deck (C-1) and a joker wild (W-1).
INSERT OR IGNORE INTO stakes (id, name, game, betting, small_blind, big_blind, small_bet, big_bet, min_buy_in_bb, max_buy_in_bb, seats, deck, wild) VALUES
  ('draw7a-2-4', 'Five-card draw 7–A 2/4',      'draw', 'fixed-limit', 1, 2, 2, 4, 20, 100, 6, '32', 'none'),
  ('drawjk-2-4', 'Five-card draw, joker wild 2/4', 'draw', 'fixed-limit', 1, 2, 2, 4, 20, 100, 6, '52', 'joker');

-- Dealer's choice (docs/rules.md#dealers-choice): the button picks one of these games for
-- each orbit, all at the 1/2 blinds (fixed-limit games bet 2/4).
INSERT OR IGNORE INTO stakes (id, name, game, betting, small_blind, big_blind, min_buy_in_bb, max_buy_in_bb, seats, games) VALUES
  ('dealers-1-2', 'Dealer''s choice 1/2', 'dealers-choice', 'no-limit', 1, 2, 20, 100, 6, '["holdem-nl","omaha-pl","draw-fl","draw-7a","draw-joker"]');

-- Stud (ST-1 … ST-5), fixed limit: the small blind column is the bring-in (2), the bets
-- 4 and 8, everyone antes 1; buy-ins count in the big blind (4). Seven-card stud
-- seats 8, five-card stud 10: as many as the deck serves.
INSERT OR IGNORE INTO stakes (id, name, game, betting, small_blind, big_blind, small_bet, big_bet, ante, min_buy_in_bb, max_buy_in_bb, seats) VALUES
  ('stud7-4-8', 'Seven-card stud 4/8', 'stud7', 'fixed-limit', 2, 4, 4, 8, 1, 20, 100, 8),
  ('stud5-4-8', 'Five-card stud 4/8',  'stud5', 'fixed-limit', 2, 4, 4, 8, 1, 20, 100, 10);

-- Russian poker against the house (RP-1 … RP-12): the blinds are the ANTE limits
-- (5 to 50), the buy-in 20 to 100 largest ANTEs, one box each for six players at least.
INSERT OR IGNORE INTO stakes (id, name, game, betting, small_blind, big_blind, min_buy_in_bb, max_buy_in_bb, seats) VALUES
  ('russian-5-50', 'Russian poker 5–50', 'russian', 'no-limit', 5, 50, 20, 100, 6);

INSERT OR IGNORE INTO tables (id, stake_id, name) VALUES
  ('ladoga', 'draw7a-2-4',   'Ladoga'),
  ('onega',  'drawjk-2-4',   'Onega'),
  ('ilmen',  'dealers-1-2',  'Ilmen'),
  ('neva',   'stud7-4-8',    'Neva'),
  ('kama',   'stud5-4-8',    'Kama'),
  ('volga',  'russian-5-50', 'Volga');

-- The house's bankroll, which pays what Russian poker boxes win: play money from
-- the mint, once (its key is unique), its entries and balances as the ledger writes them.
INSERT OR IGNORE INTO transfers (id, idempotency_key, kind, from_account, to_account, amount) VALUES
  ('seed-house-bankroll', 'house_bankroll:seed', 'house_bankroll', 'mint', 'house', 10000000);
INSERT INTO ledger_entries (transfer_id, account_id, amount)
  SELECT 'seed-house-bankroll', 'mint', -10000000
  WHERE NOT EXISTS (SELECT 1 FROM ledger_entries WHERE transfer_id = 'seed-house-bankroll');
INSERT INTO ledger_entries (transfer_id, account_id, amount)
  SELECT 'seed-house-bankroll', 'house', 10000000
  WHERE (SELECT COUNT(*) FROM ledger_entries WHERE transfer_id = 'seed-house-bankroll') = 1;
UPDATE accounts SET balance = (SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account_id = accounts.id)
  WHERE id IN ('mint', 'house');

-- Starts a week after the seed is first applied.
-- Its room opens on first use and plays the default structure (tournaments/definition.ts).
INSERT OR IGNORE INTO tournaments (id, name, starts_at, buy_in, fee, starting_stack, status) VALUES
  ('sunday-major', 'Sunday Major', (unixepoch() + 7 * 86400) * 1000, 1000, 100, 10000, 'registering');

-- An hourly series from the next full hour: each one schedules the next when it starts.
INSERT OR IGNORE INTO tournaments (id, name, starts_at, buy_in, fee, starting_stack, status, repeat_every_minutes, series_id) VALUES
  ('hourly', 'Hourly Freezeout', (unixepoch() / 3600 + 1) * 3600 * 1000, 100, 10, 10000, 'registering', 60, 'hourly');

-- A payout table for new tournaments (MT-2): basis points per place, by field size.
INSERT OR IGNORE INTO payout_tables (id, name, tiers, updated_at) VALUES
  ('standard', 'Standard', '[{"minEntrants":2,"maxEntrants":6,"basisPoints":[10000]},{"minEntrants":7,"maxEntrants":18,"basisPoints":[6500,3500]},{"minEntrants":19,"maxEntrants":30,"basisPoints":[5000,3000,2000]},{"minEntrants":31,"maxEntrants":60,"basisPoints":[4000,2500,1500,1200,800]},{"minEntrants":61,"maxEntrants":100000,"basisPoints":[3000,2000,1400,1000,800,600,500,400,300]}]', unixepoch() * 1000);
