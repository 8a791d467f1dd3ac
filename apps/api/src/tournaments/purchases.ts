/**
 * What a player pays for (an entry, a rebuy, an add-on), in two halves
 * around the ledger's charge. Pure: the room stores what these return and
 * makes the charge in between (money.ts).
 *
 * The state machine decides first, so a refusal costs nothing. The purchase
 * is then stored as an intent before the ledger moves, so a room dying in
 * between finishes it on its next start: charged under the intent's key
 * (once, however often asked), then what was bought is stored with the
 * intent removed, in one write. Never money in the pool without its entry,
 * never charged twice.
 */
import { apply, refundOf, type TournamentEvent, type TournamentState } from "@felt/tournament";
import { type Refusal, refusalOf } from "./refusals";
import type { PurchaseIntent, Stored } from "./stored";

/** The events that cost the player money. */
export type Purchase = Extract<
  TournamentEvent,
  { type: "playerRegistered" | "rebuyTaken" | "addOnTaken" }
>;
const isPurchase = (e: TournamentEvent): e is Purchase =>
  e.type === "playerRegistered" || e.type === "rebuyTaken" || e.type === "addOnTaken";

function purchaseIn(events: TournamentEvent[], kind: string): Purchase {
  const bought = events.find(isPurchase);
  if (!bought) throw new Error(`${kind} without its purchase`);
  return bought;
}

/** The first half: the intent to store before the charge, or the state machine's refusal. */
export function intentTo(
  t: Stored,
  kind: PurchaseIntent["kind"],
  playerId: string,
  name: string | null,
  now: number,
): Refusal | { intent: PurchaseIntent; stored: Stored } {
  const tried = apply(t.state, { type: kind, playerId, now });
  if (!tried.ok) return refusalOf(t.state, tried.error);
  const bought = purchaseIn(tried.events, kind);
  const key = crypto.randomUUID();
  const intent = { key, kind, playerId, name, amount: bought.prize + bought.fee };
  return { intent, stored: { ...t, intents: { ...t.intents, [key]: intent } } };
}

/** How a purchase ends once the ledger answered: what to store, and the change to commit. */
export type Closed =
  /** The ledger refused: nothing moved; the intent goes. */
  | { type: "unpaid"; stored: Stored }
  /** Paid but no longer possible (a restart found the tournament moved on): refunded. */
  | { type: "refunded"; stored: Stored; refusal: Refusal }
  /** Paid and bought: `stored` (the intent gone, the name kept) is committed with `state` and `events`. */
  | {
      type: "bought";
      stored: Stored;
      state: TournamentState;
      events: TournamentEvent[];
      bought: Purchase;
    };

/** The second half, after the ledger's answer (`paid`). */
export function closePurchase(
  t: Stored,
  intent: PurchaseIntent,
  paid: boolean,
  now: number,
): Closed {
  const intents = { ...t.intents };
  delete intents[intent.key];
  if (!paid) return { type: "unpaid", stored: { ...t, intents } };
  const result = apply(t.state, { type: intent.kind, playerId: intent.playerId, now });
  if (!result.ok) {
    const refund = refundOf(intent.playerId, intent.amount, `${t.id}:${intent.key}`);
    return {
      type: "refunded",
      stored: { ...t, intents, owed: [...t.owed, ...refund] },
      refusal: refusalOf(t.state, result.error),
    };
  }
  const names = intent.name === null ? t.names : { ...t.names, [intent.playerId]: intent.name };
  return {
    type: "bought",
    stored: { ...t, names, intents },
    state: result.state,
    events: result.events,
    bought: purchaseIn(result.events, intent.kind),
  };
}
