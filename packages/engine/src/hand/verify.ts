/**
 * One check, two uses (PokerKit's verify/can/do): `verifyCommand` tells
 * `apply` exactly what a command will do or why it is refused, and
 * `legalActions` asks the same per-action checks. Nothing here changes state.
 */
import type { Card } from "../cards";
import { indexOfSeat, playerAt } from "./draft";
import { verifyDiscard, verifyReshuffle } from "./draw";
import { handError } from "./errors";
import { firstStreetOf, isStud } from "./games";
import { situationFor, structureOf } from "./round";
import type { CommandType, HandError, HandState } from "./types";

export type Decision =
  | { kind: "fold"; index: number; timedOut: boolean }
  | { kind: "check"; index: number; timedOut: boolean }
  | { kind: "call"; index: number; amount: number; allIn: boolean }
  | { kind: "betOrRaise"; index: number; to: number; allIn: boolean; isBet: boolean }
  | { kind: "showMyHand"; index: number; show: boolean }
  /** The clock ran out in a state stored mid-showdown: the showdown plays itself out. */
  | { kind: "finishShowdown"; index: number }
  | { kind: "draw"; index: number; discard: Card[]; timedOut: boolean }
  /** `index`: the player whose draw the reshuffle finishes. */
  | { kind: "reshuffle"; index: number; order: Card[] };

export interface RaiseOption {
  kind: "bet" | "raise";
  /** Raise-to totals, already clipped to the player's stack. */
  min: number;
  max: number;
  /** Fixed limit after a short all-in: complete to `min` or raise to `max`, nothing between (B-6). */
  onlyMinOrMax?: true;
}

/** Every hand command's `type`: what an action log may hold (the PHH export tells these from events). */
export const COMMAND_TYPES: ReadonlySet<string> = new Set<CommandType>([
  "fold",
  "check",
  "call",
  "betOrRaiseTo",
  "showMyHand",
  "timeout",
  "draw",
  "reshuffle",
]);

/** ST-2: stud's first round, nobody has bet: the player to act must post the bring-in or complete. */
export const bringInDue = (state: HandState): boolean =>
  state.round.highestBet === 0 &&
  isStud(state.rules.game) &&
  state.street === firstStreetOf(state.rules.game).name;

/** ST-2: only the bring-in (and short all-ins) stand: the next bet is the completion to the small bet. */
const bringInStands = (state: HandState): boolean =>
  state.round.fullBetTo === 0 &&
  state.round.highestBet > 0 &&
  isStud(state.rules.game) &&
  state.street === firstStreetOf(state.rules.game).name;

const toCallOf = (state: HandState, index: number): number =>
  Math.max(0, state.round.highestBet - playerAt(state.players, index).bet);

/** Folding when checking is free is refused (PokerKit's "redundant fold"): it is always a misclick. */
export function verifyFold(state: HandState, index: number): HandError | null {
  return toCallOf(state, index) > 0
    ? null
    : handError("cannot_fold", "nothing to call: check instead");
}

export function verifyCheck(state: HandState, index: number): HandError | null {
  if (bringInDue(state))
    return handError("cannot_check", "post the bring-in or complete to the small bet (ST-2)");
  const toCall = toCallOf(state, index);
  return toCall === 0
    ? null
    : handError("cannot_check", `there is a bet of ${state.round.highestBet} to call`);
}

/** B-1: a call adds only the difference; a short stack calls all-in for the rest (B-3). */
export function verifyCall(
  state: HandState,
  index: number,
): { amount: number; allIn: boolean } | HandError {
  const toCall = toCallOf(state, index);
  if (toCall === 0) return handError("nothing_to_call", "nothing to call: check instead");
  const stack = playerAt(state.players, index).stack;
  return toCall >= stack ? { amount: stack, allIn: true } : { amount: toCall, allIn: false };
}

/** The bet or raise this player may make now, or why none (B-2 … B-6). */
export function raiseOption(state: HandState, index: number): RaiseOption | HandError {
  const { players, round } = state;
  const p = playerAt(players, index);
  if (p.stack <= toCallOf(state, index))
    return handError("cannot_raise", "not enough chips to raise: call all-in instead");
  // A raise nobody can call is pointless (PokerKit: "irrelevant"): every opponent is all-in or covered.
  let someoneCanCall = false;
  for (let j = 0; j < players.length; j++) {
    const other = playerAt(players, j);
    if (j !== index && !other.folded && other.bet + other.stack > round.highestBet)
      someoneCanCall = true;
  }
  if (!someoneCanCall) return handError("cannot_raise", "no opponent has chips to call a raise");

  const allInTo = p.bet + p.stack;
  // ST-2: the bring-in (its amount) or the completion (the small bet), nothing between.
  if (bringInDue(state)) {
    const min = Math.min(state.rules.bringIn, allInTo);
    const max = Math.min(state.rules.smallBet, allInTo);
    return min < max ? { kind: "bet", min, max, onlyMinOrMax: true } : { kind: "bet", min, max };
  }
  const structure = structureOf(state.rules);
  const situation = situationFor(state, p);
  if (structure.capReached(situation))
    return handError("raise_cap_reached", "the betting is capped this round");
  // B-3: once he has acted, only a full raise (or short all-ins adding up to one) above his bet reopens it.
  if (p.acted && !structure.countsAsFullRaise(round.highestBet - p.bet, situation)) {
    return handError(
      "raise_not_reopened",
      "an all-in for less than a full raise did not reopen the betting",
    );
  }
  const min = Math.min(structure.minRaiseTo(situation), allInTo);
  // ST-2: over the bring-in, the next players may only complete (raises count from the completion).
  const max = bringInStands(state) ? min : Math.min(structure.maxRaiseTo(situation), allInTo);
  const kind = round.highestBet === 0 ? "bet" : "raise";
  // Fixed limit has one size, or two after a short all-in (an all-in between them is the max).
  return state.rules.betting === "fixed-limit" && min < max
    ? { kind, min, max, onlyMinOrMax: true }
    : { kind, min, max };
}

