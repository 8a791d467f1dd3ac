/**
 * A Russian poker stake as the engine's table: the stake's blinds are the
 * ANTE limits (small blind = the least ANTE, big blind = the largest), its
 * buy-in limits are counted in largest ANTEs, and its `russian` column holds
 * the options and the pay and bonus tables (RP-1 … RP-11; the engine's
 * defaults for a stake stored before they were editable).
 */
import type { russian } from "@felt/engine";
import type { StakeRow } from "../stake";
import type { RussianTiming } from "./russian-state";

/** Bets close this long after the first one unless every player with bets is ready sooner. */
export const BETTING_MS = 15_000;

export type RussianPlan =
  | { ok: true; setup: russian.RussianTableSetup; timing: RussianTiming }
  | { ok: false; reason: string };

export function russianPlanOf(stake: StakeRow, nextRoundDelayMs: number): RussianPlan {
  if (stake.game !== "russian") return { ok: false, reason: `${stake.game} is not Russian poker` };
  return {
    ok: true,
    setup: {
      maxPlayers: Math.min(stake.seats, 6),
      minBuyIn: stake.minBuyInBb * stake.bigBlind,
      maxBuyIn: stake.maxBuyInBb * stake.bigBlind,
      options: {
        ...(stake.russian ?? {}),
        minAnte: stake.smallBlind,
        maxAnte: stake.bigBlind,
      },
    },
    timing: {
      bettingMs: BETTING_MS,
      actionMs: stake.actionSeconds * 1000,
      nextRoundDelayMs,
    },
  };
}

/**
 * The stacked deck the environment gives for round `roundNumber` (tests only:
 * `RUSSIAN_TEST_DECKS`, dealt in turn), or null to shuffle as always.
 */
export function testDeckFor(decks: unknown, roundNumber: number): number[] | null {
  if (!decks) return null;
  try {
    // A JSON text, or the list itself where the host hands JSON-looking vars over parsed.
    const list = (typeof decks === "string" ? JSON.parse(decks) : decks) as unknown;
    if (!Array.isArray(list) || list.length === 0) return null;
    const deck = list[(roundNumber - 1) % list.length] as unknown;
    // The engine refuses anything but a permutation of the 52 cards.
    return Array.isArray(deck) ? (deck as number[]) : null;
  } catch {
    console.error("RUSSIAN_TEST_DECKS is not a JSON list of decks: shuffling as usual");
    return null;
  }
}
