/**
 * The games a dealer's choice stake may list (the admin picks 2–8), each
 * dealt at the stake's blinds. Only games a hand history can name (PHH's NT,
 * FT, PO, F7S and Felt's F5D, F5S; stud's bring-in is the small blind, ST-2): pot-limit hold'em and no-limit Omaha have no PHH
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
  "stud7",
  "stud5",
] as const;
export type DealersChoiceGame = (typeof DEALERS_CHOICE_GAMES)[number];

/**
 * The games a scheduled tournament may deal (one for its whole run), each
 * betting as the same game does at a cash table; fixed-limit bets follow the
 * level's big blind (small bet = big blind, big bet = twice it). Seven-card
 * stud brings in for the level's small blind (ST-2) and antes from every
 * player (a big-blind ante is shared out among the players dealt in).
 */
export const TOURNAMENT_GAMES = ["holdem-nl", "omaha-pl", "holdem-fl", "stud7"] as const;
export type TournamentGame = (typeof TOURNAMENT_GAMES)[number];

/** A tournament's clock at its tables, in whole seconds: the same bounds as a cash stake's. */
export const TOURNAMENT_CLOCK = {
  actionSeconds: { min: 5, max: 300, default: 20 },
  timeBankSeconds: { min: 0, max: 600, default: 60 },
} as const;

/**
 * Each game's name as the table deals it (the view's `dealersChoice.games`, the
 * `gameChosen` event and PHH's `_felt_game`): English, the same for every viewer.
 * Clients word a game in their own language by its id (`dealersChoiceGameOf`).
 */
export const DEALERS_CHOICE_NAMES: Record<DealersChoiceGame, string> = {
  "holdem-nl": "Hold'em NL",
  "holdem-fl": "Hold'em FL",
  "omaha-pl": "Omaha PL",
  "draw-fl": "Draw FL",
  "draw-7a": "Draw 7–A",
  "draw-joker": "Draw, joker wild",
  stud7: "Seven-card stud",
  stud5: "Five-card stud",
};

/** The id of a game named as the table names it, or null for a name not in the list. */
export function dealersChoiceGameOf(name: string): DealersChoiceGame | null {
  return DEALERS_CHOICE_GAMES.find((game) => DEALERS_CHOICE_NAMES[game] === name) ?? null;
}
