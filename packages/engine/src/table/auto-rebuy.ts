/**
 * T-6: the auto-rebuy a player asks for, a table command of its own (the
 * top-ups it causes are ready.ts's `rebuysDue`, asked before each deal).
 */
import { accepted, fail, isChips, occupantOf, withSeat } from "./support";
import type { TableResult, TableState } from "./types";

/** T-6: top up to `upTo` chips before each hand (within the table maximum); null turns it off. */
export function setAutoRebuy(
  state: TableState,
  playerId: string,
  upTo: number | null,
): TableResult {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return fail("not_seated", "buy in at this table first");
  if (upTo !== null && !isChips(upTo))
    return fail("invalid_amount", "auto-rebuy tops up to a whole, positive number of chips");
  // T-6 follows T-5's floor: a top-up never leaves the stack below the table minimum.
  if (upTo !== null && upTo < state.config.minBuyIn)
    return fail(
      "invalid_amount",
      `auto-rebuy tops up to at least the table minimum of ${state.config.minBuyIn}`,
    );
  if (upTo !== null && upTo > state.config.maxBuyIn)
    return fail(
      "invalid_amount",
      `auto-rebuy tops up to at most the table maximum of ${state.config.maxBuyIn}`,
    );
  return accepted(
    state,
    { seats: withSeat(state, occupant.seat, { ...occupant, autoRebuy: upTo }) },
    [],
  );
}
