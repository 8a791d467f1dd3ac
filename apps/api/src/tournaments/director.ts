/**
 * The director's moves as the room takes them (deals, time on the level,
 * moves, disqualifications) and the previews of a deal or a cancel: dry runs
 * of the state machine, with the players' names. Pure; nothing is stored.
 */
import {
  apply,
  CHOP_METHODS,
  type ChopMethod,
  type ChopShare,
  type Command,
  SPLIT_METHODS,
  seatsInPlay,
  type TournamentEvent,
  type TournamentState,
} from "@felt/tournament";
import { type Refusal, refusalOf } from "./refusals";
import type { Stored } from "./stored";

/** The director proposes or withdraws a deal; a player in it accepts or turns it down. */
export type DealMove =
  | { type: "propose"; method: ChopMethod }
  | { type: "withdraw" }
  | { type: "accept"; userId: string }
  | { type: "reject"; userId: string };

/** The director's tools beyond pause, deals and the cancel. */
export type DirectorMove =
  | { type: "adjustLevel"; deltaMs: number }
  | { type: "movePlayer"; playerId: string; table: number }
  | { type: "disqualify"; playerId: string };

/** A deal's share with the player's name, for the director's preview. */
export type NamedShare = ChopShare & { name: string };

/** The state machine's command for a deal move. */
export const dealCommand = (move: DealMove, now: number): Command =>
  move.type === "propose"
    ? { type: "proposeDeal", method: move.method, now }
    : move.type === "accept"
      ? { type: "acceptDeal", playerId: move.userId, now }
      : { type: "rejectDeal", playerId: move.type === "reject" ? move.userId : null, now };

/** What a deal move did: the shares proposed, if it was a proposal. */
export function dealReply(events: TournamentEvent[]): { ok: true; proposed: ChopShare[] | null } {
  const proposed = events.find((e) => e.type === "dealProposed");
  return { ok: true, proposed: proposed?.type === "dealProposed" ? proposed.shares : null };
}

/** What a cancel did: how many players get money back, and its events (for the audit log). */
export function cancelReply(events: TournamentEvent[]) {
  const cancelled = events.find((e) => e.type === "tournamentCancelled");
  const refunded = cancelled?.type === "tournamentCancelled" ? cancelled.refunds.length : 0;
  return { ok: true as const, refunded, events };
}

/** The final table's new seats. */
export function redrawReply(events: TournamentEvent[]) {
  const redrawn = events.find((e) => e.type === "finalTableRedrawn");
  return { ok: true as const, seats: redrawn?.type === "finalTableRedrawn" ? redrawn.seats : [] };
}

/** What a cancel now would pay each player still in, split by chips and equally. */
export const cancelOffers = (t: Stored, now: number) =>
  offers(
    t,
    SPLIT_METHODS,
    (split) => ({ type: "cancel", split, now }),
    (after, before) =>
      seatsInPlay(before).map((seat) => ({
        ...seat,
        amount: after.standings?.find((s) => s.playerId === seat.playerId)?.prize ?? 0,
      })),
  );

/** What each deal method would offer now, for the director to compare before proposing one. */
export const dealOffers = (t: Stored, now: number) =>
  offers(
    t,
    CHOP_METHODS,
    (method) => ({ type: "proposeDeal", method, now }),
    (after) => after.deal?.shares ?? [],
  );

/** A dry run of `command` for each key, its shares with the players' names. */
function offers<K extends string>(
  t: Stored,
  keys: readonly K[],
  command: (key: K) => Command,
  sharesOf: (after: TournamentState, before: TournamentState) => ChopShare[],
): Refusal | ({ ok: true } & Record<K, NamedShare[]>) {
  const found = {} as Record<K, NamedShare[]>;
  for (const key of keys) {
    const result = apply(t.state, command(key));
    if (!result.ok) return refusalOf(t.state, result.error);
    found[key] = sharesOf(result.state, t.state).map((s) => ({
      ...s,
      name: t.names[s.playerId] ?? "player",
    }));
  }
  return { ok: true, ...found };
}
