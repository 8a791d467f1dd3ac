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
