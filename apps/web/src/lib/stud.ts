/**
 * What the table page reads off a stud hand view (docs/rules.md, ST-1 … ST-5):
 * the bring-in, and how the bet buttons are worded on stud's special turns.
 * The server decides who acts and what is legal; these only name it.
 */
import type { HandView, LegalActions } from "@felt/engine";

type StudGame = "stud7" | "stud5";

export function isStud(game: string): game is StudGame {
  return game === "stud7" || game === "stud5";
}

/** ST-1, ST-5: the street of the bring-in (seven-card: 3rd; five-card: 2nd). */
export function firstStudStreet(game: StudGame): "third" | "second" {
  return game === "stud7" ? "third" : "second";
}

type BringInHand = Pick<HandView, "game" | "street" | "bringIn"> & {
  players: readonly { seat: number; upCards: readonly number[] }[];
};

/**
 * ST-2: who brings in, and for how much, while the first street is played;
 * null in other games and on later streets. The lowest first up card brings
 * in: card numbers are `rank * 4 + suit` with clubs < diamonds < hearts <
 * spades, so the lowest number is the lowest card by ST-2's order. Players
 * who folded since count too: nobody had folded when the bring-in was due.
 */
export function bringInOf(hand: BringInHand): { seat: number; amount: number } | null {
  if (!isStud(hand.game) || hand.street !== firstStudStreet(hand.game)) return null;
  let seat: number | null = null;
  let lowest = Number.POSITIVE_INFINITY;
  for (const p of hand.players) {
    const first = p.upCards[0];
    if (first !== undefined && first < lowest) {
      lowest = first;
      seat = p.seat;
    }
  }
  return seat === null ? null : { seat, amount: hand.bringIn };
}

/**
 * How stud's special turns word the bet buttons:
 * - `bringIn`: the bring-in player's first move, the bring-in (`min`) or the
 *   completion to the small bet (`max`); he may not check or fold (ST-2).
 * - `complete`: over the bring-in alone, the bet is a completion to the small
 *   bet (ST-2), not a raise.
 * - `openPair`: a bet or raise by the small or the big bet (ST-4, ST-5).
 * null: the ordinary words.
 */
export type StudTurn = "bringIn" | "complete" | "openPair" | null;

export function studTurn(
  hand: Pick<HandView, "game" | "street" | "smallBet" | "bigBet"> & {
    players: readonly { bet: number }[];
  },
  legal: Pick<LegalActions, "betOrRaise">,
): StudTurn {
  const range = legal.betOrRaise;
  if (!isStud(hand.game) || !range) return null;
  const highestBet = Math.max(0, ...hand.players.map((p) => p.bet));
  if (hand.street === firstStudStreet(hand.game) && highestBet < hand.smallBet) {
    if (highestBet === 0 && range.onlyMinOrMax) return "bringIn";
    if (highestBet > 0 && range.min === hand.smallBet) return "complete";
  }
  if (
    range.onlyMinOrMax &&
    range.min - highestBet === hand.smallBet &&
    range.max - highestBet === hand.bigBet
  )
    return "openPair";
  return null;
}
