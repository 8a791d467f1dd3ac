/**
 * A purchase run through the room: the intent stored, the ledger charged,
 * what was bought committed (purchases.ts decides each half). The room lends
 * what it owns through `PurchaseRoom`; this file holds the order of the steps,
 * on which crash recovery rests: the intent is on disk before the charge, and
 * a room that restarts finishes it (`finishPurchase`, from the room's queue).
 */
import type { TournamentEvent } from "@felt/tournament";
import { now as clockNow } from "../clock";
import type { Database } from "../db/client";
import { filledToStart, timeFor } from "./alarm";
import { charge } from "./money";
import { closePurchase, intentTo, type Purchase } from "./purchases";
import { type Refusal, refusal } from "./refusals";
import { type Change, type PurchaseIntent, type Stored, statusOf } from "./stored";

/** What a purchase needs of the room (room.ts), all run inside its one queue. */
export type PurchaseRoom = {
  db(): Database;
  /** The tournament as stored now. */
  tournament(): Stored;
  /** Stored, not awaited: the output gate holds every reply and call out until it is on disk. */
  save(t: Stored): void;
  /** The change stored with what its events imply; its events. */
  commit(change: Change): TournamentEvent[];
  /** Pay what is owed, mirror to D1, tell the tables, arm the alarm. */
  afterChange(events: TournamentEvent[]): Promise<void>;
  /** The tournament started (and its series' next scheduled); its events, none if refused. */
  start(t: Stored, now: number): Promise<TournamentEvent[]>;
};

/** What a player pays for, in `t`: the intent stored, then charged and finished; or a refusal that changed nothing. */
export async function buy(
  room: PurchaseRoom,
  t: Stored,
  playerId: string,
  kind: PurchaseIntent["kind"],
  name: string | null,
): Promise<Purchase | Refusal> {
  if (statusOf(t) === "cancelled" && kind === "register")
    return refusal("cancelled", "This tournament was cancelled.");
  const opened = intentTo(t, kind, playerId, name, timeFor(t, clockNow()));
  if ("ok" in opened) return opened;
  // Not awaited: the output gate holds the ledger call until the intent is on disk.
  room.save(opened.stored);
  return finishPurchase(room, opened.intent);
}

/** The second half: charged under the intent's key (at most once), then bought, refunded or dropped. */
export async function finishPurchase(
  room: PurchaseRoom,
  intent: PurchaseIntent,
): Promise<Purchase | Refusal> {
  const { playerId, amount, key } = intent;
  const paid = await charge(room.db(), room.tournament().id, playerId, amount, key);
  const t = room.tournament();
  const closed = closePurchase(t, intent, paid.ok, timeFor(t, clockNow()));
  if (closed.type !== "bought") {
    room.save(closed.stored);
    if (closed.type === "unpaid") return paid as Refusal;
    await room.afterChange([]);
    return closed.refusal;
  }
  const events = room.commit(closed);
  // H-7: the registration that fills a sit-and-go starts it, in the same turn of the queue.
  const filled = room.tournament();
  const started = filledToStart(filled)
    ? await room.start(filled, timeFor(filled, clockNow()))
    : [];
  await room.afterChange([...events, ...started]);
  return closed.bought;
}
