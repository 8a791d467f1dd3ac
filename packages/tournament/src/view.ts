/**
 * A tournament as a player sees it, from its state: public to everyone
 * (entrants, structure, payouts, clock, tables and chip counts are all public
 * in a tournament), plus `you` for the signed-in viewer. The room adds what
 * only it keeps (the lobby's texts, the tables' game, the draws' proofs).
 */
import type { StructureEntry } from "./levels";
import type { Placed } from "./owed";
import { clockOf, findPlayer, momentOf, payoutsOf, structureOf } from "./queries";
import { isRegistrationOpen } from "./registration";
import type { CancelReason, Phase, TournamentState } from "./state";
import { occupantOf, occupiedSeats } from "./table";
import { apply } from "./tournament";

/** What the view is made from: the state, the places decided, the players' names. */
export type ViewSource = {
  state: TournamentState;
  finishes: readonly Placed[];
  names: Readonly<Record<string, string>>;
};

/** A table's id for the client (its socket's path), from its number. */
export type TableIdOf = (table: number) => string;

/** Players listed at most; the counts are always whole. */
export const PLAYERS_SHOWN = 500;

export type PlayerLine = {
  playerId: string;
  name: string;
  entries: number;
  /** Where the entry in play sits; null when out or not yet seated. */
  tableId: string | null;
  tableNumber: number | null;
  seat: number | null;
  stack: number | null;
  /** Set once the entry is out (or, at the end, for everyone). */
  place: { from: number; to: number } | null;
  prize: number | null;
};

export type TournamentView = {
  status: Phase;
  startedAt: number | null;
  /** Why it was cancelled: "min_field" (too few entrants at the start, MT-1) or "director"; null when it was not. */
  cancelledReason: CancelReason | null;
  buyIn: { prize: number; fee: number };
  startingStack: number;
  seatsPerTable: number;
  minEntrants: number;
  maxEntries: number | null;
  guarantee: number;
  lateRegistrationUntilLevel: number | null;
  maxEntriesPerPlayer: number;
  rebuy: { chips: number; prize: number; fee: number; untilLevel: number } | null;
  addOn: {
    chips: number;
    prize: number;
    fee: number;
    fromLevel: number;
    untilLevel: number;
  } | null;
  structure: { anteKind: "each" | "big-blind"; entries: StructureEntry[] };
  clock: {
    levelNumber: number;
    onBreak: boolean;
    smallBlind: number;
    bigBlind: number;
    ante: number;
    /** Null at the last level, which lasts until the end. */
    remainingMs: number | null;
    nextLevel: { smallBlind: number; bigBlind: number; ante: number } | null;
  } | null;
  registrationOpen: boolean;
  entries: number;
  alive: number;
  prizePool: number;
  overlay: number;
  /** What each place pays if the field stopped growing now, first place first. */
  payouts: number[];
  handForHand: boolean;
  /** MT-3: the director stopped the clock; no new hands until it restarts. */
  paused: boolean;
  /**
   * A deal the director proposed to the players still in: each one's chips,
   * what the deal pays him and whether he has accepted. No hand starts while
   * it is open; it is paid when everyone accepts, and gone when one says no.
   */
  deal: {
    method: "icm" | "chips";
    proposedAt: number;
    shares: { playerId: string; name: string; chips: number; amount: number; accepted: boolean }[];
  } | null;
  /** Alive players by stack, then the rest by place. */
  players: PlayerLine[];
  playersTotal: number;
  tables: { number: number; tableId: string; players: number; chips: number }[];
  you: {
    playerId: string;
    registered: boolean;
    alive: boolean;
    tableId: string | null;
    seat: number | null;
    stack: number | null;
    /** Chip position among the players left (1 = chip leader). */
    rank: number | null;
    place: { from: number; to: number } | null;
    prize: number | null;
    canRegister: boolean;
    canUnregister: boolean;
    canRebuy: boolean;
    canAddOn: boolean;
    rebuyOffered: boolean;
    /** Chips bought during the hand in play: they join `stack` when it ends (MT-1). */
    boughtChips: number;
    /** In the deal on the table and not yet accepted: Accept and Decline are for him. */
    dealToAnswer: boolean;
  } | null;
};