export function verifyBetOrRaiseTo(
  state: HandState,
  index: number,
  amount: unknown,
): Decision | HandError {
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) {
    return handError("invalid_amount", `amount must be a positive integer, got ${String(amount)}`);
  }
  const option = raiseOption(state, index);
  if ("code" in option) return option;
  if (amount < option.min) {
    return option.kind === "bet"
      ? handError("below_min_bet", `the minimum bet is ${option.min}`)
      : handError("below_min_raise", `the minimum raise is to ${option.min}`);
  }
  if (amount > option.max) return handError("above_max", `the maximum is ${option.max}`);
  if (option.onlyMinOrMax && amount !== option.min && amount !== option.max)
    return handError("complete_or_raise", `complete to ${option.min} or raise to ${option.max}`);
  const p = playerAt(state.players, index);
  return {
    kind: "betOrRaise",
    index,
    to: amount,
    allIn: amount === p.bet + p.stack,
    isBet: option.kind === "bet",
  };
}

/** The clock ran out. Betting: check if free, else fold. */
function timeoutDecision(state: HandState, index: number): Decision {
  // The draw: stand pat, the one choice that needs no decision.
  if (state.phase === "draw") return { kind: "draw", index, discard: [], timedOut: true };
  if (state.phase === "betting") {
    // ST-2: the bring-in is forced: his clock running out posts it.
    if (bringInDue(state)) {
      const p = playerAt(state.players, index);
      const to = Math.min(state.rules.bringIn, p.bet + p.stack);
      return { kind: "betOrRaise", index, to, allIn: to === p.bet + p.stack, isBet: true };
    }
    return toCallOf(state, index) === 0
      ? { kind: "check", index, timedOut: true }
      : { kind: "fold", index, timedOut: true };
  }
  return { kind: "finishShowdown", index };
}

/** What `command` would do in `state`, or why it is refused. Accepts anything: bad input is an error value. */
export function verifyCommand(state: HandState, command: unknown): Decision | HandError {
  if (typeof command !== "object" || command === null)
    return handError("invalid_command", "a command is an object");
  const { type, seat } = command as Record<string, unknown>;
  if (typeof type !== "string" || !COMMAND_TYPES.has(type)) {
    return handError("invalid_command", `unknown command type ${String(type)}`);
  }
  if (state.phase === "complete") return handError("hand_over", "the hand is over");
  // The dealer's reshuffle (draw.ts) names no seat; while one is awaited, nobody acts.
  if (type === "reshuffle") {
    const refused = verifyReshuffle(state, (command as Record<string, unknown>).order);
    if (refused) return refused;
    const need = state.needsReshuffle as NonNullable<HandState["needsReshuffle"]>;
    const order = ((command as Record<string, unknown>).order as Card[]).slice();
    return { kind: "reshuffle", index: indexOfSeat(state.players, need.seat), order };
  }
  if (typeof seat !== "number" || !Number.isSafeInteger(seat))
    return handError("invalid_command", "seat must be an integer");
  const index = indexOfSeat(state.players, seat);
  if (index < 0) return handError("unknown_seat", `no player in seat ${seat}`);
  // S-2: the choice to show a beaten hand is his at any moment of the hand, reshuffle or not.
  if (type === "showMyHand") {
    const { show } = command as Record<string, unknown>;
    if (typeof show !== "boolean") return handError("invalid_command", "show must be a boolean");
    return { kind: "showMyHand", index, show };
  }
  if (state.needsReshuffle !== null)
    return handError("reshuffle_pending", "the dealer is reshuffling the discards");

  const betting = type !== "timeout" && type !== "draw";
  if (betting && state.phase !== "betting") {
    return handError(
      "not_betting",
      state.phase === "draw" ? "it is the draw: discard or stand pat" : "betting is over",
    );
  }
  if (type === "draw" && state.phase !== "draw")
    return handError("not_draw", "there is no draw now");
  if (state.toAct !== seat)
    return handError("not_your_turn", `seat ${state.toAct ?? "nobody"} is to act`);

  switch (type) {
    case "fold":
      return verifyFold(state, index) ?? { kind: "fold", index, timedOut: false };
    case "check":
      return verifyCheck(state, index) ?? { kind: "check", index, timedOut: false };
    case "call": {
      const call = verifyCall(state, index);
      return "code" in call
        ? call
        : { kind: "call", index, amount: call.amount, allIn: call.allIn };
    }
    case "betOrRaiseTo":
      return verifyBetOrRaiseTo(state, index, (command as Record<string, unknown>).amount);
    case "draw": {
      const discard = verifyDiscard(state, index, (command as Record<string, unknown>).discard);
      return "code" in discard ? discard : { kind: "draw", index, discard, timedOut: false };
    }
    default:
      return timeoutDecision(state, index);
  }
}
