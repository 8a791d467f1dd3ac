/**
 * H-4 poverty poker (docs/rules.md#home-games, text 001): a player who has
 * lost his chips gets a new set free from the banker, at most `freeSets`
 * times per game (default 2: a second set, and a third before he leaves).
 *
 * - When: as the hand in which he lost his last chip is settled, so he is
 *   never sat out as busted while he has a free set left; chips he added
 *   during the hand count first (then he has not lost his chips).
 * - Who: a player staying at the table, sitting in or out (a player who sat
 *   out during the hand keeps sitting out, with his new set). A player
 *   leaving after the hand gets nothing: the set is to play on with.
 * - Per game: counted by player at this table, so leaving and sitting down
 *   again does not start the count again.
 * - Auto-rebuy (T-6): the free set comes first; a player whose auto-rebuy
 *   asks for more than a set is topped up from his wallet, as usual, before
 *   the next hand. Once his free sets are spent, busting is as at any table:
 *   sat out, or bought back in by his auto-rebuy.
 * - The chips come from the house: `freeSetGranted` says who, how many and
 *   which set (1…freeSets); the room records it in the ledger as a grant, and
 *   the table's chips are then buy-ins + grants − cash-outs − rake.
 */
import type { HomeGameState, Occupant, TableEvent, TableState } from "./types";

/**
 * H-4 for one seat after a hand (pending chips already in his stack): a
 * player with no chips left and a free set to come gets it; else null.
 */
export function freeSetFor(
  state: TableState,
  home: HomeGameState,
  occupant: Occupant,
): { occupant: Occupant; home: HomeGameState; event: TableEvent } | null {
  const poverty = state.config.home?.poverty ?? null;
  if (poverty === null || occupant.stack > 0 || occupant.leaving) return null;
  const had = home.freeSets[occupant.playerId] ?? 0;
  if (had >= poverty.freeSets) return null;
  const index = had + 1;
  return {
    occupant: { ...occupant, stack: poverty.setChips },
    home: { ...home, freeSets: { ...home.freeSets, [occupant.playerId]: index } },
    event: {
      type: "freeSetGranted",
      seat: occupant.seat,
      playerId: occupant.playerId,
      chips: poverty.setChips,
      index,
    },
  };
}
