/**
 * A finished hand as it is stored: its PHH text (with the deal's commitment
 * and leaves as user fields, fairness.ts; the server seed is kept for the
 * auditor and taken out of every copy a player reads), one R2 object
 * (history/phh-store.ts), and who played it, in D1's index rows.
 */
import { exportHand, type HandEvent, startOfHand, type TableState, writePhh } from "@felt/engine";
import { historyFields, SCHEME } from "@felt/fairness";
import type { RussianRoundRecord } from "../history/russian-round";
import type { DealSecret } from "./fairness";

export type HandPlayer = { userId: string; seat: number; net: number };

export type HandRecord = {
  /** `<table>:<hand number>`: unique, and the same on every retry. */
  handId: string;
  tableId: string;
  handNumber: number;
  phh: string;
  /** A Russian poker round (then `phh` is empty): docs/russian-rounds.md. */
  russianRound?: RussianRoundRecord;
  players: HandPlayer[];
  createdAt: number;
};

export const handIdOf = (tableId: string, handNumber: number) => `${tableId}:${handNumber}`;

/**
 * `before` is the table before the change that ended the hand (leavers are
 * still seated there), `after` the table with the completed hand, `events`
 * every engine event of the hand in order.
 */
export function handRecord(
  tableId: string,
  before: TableState,
  after: TableState,
  events: readonly HandEvent[],
  secret: DealSecret | null,
  now: number,
): { ok: true; record: HandRecord } | { ok: false; message: string } {
  const hand = after.hand;
  if (hand?.phase !== "complete") return { ok: false, message: "the hand is not over" };
  // The deal as the table layer made it: the hand's own rules (dealer's choice and rake
  // included), stacks, button, the deck it was dealt from (before any reshuffle of a draw's
  // discards), and who posted which blind.
  const start = startOfHand(hand, events);
  // Dealer's choice: the variant (and deck) are the hand's own rules; the game's name is kept too.
  const game = dealersChoiceGameOf(after);
  const exported = exportHand(start, events, {
    hand: after.handNumber,
    table: tableId,
    seatCount: after.config.seatCount,
    ...(game === null ? {} : { extra: { [FELT_GAME]: game } }),
  });
  if (!exported.ok) return { ok: false, message: exported.error.message };
  if (secret?.scheme === SCHEME && secret.handNumber === after.handNumber) {
    const order = exported.history.seats ?? [];
    Object.assign(exported.history.extra, historyFields(secret, hand.board, order, events));
  }
  const players: HandPlayer[] = [];
  for (const p of hand.players) {
    const occupant = before.seats[p.seat - 1] ?? after.seats[p.seat - 1];
    if (!occupant) return { ok: false, message: `nobody sat in seat ${p.seat}` };
    players.push({ userId: occupant.playerId, seat: p.seat, net: p.stack - p.startingStack });
  }
  return {
    ok: true,
    record: {
      handId: handIdOf(tableId, after.handNumber),
      tableId,
      handNumber: after.handNumber,
      phh: writePhh(exported.history),
      players,
      createdAt: now,
    },
  };
}

/** PHH user field: the name of the dealer's-choice game the hand was dealt as ("Draw 7–A"). */
export const FELT_GAME = "_felt_game";

/** The name of the game a dealer's-choice hand was dealt as (the orbit's), or null at a one-game table. */
function dealersChoiceGameOf(table: TableState): string | null {
  const index = table.dealersChoice?.game;
  if (table.config.games === null || index === null || index === undefined) return null;
  return table.config.games[index]?.name ?? null;
}
