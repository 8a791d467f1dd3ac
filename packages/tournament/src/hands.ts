/**
 * Hands at the tables: `startHand` gives the room the positions and the
 * level for the next hand at a table (MT-3, T-9, MT-4, MT-5); `endHand`
 * takes the stacks after it, checks no chip was made or lost (MT-7), and
 * turns empty stacks into rebuy offers or eliminations.
 */
import { type Draft, refusal } from "./draft";
import { afterChange, eliminate } from "./flow";
import type { ClockReading } from "./levels";
import type { Bust } from "./places";
import type { PlayerRecord } from "./players";
import { clockOf, momentOf, playerRecord } from "./queries";
import { checkRebuy } from "./registration";
import { isAmount, type TournamentError } from "./result";
import type { PendingRebuy, TournamentEvent } from "./state";
import {
  occupantOf,
  positionsForNextHand,
  type SeatedPlayer,
  seatOf,
  type Table,
  withHandStarted,
  withSeat,
} from "./table";

function tableIndexOf(d: Draft, number: unknown): number {
  return d.tables.findIndex((t) => t.number === number);
}

export function startHand(
  d: Draft,
  events: TournamentEvent[],
  tableNumber: unknown,
): TournamentError | null {
  if (d.phase !== "running") return refusal("not_started", "the tournament has not started");
  const index = tableIndexOf(d, tableNumber);
  if (index < 0) return refusal("unknown_table", `no table ${String(tableNumber)} in play`);
  const table = d.tables[index] as Table;
  if (table.handInProgress) {
    return refusal("hand_in_progress", `table ${table.number} is already playing a hand`);
  }
  if (d.pendingRebuys.some((p) => p.table === table.number)) {
    return refusal("rebuy_pending", `table ${table.number} waits for a rebuy decision`);
  }
  if ((d.pausedAt ?? null) !== null) return refusal("paused", "the tournament is paused");
  if (d.deal) return refusal("deal_pending", "the players are considering a deal");
  const clock = clockOf(d, d.clock) as ClockReading;
  if (clock.onBreak) return refusal("on_break", `on a break for another ${clock.remainingMs} ms`);
  if (d.handForHand?.playedInRound.includes(table.number)) {
    return refusal(
      "waiting_for_hand_for_hand",
      "hand-for-hand: waiting for the other tables to finish",
    );
  }
  const positions = positionsForNextHand(table);
  if (positions === null) {
    return refusal("not_enough_players", `table ${table.number} has fewer than 2 players`);
  }
  const hand = d.hands + 1;
  d.hands = hand;
  const tables = d.tables.slice();
  tables[index] = withHandStarted(table, positions, hand);
  d.tables = tables;
  if (d.handForHand) {
    d.handForHand = {
      ...d.handForHand,
      playedInRound: [...d.handForHand.playedInRound, table.number],
    };
  }
  const { level } = clock;
  events.push({
    type: "handStarted",
    table: table.number,
    hand,
    levelNumber: clock.levelNumber,
    smallBlind: level.smallBlind,
    bigBlind: level.bigBlind,
    ante: level.ante,
    anteKind: d.rules.structure.anteKind,
    button: positions.button,
    smallBlindSeat: positions.smallBlind,
    bigBlindSeat: positions.bigBlind,
    players: positions.dealtIn.map((seat) => {
      const occupant = occupantOf(table, seat) as SeatedPlayer;
      return { seat, playerId: occupant.playerId, stack: occupant.stack };
    }),
    waiting: positions.waiting,
    handForHand: d.handForHand !== null,
  });
  return null;
}

