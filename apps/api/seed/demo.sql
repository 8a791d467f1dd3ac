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
