/**
 * A finished hand as it is stored in D1: its PHH text (with the shuffle's
 * seed and commitment as user fields, so anyone can check the deck) and who
 * played it.
 */
import {
  exportHand,
  type HandEvent,
  type StartHand,
  type TableState,
  writePhh,
} from "@felt/engine";
import type { HandSecret } from "./room-state";

export type HandPlayer = { userId: string; seat: number; net: number };

export type HandRecord = {
  /** `<table>:<hand number>`: unique, and the same on every retry. */
  handId: string;
  tableId: string;
  handNumber: number;
  phh: string;
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
  secret: HandSecret | null,
  now: number,
): { ok: true; record: HandRecord } | { ok: false; message: string } {
  const hand = after.hand;
  if (hand?.phase !== "complete") return { ok: false, message: "the hand is not over" };
  // The deal as the table layer made it: same rules, stacks, button and deck.
  const start: StartHand = {
    type: "start",
    config: after.config.hand,
    players: hand.players.map((p) => ({
      seat: p.seat,
      stack: p.startingStack,
      ...(p.name === undefined ? {} : { name: p.name }),
    })),
    button: hand.button,
    deck: hand.deck.slice(),
  };
  const extra: Record<string, string> = {};
  if (secret?.handNumber === after.handNumber) {
    extra._seed = secret.seed;
    extra._commitment = secret.commitment;
  }
  const exported = exportHand(start, events, {
    hand: after.handNumber,
    table: tableId,
    seatCount: after.config.seatCount,
    extra,
  });
  if (!exported.ok) return { ok: false, message: exported.error.message };
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
