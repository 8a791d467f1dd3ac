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

/** "1st", "2nd", "3rd", "11th", "22nd": how a finishing place is said. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** Players busted in the same hand share a place range ("5th–6th"). */
export const placeName = (place: { from: number; to: number }) =>
  place.from === place.to ? ordinal(place.from) : `${ordinal(place.from)}–${ordinal(place.to)}`;

/** A countdown as a clock face reads it: "4:05", "1:02:03". */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** A level's length in words: "15 min", "90 s", "1 h 30 min". */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60 || seconds % 60 !== 0) return `${seconds} s`;
  const minutes = seconds / 60;
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/** Tournament buy-ins are written prize part + fee, as players know them ("100 + 10"). */
export const buyInText = (prize: number, fee: number) => `${chips(prize)} + ${chips(fee)}`;

/** A start time in the viewer's own time zone: "Sat, 14 Jun, 19:30". */
export const startTime = (epochMs: number) =>
  new Date(epochMs).toLocaleString(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
