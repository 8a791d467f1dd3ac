/**
 * Pre-actions: what a player picks before his turn, played for him the
 * moment it comes. Each is tied to the bet it was picked against:
 *
 * - `check`: only while nobody bets; cleared as soon as the bet changes;
 * - `call`: that amount exactly; cleared when the amount to call changes;
 * - `checkFold` and `callAny`: for the betting round they were picked in;
 * - `foldToAnyBet`: for the rest of the hand, checking whenever checking is free.
 *
 * What is sent is decided on the legal actions at that moment (the server's
 * own list), so a pre-action never sends anything the rules refuse: folding
 * while checking is free is never sent (B-1), and a call that no longer
 * matches is dropped, not sent.
 */
import type { HandView, LegalActions } from "@felt/engine";
import type { PlayerAction } from "@felt/protocol";

export type PreActionKind = "checkFold" | "check" | "call" | "callAny" | "foldToAnyBet";

export type PreAction = {
  kind: PreActionKind;
  /** The bet it was picked against: the hand, its betting round, and what the player had to call. */
  handNumber: number;
  street: HandView["street"];
  toCall: number;
};

/** Where the player stands between turns: what calling would cost him now. */
export type Facing = {
  handNumber: number;
  street: HandView["street"];
  toCall: number;
};

/** What the viewer would have to put in to call now (never more than he has). */
export function toCallOf(hand: HandView, seat: number): number {
  const me = hand.players.find((p) => p.seat === seat);
  if (!me) return 0;
  const highest = Math.max(0, ...hand.players.map((p) => p.bet));
  return Math.min(me.stack, Math.max(0, highest - me.bet));
}

/** Whether a pre-action still stands as the table moves on (else it is cleared). */
export function stillStands(pre: PreAction, now: Facing): boolean {
  if (pre.handNumber !== now.handNumber) return false;
  switch (pre.kind) {
    case "check":
    case "call":
      return pre.street === now.street && pre.toCall === now.toCall;
    case "checkFold":
    case "callAny":
      return pre.street === now.street;
    case "foldToAnyBet":
      return true;
  }
}

/** The action to send for a pre-action once it is his turn, from the legal actions then; null sends nothing. */
export function moveFor(pre: PreAction, legal: LegalActions): PlayerAction | null {
  switch (pre.kind) {
    case "checkFold":
    case "foldToAnyBet":
      return legal.check ? { type: "check" } : legal.fold ? { type: "fold" } : null;
    case "check":
      return legal.check ? { type: "check" } : null;
    case "call":
      return legal.call && legal.call.amount === pre.toCall ? { type: "call" } : null;
    case "callAny":
      return legal.call ? { type: "call" } : legal.check ? { type: "check" } : null;
  }
}

/** The pre-actions offered facing `toCall` (a free check offers Check; a bet, Call with its amount). */
export function offeredPreActions(toCall: number): PreActionKind[] {
  return toCall === 0
    ? ["checkFold", "check", "callAny", "foldToAnyBet"]
    : ["checkFold", "call", "callAny", "foldToAnyBet"];
}