/** The view for `viewerId` (null for a guest) at `now`. */
export function viewOf(
  t: ViewSource,
  viewerId: string | null,
  now: number,
  tableIdOf: TableIdOf,
): TournamentView {
  const { state } = t;
  const { rules } = state;
  const status = state.phase;
  const reading = status === "running" ? clockOf(state, Math.max(now, state.clock)) : null;
  const { pool, overlay, amounts } = payoutsOf(state);
  const latest = new Map<string, Placed>();
  for (const f of t.finishes) latest.set(f.playerId, f);
  const records = new Map(state.players.map((p) => [p.playerId, p]));

  const seated: PlayerLine[] = [];
  for (const table of state.tables) {
    for (const seat of occupiedSeats(table)) {
      const occupant = occupantOf(table, seat) as { playerId: string; stack: number };
      seated.push(
        line(t, occupant.playerId, {
          tableId: tableIdOf(table.number),
          tableNumber: table.number,
          seat,
          stack: occupant.stack,
        }),
      );
    }
  }
  seated.sort((a, b) => (b.stack ?? 0) - (a.stack ?? 0));
  const seatedIds = new Set(seated.map((p) => p.playerId));
  const others = state.players
    .filter((p) => !seatedIds.has(p.playerId))
    .map((p) => line(t, p.playerId, null))
    .sort((a, b) => (a.place?.from ?? 0) - (b.place?.from ?? 0));
  const players = [...seated, ...others];

  return {
    status,
    startedAt: state.startedAt,
    cancelledReason: cancelReasonOf(state),
    buyIn: rules.buyIn,
    startingStack: rules.startingStack,
    seatsPerTable: rules.seatsPerTable,
    minEntrants: rules.minEntrants,
    maxEntries: rules.maxEntries,
    guarantee: rules.guarantee,
    lateRegistrationUntilLevel: rules.lateRegistration?.untilLevel ?? null,
    maxEntriesPerPlayer: rules.reEntry?.maxEntriesPerPlayer ?? 1,
    rebuy: rules.rebuy && {
      chips: rules.rebuy.chips,
      prize: rules.rebuy.prize,
      fee: rules.rebuy.fee,
      untilLevel: rules.rebuy.untilLevel,
    },
    addOn: rules.addOn,
    // With the director's changes to level lengths.
    structure: structureOf(state),
    clock: reading && {
      levelNumber: reading.levelNumber,
      onBreak: reading.onBreak,
      smallBlind: reading.level.smallBlind,
      bigBlind: reading.level.bigBlind,
      ante: reading.level.ante,
      remainingMs: reading.remainingMs,
      nextLevel: reading.nextLevel && {
        smallBlind: reading.nextLevel.smallBlind,
        bigBlind: reading.nextLevel.bigBlind,
        ante: reading.nextLevel.ante,
      },
    },
    registrationOpen:
      (status === "registering" || status === "running") &&
      isRegistrationOpen(rules, momentOf({ ...state, clock: Math.max(now, state.clock) })),
    entries: state.totals.entries,
    alive: status === "registering" ? state.players.length : state.alive,
    prizePool: pool,
    overlay,
    payouts: amounts,
    // MT-5: tables wait for each other, so only while more than one plays (a state stored
    // by older rules may say hand-for-hand at one table: the badge would mean nothing).
    handForHand: status === "running" && state.handForHand !== null && state.tables.length > 1,
    // Only a running tournament is paused (one cancelled while paused was stored as both).
    paused: status === "running" && (state.pausedAt ?? null) !== null,
    deal: state.deal
      ? {
          method: state.deal.method,
          proposedAt: state.deal.proposedAt,
          shares: state.deal.shares.map((share) => ({
            playerId: share.playerId,
            name: t.names[share.playerId] ?? "player",
            chips: share.chips,
            amount: share.amount,
            accepted: state.deal?.accepted.includes(share.playerId) ?? false,
          })),
        }
      : null,
    players: players.slice(0, PLAYERS_SHOWN),
    playersTotal: players.length,
    tables: state.tables.map((table) => {
      const seats = occupiedSeats(table);
      return {
        number: table.number,
        tableId: tableIdOf(table.number),
        players: seats.length,
        chips: seats.reduce((sum, s) => sum + (occupantOf(table, s)?.stack ?? 0), 0),
      };
    }),
    you: viewerId === null ? null : yours(t, viewerId, seated, now, tableIdOf),
  };

  function line(
    t: ViewSource,
    playerId: string,
    at: Pick<PlayerLine, "tableId" | "tableNumber" | "seat" | "stack"> | null,
  ): PlayerLine {
    const record = records.get(playerId);
    // A player still seated has a place only once it is over (a cancel after the start too).
    const over = status === "finished" || status === "cancelled";
    const finish = at && !over ? null : (latest.get(playerId) ?? null);
    return {
      playerId,
      name: t.names[playerId] ?? "player",
      entries: record?.entries ?? 0,
      tableId: at?.tableId ?? null,
      tableNumber: at?.tableNumber ?? null,
      seat: at?.seat ?? null,
      stack: at?.stack ?? null,
      place: finish?.place ?? null,
      prize: finish?.prize ?? null,
    };
  }
}

