import { viewFor } from "../hand";
import { handInProgress } from "./table";
import type { SeatView, TableState, TableView } from "./types";

/** The table as one viewer may see it: his own cards only, never the deck (through `viewFor`). */
export function tableViewFor(state: TableState, playerId: string | null): TableView {
  const mine =
    playerId === null ? null : (state.seats.find((o) => o?.playerId === playerId) ?? null);
  const live = handInProgress(state) ? state.hand : null;
  const seats = state.seats.map((occupant): SeatView | null => {
    if (!occupant) return null;
    const player = live?.players.find((p) => p.seat === occupant.seat);
    return {
      seat: occupant.seat,
      playerId: occupant.playerId,
      name: occupant.name,
      stack: player ? player.stack : occupant.stack,
      pendingChips: occupant.pendingChips,
      status: occupant.status,
      leaving: occupant.leaving,
      inHand: player !== undefined && !player.folded,
    };
  });
  return {
    version: state.version,
    handNumber: state.handNumber,
    seatCount: state.config.seatCount,
    minBuyIn: state.config.minBuyIn,
    maxBuyIn: state.config.maxBuyIn,
    button: state.button,
    seats,
    mySeat: mine?.seat ?? null,
    hand: state.hand ? viewFor(state.hand, mine?.seat ?? null) : null,
  };
}
