/**
 * Helpers for the home-game tests (not exported from the package): a deck
 * that deals chosen hole cards to chosen seats at the next deal, and hands
 * played out by checking and calling (so they reach the showdown).
 */
import { parseCards } from "../cards";
import { legalActions, stackDeck } from "../hand";
import { planHand } from "./blinds";
import { applyTable } from "./table";
import { ok } from "./test-support";
import type { TableEvent, TableState } from "./types";

/**
 * A deck for the next deal at `state` giving `hole[seat]` (e.g. "AhAd") to
 * those seats and `board` to the board; the other cards in deck order.
 * Dealing starts left of the button and goes round the players dealt in.
 */
export function deckFor(state: TableState, hole: Record<number, string>, board = ""): number[] {
  const plan = planHand(state);
  if (plan === null) throw new Error("nobody to deal to");
  const { seatCount } = state.config;
  const button = plan.positions.button;
  const order = plan.players
    .map((o) => o.seat)
    .sort(
      (a, b) => ((a - button + seatCount) % seatCount) - ((b - button + seatCount) % seatCount),
    );
  // The seat right after the button comes first: offset 0 is the button itself, dealt last.
  const fromLeft = [...order.filter((s) => s !== button), ...order.filter((s) => s === button)];
  const game = state.config.hand.game;
  const stacked = stackDeck(
    game,
    fromLeft.map((seat) => (hole[seat] ? parseCards(hole[seat] as string) : [])),
    board ? parseCards(board) : [],
  );
  if (!stacked.ok) throw new Error(stacked.error.message);
  return stacked.deck;
}

const playerAt = (t: TableState, seat: number) => t.seats[seat - 1]?.playerId as string;

/** Everyone to act checks, or calls when he faces a bet, until the hand is over; with every command's events. */
export function checkDownEvents(state: TableState): { state: TableState; events: TableEvent[] } {
  let t = state;
  const events: TableEvent[] = [];
  while (t.hand && t.hand.phase !== "complete") {
    const seat = t.hand.toAct as number;
    const legal = legalActions(t.hand, seat);
    const action = legal.check ? { type: "check" as const } : { type: "call" as const };
    const acted = ok(applyTable(t, { type: "act", playerId: playerAt(t, seat), action }));
    events.push(...acted.events);
    t = acted.state;
  }
  return { state: t, events };
}

/** `checkDownEvents` without the events. */
export const checkDown = (state: TableState): TableState => checkDownEvents(state).state;