/** Why the tournament was cancelled (a code the client words), or null. */
export const cancelReasonOf = (state: TournamentState): CancelReason | null =>
  state.phase === "cancelled" ? (state.cancellation?.reason ?? "director") : null;

/** The number of the table `playerId` sits at (lobby.myTables), or null when he sits at none. */
export function tableNumberOf(state: TournamentState, playerId: string): number | null {
  for (const table of state.tables) {
    for (const seat of occupiedSeats(table)) {
      if (occupantOf(table, seat)?.playerId === playerId) return table.number;
    }
  }
  return null;
}

function yours(
  t: ViewSource,
  viewerId: string,
  seated: PlayerLine[],
  now: number,
  tableIdOf: TableIdOf,
): TournamentView["you"] {
  const { state } = t;
  const status = state.phase;
  const open = status === "registering" || status === "running";
  // Each "can" is the state machine's own answer to a dry run: one set of rules.
  const can = (type: "register" | "unregister" | "rebuy" | "addOn") =>
    open && apply(state, { type, playerId: viewerId, now: Math.max(now, state.clock) }).ok;
  const found = findPlayer(state, viewerId);
  const rank = seated.findIndex((p) => p.playerId === viewerId);
  const finish = latest(t, viewerId);
  const out = found === null || status === "finished" || status === "cancelled";
  return {
    playerId: viewerId,
    registered: state.players.some((p) => p.playerId === viewerId),
    alive: found !== null,
    tableId: found ? tableIdOf(found.table.number) : null,
    seat: found?.seat ?? null,
    stack: found?.occupant.stack ?? null,
    rank: rank >= 0 ? rank + 1 : null,
    place: out ? (finish?.place ?? null) : null,
    prize: out ? (finish?.prize ?? null) : null,
    canRegister: can("register"),
    canUnregister: can("unregister"),
    canRebuy: can("rebuy"),
    canAddOn: can("addOn"),
    rebuyOffered: state.pendingRebuys.some((p) => p.playerId === viewerId && !p.declined),
    boughtChips: found?.occupant.bought ?? 0,
    dealToAnswer:
      (state.deal?.shares.some((s) => s.playerId === viewerId) ?? false) &&
      !(state.deal?.accepted.includes(viewerId) ?? false),
  };
}

/** A player's last finish: re-entries make several. */
const latest = (t: ViewSource, playerId: string): Placed | null =>
  [...t.finishes].reverse().find((f) => f.playerId === playerId) ?? null;
