import { handViewer } from "../hand/view";
import { planHand } from "./blinds";
import { dealersChoiceView } from "./dealers-choice";
import { homeGameView } from "./home-game";
import { handInProgress, handSeatOf, upgraded } from "./support";
import type { SeatView, TableState, TableView } from "./types";

/** The table as one viewer may see it: his own cards only, never the deck (through `viewFor`). */
export function tableViewFor(stored: TableState, playerId: string | null): TableView {
  return tableViewer(stored)(playerId);
}

/**
 * Views of one table state for many viewers (a room telling every socket of
 * a change): the seats and the dealer's-choice plan are the same for
 * everyone, so they are worked out once and shared by the views it returns.
 * Serialise them or treat them as read-only.
 */
export function tableViewer(stored: TableState): (playerId: string | null) => TableView {
  const state = upgraded(stored);
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
  // Who chooses is known only between hands: the next deal's positions depend on who sits in.
  const dealersChoice = dealersChoiceView(state, live ? null : planHand(state));
  const handFor = state.hand ? handViewer(state.hand) : null;
  const homeGame = homeGameView(state, live !== null);
  return (playerId) => {
    const mine =
      playerId === null ? null : (state.seats.find((o) => o?.playerId === playerId) ?? null);
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
      myAutoRebuy: mine?.autoRebuy ?? null,
      myShowMyHand: mine?.showMyHand === true,
      hand: handFor ? handFor(playerId === null ? null : handSeatOf(state, playerId)) : null,
      rakeTaken: state.rakeTaken,
      dealersChoice,
      homeGame,
    };
  };
}
