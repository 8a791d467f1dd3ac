/**
 * What a tournament's room tells its tables (table-contract.ts): the roster
 * a table seats, the order for its next hand, which tables need word of a
 * change, and the calls that open them or tell them to look again. The
 * room never waits on a table's reply to go on (a table may be waiting on
 * the room).
 */
import { occupantOf, occupiedSeats, type Table, type TournamentEvent } from "@felt/tournament";
import type { Database } from "../db/client";
import { tournamentTables } from "../db/schema";
import type { Env } from "../env";
import { type Stored, statusOf } from "./stored";
import { DEFAULT_TABLE_STRUCTURE, type RosterSeat, tournamentTableId } from "./table-contract";

/**
 * The tables to tell about a change: those it moved players to or from,
 * opened or broke; all of them when it concerns every table (the start, the
 * end, hand-for-hand, a newcomer). A table playing a hand needs no word: it
 * asks again, and is seated anew, when the hand ends.
 */
export function tablesToNudge(t: Stored, events: TournamentEvent[], everyTable: boolean): number[] {
  const numbers = new Set<number>();
  let all = everyTable;
  for (const e of events) {
    if (e.type === "playerMoved") numbers.add(e.from.table).add(e.to.table);
    if (e.type === "tableBroken" || e.type === "tableOpened") numbers.add(e.table);
    if (
      e.type === "playerSeated" ||
      e.type === "rebuyTaken" ||
      e.type === "addOnTaken" ||
      e.type === "tournamentStarted" ||
      e.type === "tournamentFinished" ||
      e.type === "tournamentCancelled" ||
      e.type === "handForHandStarted" ||
      e.type === "handForHandEnded" ||
      e.type === "dealWithdrawn" ||
      e.type === "finalTableRedrawn" ||
      e.type === "resumed"
    )
      all = true;
  }
  // A hand-for-hand round ends when the last table finishes its hand: all the others wait for it.
  if (t.state.handForHand !== null && events.some((e) => e.type === "handEnded")) all = true;
  const every = [...new Set([...t.opened, ...t.state.tables.map((x) => x.number)])];
  return (all ? every : [...numbers]).filter(
    (n) =>
      !t.opened.includes(n) || t.state.tables.find((x) => x.number === n)?.handInProgress !== true,
  );
}

/** The seats of a tournament table, with names, in seat order. */
export function rosterOf(t: Stored, table: Table): RosterSeat[] {
  return occupiedSeats(table).map((seat) => {
    const occupant = occupantOf(table, seat) as { playerId: string; stack: number };
    return {
      seat,
      playerId: occupant.playerId,
      name: t.names[occupant.playerId] ?? occupant.playerId.slice(0, 12),
      stack: occupant.stack,
    };
  });
}

/**
 * Opens the tables not yet opened (its D1 row, then its room, with as many
 * seats as the package gave it) and tells the others to look again with
 * their current seats. `opened` is called for each table that confirmed.
 * A table not reached is logged: the heartbeat tries again, and the table
 * asks again on its own.
 */
export async function nudgeTables(
  env: Pick<Env, "TABLE_ROOM">,
  db: Database,
  t: Stored,
  numbers: number[],
  opened: (number: number) => Promise<void>,
): Promise<void> {
  await Promise.all(
    numbers.map(async (number) => {
      const tableId = tournamentTableId(t.id, number);
      const stub = env.TABLE_ROOM.get(env.TABLE_ROOM.idFromName(tableId));
      const table = t.state.tables.find((x) => x.number === number);
      try {
        if (table && !t.opened.includes(number)) {
          await db
            .insert(tournamentTables)
            .values({ id: tableId, tournamentId: t.id, number })
            .onConflictDoNothing();
          await stub.openTournamentTable({
            tableId,
            tournamentId: t.id,
            number,
            seatCount: table.seats.length,
            roster: rosterOf(t, table),
            structure: t.structure ?? DEFAULT_TABLE_STRUCTURE,
          });
          await opened(number);
        } else {
          await stub.lookAgain(table && statusOf(t) === "running" ? rosterOf(t, table) : null);
        }
      } catch (error) {
        console.error(`tournament ${t.id}: table ${number} not reached:`, error);
      }
    }),
  );
}
