/**
 * The table as one viewer may see it: the seats (public) and the round
 * through the round's own `viewFor`, which hides the dealer's hole cards, the
 * stub and every box the viewer may not look at (closed boxes included).
 */
import type { RussianTableState } from "./table";
import { chipsOf } from "./table";
import { type RussianView, viewFor } from "./views";

export interface RussianTableView {
  game: "russian-table";
  version: number;
  maxPlayers: number;
  minBuyIn: number;
  maxBuyIn: number;
  seats: { playerId: string; name: string; chips: number; leaving: boolean }[];
  roundNumber: number;
  ready: string[];
  round: RussianView | null;
}

export function russianTableView(
  table: RussianTableState,
  viewer: string | null,
): RussianTableView {
  return {
    game: "russian-table",
    version: table.version,
    maxPlayers: table.maxPlayers,
    minBuyIn: table.minBuyIn,
    maxBuyIn: table.maxBuyIn,
    seats: table.seats.map((seat) => ({
      playerId: seat.playerId,
      name: seat.name,
      chips: chipsOf(table, seat.playerId) ?? seat.chips,
      leaving: seat.leaving,
    })),
    roundNumber: table.roundNumber,
    ready: [...table.ready],
    round: table.round === null ? null : viewFor(table.round, viewer),
  };
}
