/**
 * `felt census` arguments → what to count. Kept apart from the command so the
 * parsing (the part users get wrong) is tested without running a census.
 */
import { type HandRanking, handRanking, WILD_CARDS } from "@felt/engine";

export const CENSUS_USAGE = [
  "usage: felt census <5|6|7>",
  "       felt census 5 [--deck 52|7A] [--wild <kind>] [--flush-over-full-house|--full-house-over-flush]",
  "       felt census 7 --wild low-hole-card   (seven-card stud, the lowest down card wild)",
  `       kinds: ${WILD_CARDS.filter((w) => w !== "none").join(", ")}`,
].join("\n");

export type CensusRequest =
  | { kind: "standard"; cards: 5 | 6 | 7 }
  /** A home-game deck (7–A, jokers, wild cards): five-card hands only (draw). */
  | { kind: "five-card"; ranking: HandRanking; deck: string; wild: string | null }
  /** Seven-card stud's wild option (ST-7): every deal of 3 down and 4 up cards. */
  | { kind: "low-hole-card" };

export function parseCensusArgs(
  args: readonly string[],
): { ok: true; request: CensusRequest } | { ok: false; message: string } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  let flushBeatsFullHouse: boolean | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--flush-over-full-house" || arg === "--full-house-over-flush") {
      flushBeatsFullHouse = arg === "--flush-over-full-house";
      continue;
    }
    const match = /^--(deck|wild)(?:=(.*))?$/.exec(arg);
    if (match) {
      const name = match[1] as string;
      const value = match[2] ?? args[++i];
      if (value === undefined || value === "")
        return { ok: false, message: `--${name} needs a value` };
      if (options[name] !== undefined) return { ok: false, message: `--${name} given twice` };
      options[name] = value;
      continue;
    }
    if (arg.startsWith("-")) return { ok: false, message: `unknown option ${arg}` };
    positional.push(arg);
  }
  if (positional.length !== 1 || !/^[567]$/.test(positional[0] ?? "")) {
    return {
      ok: false,
      message: `expected the number of cards, 5, 6 or 7, got ${JSON.stringify(positional.join(" "))}`,
    };
  }
  const cards = Number(positional[0]) as 5 | 6 | 7;
  const plain =
    (options.deck === undefined || options.deck === "52") &&
    (options.wild === undefined || options.wild === "none") &&
    flushBeatsFullHouse !== true;
  if (plain) return { ok: true, request: { kind: "standard", cards } };
  if (options.wild === "low-hole-card") {
    return cards === 7 && (options.deck ?? "52") === "52" && flushBeatsFullHouse === undefined
      ? { ok: true, request: { kind: "low-hole-card" } }
      : {
          ok: false,
          message: "--wild low-hole-card counts seven-card stud: 7 cards of the 52-card deck",
        };
  }
  if (cards !== 5) {
    return {
      ok: false,
      message:
        "--deck, --wild and the flush options count 5-card hands (draw) only, but for --wild low-hole-card",
    };
  }
  const deck = options.deck === undefined ? "52" : options.deck.toUpperCase();
  const ranking = handRanking({ deckType: deck, wild: options.wild, flushBeatsFullHouse });
  if (!ranking.ok) return { ok: false, message: ranking.message };
  return {
    ok: true,
    request: { kind: "five-card", ranking: ranking.ranking, deck, wild: options.wild ?? null },
  };
}
