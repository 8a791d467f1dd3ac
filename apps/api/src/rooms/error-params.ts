/**
 * The numbers behind the engine's refusals, for the client to word the code
 * itself: the engine's `message` is English ("the minimum raise is to 40"),
 * its code and these parameters are what a translated client shows.
 */
import {
  choiceDue,
  legalActions,
  occupantOf,
  type TableCommand,
  type TableState,
} from "@felt/engine";
import type { ErrorParams } from "@felt/protocol";

/** What the refused command ran into, from the table it was checked against (before any change). */
export function refusalParams(table: TableState, command: TableCommand, code: string): ErrorParams {
  const playerId = "playerId" in command ? command.playerId : null;
  const occupant = playerId === null ? null : occupantOf(table, playerId);
  const hand = table.hand;
  switch (code) {
    case "below_min_bet":
    case "below_min_raise":
    case "above_max":
    case "complete_or_raise": {
      const raise = hand && occupant ? legalActions(hand, occupant.seat).betOrRaise : null;
      return raise ? { min: raise.min, max: raise.max } : {};
    }
    case "too_many_discards": {
      const draw = hand && occupant ? legalActions(hand, occupant.seat).draw : null;
      return draw ? { max: draw.max } : {};
    }
    case "cannot_check":
      return hand?.round ? { bet: hand.round.highestBet } : {};
    case "not_your_turn":
      return hand?.toAct != null ? { seat: hand.toAct } : {};
    case "not_your_choice": {
      const chooser = choiceDue(table);
      return chooser ? { seat: chooser.seat } : {};
    }
    case "invalid_game":
      return table.config.games ? { max: table.config.games.length - 1 } : {};
    case "invalid_amount":
      // Auto-rebuy outside the table's limits (the protocol lets only whole, positive amounts through).
      if (command.type !== "setAutoRebuy" || command.upTo === null) return {};
      if (command.upTo > table.config.maxBuyIn) return { maxBuyIn: table.config.maxBuyIn };
      if (command.upTo < table.config.minBuyIn) return { minBuyIn: table.config.minBuyIn };
      return {};
    default:
      return {};
  }
}
