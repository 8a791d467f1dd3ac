/**
 * What a tournament's room keeps (`Stored`) and the pure bookkeeping around
 * the state machine: what a change's events imply (places, and the refunds,
 * prizes and fees owed), the seating a table is told, and which tables need
 * telling. The state machine decides (its status, cancels, rebuy offers and
 * their time-outs, the money); the room stores and sends, this translates.
 */
import {
  type CancelReason,
  feesOf,
  occupantOf,
  occupiedSeats,
  type Phase,
  type Table,
  type TournamentEvent,
  type TournamentRules,
  type TournamentState,
} from "@felt/tournament";
import type { CommittedSeed } from "../rooms/fairness";
import type { Params } from "../trpc/messages";
import type { NextHand, RosterSeat, TableStructure } from "./protocol";

/** The tournament's status: the state machine's phase. */
export type Status = Phase;

/** The status, read from the state machine (pieces.ts upgrades rooms stored with a status of their own). */
export const statusOf = (t: Pick<Stored, "state">): Status => t.state.phase;

/** Why the tournament was cancelled (a code the client words), or null. */
export const cancelReasonOf = (t: Pick<Stored, "state">): CancelReason | null =>
  t.state.phase === "cancelled" ? (t.state.cancellation?.reason ?? "director") : null;

/** Money the room owes the ledger; every key makes a retry a no-op once it went through. */
export type Owed =
  | { kind: "refund"; userId: string; amount: number; key: string }
  | { kind: "prize"; userId: string; amount: number; key: string }
  | { kind: "fees"; amount: number; key: string };

/**
 * A purchase (an entry, a rebuy, an add-on) between its two halves: stored
 * before the ledger is charged, removed with the change that stores what was
 * bought (or with the refund when it can no longer be had). A room that dies
 * in between finishes it when it starts again: charging under the same
 * `key` moves the money at most once.
 */
export type PurchaseIntent = {
  key: string;
  kind: "register" | "rebuy" | "addOn";
  playerId: string;
  /** The display name a registration brings. */
  name: string | null;
  amount: number;
};

/** A place decided, with the prize once the pool is final. */
export type Finish = {
  playerId: string;
  entry: number;
  place: { from: number; to: number };
  prize: number | null;
};

/** Everything the room keeps (stored in pieces, see pieces.ts). */
export type Stored = {
  id: string;
  name: string;
  /** The lobby's texts (absent in rooms stored before them: none). */
  texts?: LobbyTexts;
  /** What the tables deal and their clock (absent in rooms stored before: DEFAULT_TABLE_STRUCTURE). */
  structure?: TableStructure;
  startsAt: number;
  state: TournamentState;
  /** Display names of everyone who registered. */
  names: Record<string, string>;
  /** Each table's hand in progress as it was ordered, so a repeated ask gets the same answer. */
  dealt: Record<string, Extract<NextHand, { type: "deal" }>>;
  /** Tables whose room confirmed it opened. */
  opened: number[];
  finishes: Finish[];
  owed: Owed[];
  /** Purchases under way, by key (absent in rooms stored before intents). */
  intents: Record<string, PurchaseIntent>;
  /**
   * The seat draw's seed, committed when the tournament opens (docs/fairness.md):
   * the draw's integers are `intsFromSeed(seed, drawBounds(entrants))`, and the
   * seed is shown once the draw is made. Absent in tournaments opened before it.
   */
  seatDraw?: SeatDraw | null;
  /**
   * The final table's redraw seed, committed when the tournament opens: the
   * redraw's integers are `intsFromSeed(seed, redrawBounds(seatsPerTable))`,
   * and the seed is shown once it is made. Absent in tournaments opened before.
   */
  finalDraw?: FinalDraw | null;
};

export type FinalDraw = CommittedSeed & { drawn: boolean };

/** The Russian name, and a description in both languages; null = none. */
export type LobbyTexts = {
  nameRu: string | null;
  description: string | null;
  descriptionRu: string | null;
};

export type SeatDraw = CommittedSeed & {
  /** The entrants in the order the draw shuffled them, once it was made. */
  entrants: string[] | null;
};

/** `params`: the numbers the English `message` quotes, so a client can word the `code` itself. */
export type Refusal = { ok: false; code: string; message: string; params?: Params };

export const refusal = (code: string, message: string, params?: Params): Refusal => ({
  ok: false,
  code,
  message,
  ...(params && Object.keys(params).length > 0 ? { params } : {}),
});

/** The numbers behind a state machine's refusal, from the rules it checked (registration.ts). */
export function refusalParams(rules: TournamentRules, code: string): Params | undefined {
  switch (code) {
    case "tournament_full":
      return rules.maxEntries === null ? undefined : { maxEntries: rules.maxEntries };
    case "re_entry_limit":
      return rules.reEntry ? { maxEntriesPerPlayer: rules.reEntry.maxEntriesPerPlayer } : undefined;
    case "rebuy_closed":
      return rules.rebuy ? { untilLevel: rules.rebuy.untilLevel } : undefined;
    case "rebuy_limit":
      return rules.rebuy?.maxPerEntry != null
        ? { maxPerEntry: rules.rebuy.maxPerEntry }
        : undefined;
    case "stack_too_large":
      return rules.rebuy ? { stackAtMost: rules.rebuy.stackAtMost } : undefined;
    case "add_on_closed":
      return rules.addOn
        ? { fromLevel: rules.addOn.fromLevel, untilLevel: rules.addOn.untilLevel }
        : undefined;
    default:
      return undefined;
  }
}

/** A state machine's refusal, with the numbers it quotes. */
export const refusalOf = (state: TournamentState, error: { code: string; message: string }) =>
  refusal(error.code, error.message, refusalParams(state.rules, error.code));

/** The tournament after `state` and its events: places, and at the end the refunds, prizes and fees owed. */
export function withEvents(t: Stored, state: TournamentState, events: TournamentEvent[]): Stored {
  let finishes = [...t.finishes];
  const owed = [...t.owed];
  for (const e of events) {
    if (e.type === "playerEliminated")
      finishes.push({ playerId: e.playerId, entry: e.entry, place: e.place, prize: e.prize });
    if (e.type === "tournamentFinished" || e.type === "tournamentCancelled") {
      // The final word on every place and prize (none for a cancel before the start).
      finishes = [...e.standings];
      for (const s of e.standings) {
        if (s.prize > 0)
          owed.push({
            kind: "prize",
            userId: s.playerId,
            amount: s.prize,
            key: `${t.id}:e${s.entry}`,
          });
      }
      const fees = e.type === "tournamentCancelled" ? e.fees : feesOf(state);
      if (fees > 0) owed.push({ kind: "fees", amount: fees, key: "final" });
    }
    if (e.type === "tournamentCancelled")
      for (const r of e.refunds)
        owed.push(...refundOf(r.playerId, r.amount, `${t.id}:cancel:${r.playerId}`));
  }
  return { ...t, state, finishes, owed };
}

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

/** A refund, when there is money to give back. */
export function refundOf(userId: string, amount: number, key: string): Owed[] {
  return amount > 0 ? [{ kind: "refund", userId, amount, key }] : [];
}
