/**
 * Helpers for the room-rule tests (room-clock, room-timers, room-commands):
 * a hold'em table with players "a", "b", … seated, and the room's timing.
 * Not exported from the package.
 */
import { STANDARD_DECK } from "../cards";
import type { TableTiming } from "./room-timers";
import { applyTable, createTable } from "./table";
import type { TableCommand, TableEvent, TableState } from "./types";

export const TIMING: TableTiming = {
  actionMs: 20_000,
  timeBankMs: 60_000,
  nextHandDelayMs: 3_000,
  sitOutExpiryMs: 600_000,
};

/** An NL 1/2 table (buy-in 40–200) with players "a", "b", … seated with these stacks. */
export function tableWith(stacks: number[], seats = 6): TableState {
  const made = createTable({
    hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
    seatCount: seats,
    minBuyIn: 40,
    maxBuyIn: 200,
  });
  if (!made.ok) throw new Error(made.error.message);
  let state = made.state;
  stacks.forEach((buyIn, i) => {
    const playerId = String.fromCharCode(97 + i);
    state = must(state, { type: "sit", seat: i + 1, playerId, name: playerId, buyIn }).state;
  });
  return state;
}

/** Apply a command that must be accepted. */
export function must(
  state: TableState,
  command: TableCommand,
): { state: TableState; events: TableEvent[] } {
  const result = applyTable(state, command);
  if (!result.ok) throw new Error(`${command.type}: ${result.error.message}`);
  return result;
}

export const dealt = (state: TableState, deck: readonly number[] = STANDARD_DECK) =>
  must(state, { type: "startHand", deck: [...deck] });
