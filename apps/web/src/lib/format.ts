const GAME_NAMES: Record<string, string> = {
  holdem: "Hold'em",
  omaha: "Omaha",
  draw: "Five-card draw",
  "five-card-draw": "Five-card draw",
  russian: "Russian poker",
};
const BETTING_NAMES: Record<string, string> = {
  "no-limit": "NL",
  "pot-limit": "PL",
  "fixed-limit": "FL",
};

export const gameName = (game: string, betting: string) =>
  `${BETTING_NAMES[betting] ?? betting} ${GAME_NAMES[game] ?? game}`;

export const chips = (amount: number) => amount.toLocaleString("en-US");