export function endHand(
  d: Draft,
  events: TournamentEvent[],
  tableNumber: unknown,
  stacks: unknown,
): TournamentError | null {
  if (d.phase !== "running") return refusal("not_started", "the tournament has not started");
  const index = tableIndexOf(d, tableNumber);
  if (index < 0) return refusal("unknown_table", `no table ${String(tableNumber)} in play`);
  let table = d.tables[index] as Table;
  const last = table.lastHand;
  if (!table.handInProgress || last === null) {
    return refusal("no_hand_in_progress", `table ${table.number} is not playing a hand`);
  }
  // The seats dealt in, clockwise from the button: players cannot move during a hand.
  const dealtSeats = last.dealtIn.map((playerId) => seatOf(table, playerId) as number);
  const after = readStacks(stacks, dealtSeats);
  if ("code" in after) return after;
  let before = 0;
  let total = 0;
  for (const seat of dealtSeats) {
    before += (occupantOf(table, seat) as SeatedPlayer).stack;
    total += after.get(seat) as number;
  }
  // MT-7: a tournament hand neither creates nor takes chips.
  if (before !== total) {
    return refusal(
      "chips_not_conserved",
      `the stacks add up to ${total}, the hand started with ${before}`,
    );
  }

  const moment = momentOf(d);
  const busts: Bust[] = [];
  const pending: PendingRebuy[] = [];
  dealtSeats.forEach((seat, k) => {
    const { bought = 0, ...occupant } = occupantOf(table, seat) as SeatedPlayer;
    // MT-1: chips bought during the hand join the stack now it is over (a busted buyer is not out).
    const stack = (after.get(seat) as number) + bought;
    table = withSeat(table, seat, { ...occupant, stack });
    if (bought > 0) {
      const { playerId } = occupant;
      events.push({
        type: "boughtChipsAdded",
        playerId,
        table: table.number,
        chips: bought,
        stack,
      });
    }
    if (stack > 0) return;
    const record = playerRecord(d, occupant.playerId) as PlayerRecord;
    const bust: Bust = {
      playerId: occupant.playerId,
      entry: record.entries,
      startingStack: occupant.stack,
      table: table.number,
      positionFromButton: k + 1,
    };
    const canRebuy = checkRebuy(d.rules, moment, {
      stack: 0,
      rebuys: record.rebuys,
      addOns: record.addOns,
    });
    if (canRebuy === null) {
      pending.push({ ...bust, hand: last.hand, declined: false, offeredAt: d.clock });
      events.push({ type: "rebuyOffered", playerId: occupant.playerId, table: table.number, seat });
    } else {
      busts.push(bust);
      table = withSeat(table, seat, null);
    }
  });
  const tables = d.tables.slice();
  tables[index] = { ...table, handInProgress: false };
  d.tables = tables;
  events.unshift({ type: "handEnded", table: table.number, hand: last.hand });
  if (pending.length > 0) d.pendingRebuys = [...d.pendingRebuys, ...pending];
  eliminate(d, events, busts);
  afterChange(d, events);
  return null;
}

/** The reported stacks, one per dealt seat, as a map; or what is wrong with them. */
function readStacks(
  stacks: unknown,
  dealtSeats: readonly number[],
): Map<number, number> | TournamentError {
  if (!Array.isArray(stacks)) {
    return refusal("stacks_mismatch", "stacks is a list of { seat, stack }");
  }
  const bySeat = new Map<number, number>();
  for (const entry of stacks as unknown[]) {
    const { seat, stack } = (entry ?? {}) as Record<string, unknown>;
    if (typeof seat !== "number" || !dealtSeats.includes(seat)) {
      return refusal("stacks_mismatch", `seat ${String(seat)} was not dealt in`);
    }
    if (bySeat.has(seat)) return refusal("stacks_mismatch", `seat ${seat} is listed twice`);
    if (!isAmount(stack)) {
      return refusal("stacks_mismatch", `seat ${seat}: a stack is a non-negative integer`);
    }
    bySeat.set(seat, stack);
  }
  if (bySeat.size !== dealtSeats.length) {
    return refusal("stacks_mismatch", `expected ${dealtSeats.length} stacks, got ${bySeat.size}`);
  }
  return bySeat;
}

/** MT-3: the director stops the clock; hands under way finish, no new one starts. */
export function pause(d: Draft, events: TournamentEvent[]): TournamentError | null {
  if (d.phase !== "running") return refusal("not_started", "only a running tournament pauses");
  if ((d.pausedAt ?? null) !== null) return refusal("paused", "the tournament is already paused");
  d.pausedAt = d.clock;
  events.push({ type: "paused" });
  return null;
}

/** The clock runs on from where it stopped: the level keeps the time it had left. */
export function resume(d: Draft, events: TournamentEvent[]): TournamentError | null {
  const pausedAt = d.pausedAt ?? null;
  if (d.phase !== "running" || pausedAt === null)
    return refusal("not_paused", "the tournament is not paused");
  const pausedMs = d.clock - pausedAt;
  d.pausedMs = (d.pausedMs ?? 0) + pausedMs;
  d.pausedAt = null;
  events.push({ type: "resumed", pausedMs });
  return null;
}
