import { viewFor } from "../hand";
import { planHand } from "./blinds";
import { dealersChoiceView } from "./dealers-choice";
import { handInProgress, upgraded } from "./support";
import type { SeatView, TableState, TableView } from "./types";

/** The table as one viewer may see it: his own cards only, never the deck (through `viewFor`). */
export function tableViewFor(stored: TableState, playerId: string | null): TableView {
  const state = upgraded(stored);
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
      owes: occupant.owes,
      waitForBigBlind: occupant.waitForBigBlind,
    };
  });
  return {
    version: state.version,
    handNumber: state.handNumber,
    seatCount: state.config.seatCount,
    minBuyIn: state.config.minBuyIn,
    maxBuyIn: state.config.maxBuyIn,
    button: state.button,
    positions: state.positions,
    seats,
    mySeat: mine?.seat ?? null,
    hand: state.hand ? viewFor(state.hand, mine?.seat ?? null) : null,
    rakeTaken: state.rakeTaken,
    // Who chooses is known only between hands: the next deal's positions depend on who sits in.
    dealersChoice: dealersChoiceView(state, live ? null : planHand(state)),
  };
}
