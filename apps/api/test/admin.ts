/** The admin tests' forms: a stake and a payout table, each named uniquely. */
import { unique } from "./trpc";

export const stake = (overrides: object = {}) => ({
  name: `NL Hold'em 25/50 ${unique()}`,
  game: "holdem",
  betting: "no-limit",
  smallBlind: 25,
  bigBlind: 50,
  seats: 6,
  ...overrides,
});

export const payouts = (overrides: object = {}) => ({
  name: `Standard ${unique()}`,
  tiers: [
    { minEntrants: 2, maxEntrants: 5, percentages: [100] },
    { minEntrants: 6, maxEntrants: 10, percentages: [65, 35] },
    { minEntrants: 11, maxEntrants: 30, percentages: [50, 30, 20] },
  ],
  ...overrides,
});
