/**
 * What a tournament's room keeps (`Stored`): the state machine's state and
 * what only the room knows beside it (names, the lobby's texts, the tables'
 * structure, purchases under way, the draws' seeds). Pure: the package
 * decides what the events imply (places, money owed, the player's view);
 * this file adds the room's own parts.
 */
import {
  apply,
  type Command,
  type Owed,
  owedAfter,
  type Phase,
  type Placed,
  seatsToFill,
  type TournamentEvent,
  type TournamentState,
  type TournamentView,
  tableNumberOf,
  viewOf,
} from "@felt/tournament";
import type { CommittedSeed } from "../rooms/fairness";
import { type Refusal, refusalOf } from "./refusals";
import {
  DEFAULT_TABLE_STRUCTURE,
  type NextHand,
  type TableStructure,
  tournamentTableId,
} from "./table-contract";

/** The tournament's status: the state machine's phase. */
export type Status = Phase;

/** The status, read from the state machine (stored-chunks.ts upgrades rooms stored with a status of their own). */
export const statusOf = (t: Pick<Stored, "state">): Status => t.state.phase;

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

/** Everything the room keeps (stored in chunks, see stored-chunks.ts). */
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
  finishes: Placed[];
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
   * redraw's integers are `intsFromSeed(seed, redrawBounds(seats))` (the final
   * table's seats), and the seed is shown once it is made. Absent in
   * tournaments opened before.
   */
  finalDraw?: FinalDraw | null;
  /**
   * A private sit-and-go (H-7): its host and the SHA-256 of its link's token.
   * Absent or null: public.
   */
  access?: PrivateAccess | null;
};

export type PrivateAccess = { hostId: string; inviteHash: string };

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

/** A change to commit: the stored tournament beside the state, the new state and its events. */
export type Change = { stored: Stored; state: TournamentState; events: TournamentEvent[] };

/** `command` applied to the tournament: the change, or the state machine's refusal. */
export function changeBy(t: Stored, command: Command): Change | Refusal {
  const result = apply(t.state, command);
  return result.ok
    ? { stored: t, state: result.state, events: result.events }
    : refusalOf(t.state, result.error);
}

/** The tournament after `state` and its events: places, and the refunds, prizes and fees owed (the package's `owedAfter`). */
export function withEvents(t: Stored, state: TournamentState, events: TournamentEvent[]): Stored {
  return { ...t, state, ...owedAfter(t.id, t, state, events) };
}

/** The tournament page's data: the package's view, with the lobby's texts, the tables' game and the draws' proofs. */
export type TournamentPage = TournamentView & {
  id: string;
  name: string;
  /** The lobby's Russian name and the description in both languages; null = none. */
  nameRu: string | null;
  description: string | null;
  descriptionRu: string | null;
  startsAt: number;
  /**
   * The seat draw's proof (docs/fairness.md): the seed's commitment from the
   * start of registration; once the draw is made, the seed and the entrants in
   * the order it shuffled them. Null for tournaments opened before it.
   */
  seatDraw: { commitment: string; seed: string | null; entrants: string[] | null } | null;
  /** The final table's redraw: its seed's commitment, and the seed once the redraw is made. */
  finalDraw: { commitment: string; seed: string | null } | null;
  /** H-7: a sit-and-go's seats (it starts when they are all taken); null when scheduled. */
  sitAndGo: { seats: number } | null;
  /** Seen and joined only by its link (a host's sit-and-go). */
  private: boolean;
} & TableStructure; // what every table deals, and its clock in seconds

/** The page for `viewerId` (null for a guest) at `now`. */
export function pageOf(t: Stored, viewerId: string | null, now: number): TournamentPage {
  return {
    id: t.id,
    name: t.name,
    nameRu: t.texts?.nameRu ?? null,
    description: t.texts?.description ?? null,
    descriptionRu: t.texts?.descriptionRu ?? null,
    ...(t.structure ?? DEFAULT_TABLE_STRUCTURE),
    startsAt: t.startsAt,
    finalDraw: t.finalDraw
      ? { commitment: t.finalDraw.commitment, seed: t.finalDraw.drawn ? t.finalDraw.seed : null }
      : null,
    seatDraw: t.seatDraw
      ? {
          commitment: t.seatDraw.commitment,
          seed: t.seatDraw.entrants ? t.seatDraw.seed : null,
          entrants: t.seatDraw.entrants,
        }
      : null,
    sitAndGo:
      seatsToFill(t.state.rules) === null ? null : { seats: seatsToFill(t.state.rules) as number },
    private: Boolean(t.access),
    ...viewOf(t, viewerId, now, (number) => tournamentTableId(t.id, number)),
  };
}

/** lobby.myTables: the table `playerId` sits at now, or null. */
export function tableOfPlayer(
  t: Stored,
  playerId: string,
): { tableId: string; number: number } | null {
  const number = tableNumberOf(t.state, playerId);
  return number === null ? null : { tableId: tournamentTableId(t.id, number), number };
}
