/**
 * The games a dealer's choice stake may list (the admin picks 2–8), each
 * dealt at the stake's blinds. Only games a hand history can name (PHH's NT,
 * FT, PO and Felt's F5D): pot-limit hold'em and no-limit Omaha have no PHH
 * variant code yet. The API builds each one's rules (rooms/stake.ts); the
 * admin's form and the bots offer them from here.
 */
export const DEALERS_CHOICE_GAMES = [
  "holdem-nl",
  "holdem-fl",
  "omaha-pl",
  "draw-fl",
  "draw-7a",
  "draw-joker",
] as const;
export type DealersChoiceGame = (typeof DEALERS_CHOICE_GAMES)[number];

/**
 * The games a scheduled tournament may deal (one for its whole run), each
 * betting as the same game does at a cash table; fixed-limit bets follow the
 * level's big blind (small bet = big blind, big bet = twice it).
 */
export const TOURNAMENT_GAMES = ["holdem-nl", "omaha-pl", "holdem-fl"] as const;
export type TournamentGame = (typeof TOURNAMENT_GAMES)[number];

/** A tournament's clock at its tables, in whole seconds: the same bounds as a cash stake's. */
export const TOURNAMENT_CLOCK = {
  actionSeconds: { min: 5, max: 300, default: 20 },
  timeBankSeconds: { min: 0, max: 600, default: 60 },
} as const;
