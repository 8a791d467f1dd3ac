/**
 * The tournament director's tools beyond pause and resume (hands.ts) and
 * deals (deals.ts): time added to or taken from the current level, a player
 * moved by hand, a disqualification and the final table's redraw (the
 * cancel is cancel.ts).
 *
 * Each works between hands at the tables it touches, so no chip in play
 * changes under a hand.
 */
import { type Draft, isIdle, isPlayerId, refusal, replaceTable } from "./draft";
import { afterChange, eliminate } from "./flow";
import type { Bust } from "./places";
import type { PlayerRecord } from "./players";
import { clockOf, findPlayer, playerRecord } from "./queries";
import { shuffle, shuffleBounds } from "./random";
import type { TournamentError } from "./result";
import type { TournamentEvent } from "./state";
import { chipsOf, type SeatedPlayer, type Table, withSeat, worstEmptySeat } from "./table";

/** The most a level can be lengthened or shortened by at once: a day. */
export const MAX_LEVEL_ADJUST_MS = 24 * 60 * 60 * 1000;

/**
 * Lengthens (`deltaMs` > 0) or shortens the level (or break) in play. Taking
 * more than is left ends it now: the next level starts. The last level has
 * no end to move.
 */
export function adjustLevel(
  d: Draft,
  events: TournamentEvent[],
  deltaMs: unknown,
): TournamentError | null {
  if (d.phase !== "running") return refusal("not_started", "the tournament has not started");
  if (
    typeof deltaMs !== "number" ||
    !Number.isSafeInteger(deltaMs) ||
    deltaMs === 0 ||
    Math.abs(deltaMs) > MAX_LEVEL_ADJUST_MS
  )
    return refusal(
      "invalid_adjustment",
      `time to add or take is a whole number of ms, not 0, at most ${MAX_LEVEL_ADJUST_MS}`,
    );
  const clock = clockOf(d, d.clock);
  if (!clock || clock.remainingMs === null)
    return refusal("invalid_adjustment", "the last level lasts until the end");
  const applied = Math.max(deltaMs, -clock.remainingMs);
  const adjustments = d.levelAdjustments ?? {};
  d.levelAdjustments = { ...adjustments, [clock.index]: (adjustments[clock.index] ?? 0) + applied };
  const after = clockOf(d, d.clock);
  events.push({
    type: "levelTimeAdjusted",
    levelNumber: clock.levelNumber,
    deltaMs: applied,
    remainingMs: applied === -clock.remainingMs ? 0 : (after?.remainingMs ?? null),
  });
  return null;
}

/**
 * Moves a player to another table's worst free seat (MT-4: he waits for the
 * big blind like any newcomer). Balancing still applies afterwards, so a
 * move that leaves the tables more than one player apart is evened out.
 */
export function movePlayer(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
  toTable: unknown,
): TournamentError | null {
  if (d.phase !== "running") return refusal("not_started", "the tournament has not started");
  const found = isPlayerId(playerId) ? findPlayer(d, playerId) : null;
  if (!found) return refusal("not_playing", "that player is not seated");
  const toIndex = d.tables.findIndex((t) => t.number === toTable);
  const target = d.tables[toIndex];
  if (!target) return refusal("unknown_table", `no table ${String(toTable)} in play`);
  if (target.number === found.table.number)
    return refusal("invalid_move", "the player already sits at that table");
  if (!isIdle(d, found.table) || !isIdle(d, target))
    return refusal("hand_in_progress", "players move between hands at both tables");
  // MT-5: in a round under way some tables have played and some have not; a move
  // from one kind to the other would let a player skip the round's hand, or play it twice.
  const played = (table: number) => d.handForHand?.playedInRound.includes(table) ?? false;
  if (played(found.table.number) !== played(target.number))
    return refusal(
      "hand_for_hand_round",
      "in hand-for-hand, a player moves between tables that have both played this round's hand, or both not",
    );
  const seat = worstEmptySeat(target);
  if (seat === null) return refusal("invalid_move", `table ${target.number} has no free seat`);
  replaceTable(d, found.tableIndex, withSeat(found.table, found.seat, null));
  replaceTable(d, toIndex, withSeat(target, seat, found.occupant));
  events.push({
    type: "playerMoved",
    playerId: found.occupant.playerId,
    from: { table: found.table.number, seat: found.seat },
    to: { table: target.number, seat },
  });
  afterChange(d, events);
  return null;
}

/**
 * Disqualifies a player: his chips leave play (counted in `removedChips`,
 * so the chips still add up) and he is out now, placed as a player busted
 * alone in this hand would be, with that place's prize (the place is paid:
 * our policy, stated in the rules page).
 */
export function disqualify(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
): TournamentError | null {
  if (d.phase !== "running") return refusal("not_started", "the tournament has not started");
  const found = isPlayerId(playerId) ? findPlayer(d, playerId) : null;
  if (!found) return refusal("not_playing", "that player is not seated");
  if (!isIdle(d, found.table))
    return refusal("hand_in_progress", `table ${found.table.number} is playing a hand`);
  const chips = chipsOf(found.occupant);
  const record = playerRecord(d, found.occupant.playerId) as PlayerRecord;
  replaceTable(d, found.tableIndex, withSeat(found.table, found.seat, null));
  d.removedChips = (d.removedChips ?? 0) + chips;
  events.push({
    type: "playerDisqualified",
    playerId: found.occupant.playerId,
    chipsRemoved: chips,
  });
  const bust: Bust = {
    playerId: found.occupant.playerId,
    entry: record.entries,
    startingStack: chips,
    table: found.table.number,
    positionFromButton: 1,
  };
  eliminate(d, events, [bust]);
  afterChange(d, events);
  return null;
}

/** The integers a final-table redraw takes (MT-4): a shuffle of the table's seats. */
export const redrawBounds = (seatsPerTable: number) => shuffleBounds(seatsPerTable);

/**
 * A final-table redraw (MT-4: seats are drawn at random): the players left,
 * by id, take the seats `randomInts` shuffle, in order; the button starts
 * afresh, as at a new table. Only once the field is at one table, between
 * hands.
 */
export function redrawFinalTable(
  d: Draft,
  events: TournamentEvent[],
  randomInts: unknown,
): TournamentError | null {
  if (d.phase !== "running") return refusal("not_started", "the tournament has not started");
  const table = d.tables[0];
  if (!table || d.tables.length !== 1)
    return refusal("not_final_table", "the seats are redrawn once the field is at one table");
  if (!isIdle(d, table) || d.deal)
    return refusal("hand_in_progress", "the seats are redrawn between hands");
  const seats = shuffle(
    Array.from({ length: table.seats.length }, (_, i) => i + 1),
    Array.isArray(randomInts) ? randomInts : [],
  );
  if (!seats.ok) return seats.error;
  const players = table.seats
    .filter((s): s is SeatedPlayer => s !== null)
    .sort((a, b) => (a.playerId < b.playerId ? -1 : 1));
  const redrawn: Table = { ...table, seats: table.seats.map(() => null), lastHand: null };
  players.forEach((player, k) => {
    redrawn.seats[(seats.items[k] as number) - 1] = player;
  });
  replaceTable(d, 0, redrawn);
  events.push({
    type: "finalTableRedrawn",
    table: table.number,
    seats: players.map((p, k) => ({ playerId: p.playerId, seat: seats.items[k] as number })),
  });
  return null;
}
