/**
 * A TableRoom at a tournament's table: the tournament opens it with its first
 * players, seats it between hands, and answers every "next hand?" with the
 * seating, the positions and the level (MT-3, MT-4, MT-6) — or with wait, or
 * closed. The table calls the tournament; the tournament only nudges tables.
 */
import { applyTable, createTable } from "@felt/engine";
import { now as clockNow } from "../clock";
import { nextHandDelayMs } from "../env";
import {
  DEFAULT_TABLE_STRUCTURE,
  type ReportReply,
  type RosterSeat,
  type TableOpening,
} from "../tournaments/table-contract";
import { initialRoom, type RoomState, type Snapshot } from "./room-state";
import { NEXT_HAND_DELAY_MS } from "./stake";
import type { ChangeOptions, TablePipeline } from "./table-pipeline";
import {
  rosterCommand,
  TOURNAMENT_POLL_MS,
  tournamentTableSetup,
  tournamentTiming,
} from "./tournament-table";

/** A tournament opens this table with its first players; opening it again is harmless. */
export function openTournamentTable(pipeline: TablePipeline, opening: TableOpening): void {
  const now = clockNow();
  if (!pipeline.snapshot) {
    const structure = opening.structure ?? DEFAULT_TABLE_STRUCTURE;
    const created = createTable(tournamentTableSetup(opening.seatCount, structure.game));
    if (!created.ok) throw new Error(`tournament table: ${created.error.message}`);
    const timing = tournamentTiming(nextHandDelayMs(pipeline.env, NEXT_HAND_DELAY_MS), structure);
    const snapshot: Snapshot = {
      table: created.state,
      room: initialRoom(opening.tableId, timing, {
        id: opening.tournamentId,
        number: opening.number,
        hand: null,
        levelNumber: null,
        report: null,
        closed: false,
      }),
    };
    pipeline.create(snapshot, now);
  }
  seat(pipeline, opening.roster, now);
}

/**
 * The tournament says: look again (players moved, a hand-for-hand round
 * ended, the tournament ended). `roster` is the seating now; null = closed.
 */
export function lookAgain(pipeline: TablePipeline, roster: RosterSeat[] | null): void {
  const link = pipeline.snapshot?.room.tournament;
  if (!link || link.closed) return;
  const now = clockNow();
  if (roster === null) {
    close(pipeline, now);
    return;
  }
  seat(pipeline, roster, now);
  const { nextHandAt } = pipeline.current.room;
  if (nextHandAt === null || nextHandAt > now) {
    pipeline.changeRoom(now, (room) => ({
      ...room,
      nextHandAt: now + room.timing.nextHandDelayMs,
    }));
  }
}

/**
 * The last hand's stacks go to the tournament as soon as it settles: it
 * answers with the seating, the bought chips (MT-1) included, which the
 * table takes at once. Refused or unreachable: tried again a little later,
 * and before the next deal in any case. Returns whether it was taken.
 */
export async function reportTournamentHand(pipeline: TablePipeline, now: number): Promise<boolean> {
  const link = pipeline.current.room.tournament;
  if (!link?.report) return true;
  let reply: ReportReply;
  try {
    reply = await tournamentOf(pipeline, link.id).handEnded(link.id, link.report);
  } catch (error) {
    reply = { ok: false, code: "unreachable", message: String(error) };
  }
  if (!reply.ok) {
    console.error(`table ${pipeline.current.room.tableId}: hand report refused:`, reply);
    pipeline.changeRoom(now, (room) => ({
      ...room,
      tournament: room.tournament && { ...room.tournament, reportAt: now + TOURNAMENT_POLL_MS },
    }));
    return false;
  }
  seat(pipeline, reply.roster, now, (room) => ({
    ...room,
    tournament: room.tournament && { ...room.tournament, report: null, reportAt: null },
  }));
  return true;
}

/**
 * The next hand: the last one's report first if the tournament has not
 * taken it yet, then the tournament answers with the seating and the next
 * hand's positions and level — or says wait (a break, hand-for-hand) or
 * that the table is closed.
 */
export async function dealTournamentHand(pipeline: TablePipeline, now: number): Promise<void> {
  const link = pipeline.current.room.tournament as NonNullable<RoomState["tournament"]>;
  const tournament = tournamentOf(pipeline, link.id);
  const waitUntil = (at: number) =>
    pipeline.changeRoom(now, (room) => ({ ...room, nextHandAt: at }));
  if (!(await reportTournamentHand(pipeline, now))) return waitUntil(now + TOURNAMENT_POLL_MS);
  const order = await tournament.nextHand(link.id, link.number);
  if (order.type === "closed") return close(pipeline, now);
  seat(pipeline, order.roster, now);
  if (order.type === "wait") return waitUntil(order.retryAt ?? now + TOURNAMENT_POLL_MS);
  await pipeline.deal(
    now,
    (deck) => ({ type: "startPlannedHand", deck, plan: order.plan }),
    (room) => ({
      ...room,
      tournament: room.tournament && {
        ...room.tournament,
        hand: order.hand,
        levelNumber: order.levelNumber,
      },
    }),
  );
}

const tournamentOf = ({ env }: TablePipeline, id: string) =>
  env.TOURNAMENT_ROOM.get(env.TOURNAMENT_ROOM.idFromName(id));

/** Seat the table as the tournament says, between hands (a no-op when nothing changed). */
function seat(
  pipeline: TablePipeline,
  roster: RosterSeat[],
  now: number,
  room?: ChangeOptions["room"],
): void {
  const { table, room: current } = pipeline.current;
  const command = rosterCommand(table, roster);
  const seated = command && applyTable(table, command);
  if (seated && !seated.ok)
    console.error(`table ${current.tableId}: seating refused:`, seated.error);
  const ok = seated?.ok ? seated : null;
  if (ok || room) pipeline.change(ok?.state ?? table, ok?.events ?? [], now, { room });
}

/** No more hands: everyone still seated goes (their chips are already the tournament's). */
function close(pipeline: TablePipeline, now: number): void {
  seat(pipeline, [], now, (room) => ({
    ...room,
    nextHandAt: null,
    tournament: room.tournament && { ...room.tournament, closed: true },
  }));
}
