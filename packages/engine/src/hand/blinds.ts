/**
 * Who posts what before the deal. By default T-2: the first player left of
 * the button posts the small blind, the next the big blind, heads-up the
 * button posts the small blind. The table layer may instead name the seats
 * (`StartHand.blinds`), because its dead-button and missed-blind rules
 * (T-7 … T-9) decide positions this module cannot see: a dead small blind,
 * live big blinds posted out of position, dead small blinds owed.
 */
import { handError } from "./errors";
import type { HandError, HandEvent, HandRules, PlayerState } from "./types";

/** Blind posters as indices into the hand's players; −1 = no small blind. */
export interface BlindIndices {
  smallBlind: number;
  bigBlind: number;
  extraBigBlinds: number[];
  deadSmallBlinds: number[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The posters for this hand, or why the given positions cannot be played. */
export function blindIndicesOf(
  players: readonly PlayerState[],
  buttonIndex: number,
  spec: unknown,
): BlindIndices | HandError {
  const n = players.length;
  if (spec === undefined) {
    const smallBlind = n === 2 ? buttonIndex : (buttonIndex + 1) % n;
    return { smallBlind, bigBlind: (smallBlind + 1) % n, extraBigBlinds: [], deadSmallBlinds: [] };
  }
  if (typeof spec !== "object" || spec === null)
    return handError(
      "invalid_blinds",
      "blinds is { smallBlind, bigBlind, extraBigBlinds?, deadSmallBlinds? }",
    );
  const { smallBlind, bigBlind, extraBigBlinds, deadSmallBlinds } = spec as Record<string, unknown>;
  const indexOf = (seat: unknown) => players.findIndex((p) => p.seat === seat);
  const big = indexOf(bigBlind);
  if (big < 0) return handError("invalid_blinds", "the big blind must be a player's seat");
  const small = smallBlind === null ? -1 : indexOf(smallBlind);
  if (smallBlind !== null && (small < 0 || small === big))
    return handError(
      "invalid_blinds",
      "the small blind is another player's seat, or null when dead",
    );
  const extra = seatList(extraBigBlinds, indexOf);
  const dead = seatList(deadSmallBlinds, indexOf);
  if (extra === null || dead === null)
    return handError(
      "invalid_blinds",
      "extra and dead blinds are lists of distinct players' seats",
    );
  // The blinds in position already are the players' forced bets: nobody posts twice.
  if ([...extra, ...dead].some((i) => i === big || i === small))
    return handError("invalid_blinds", "the small and big blinds post no extra or dead blind");
  return { smallBlind: small, bigBlind: big, extraBigBlinds: extra, deadSmallBlinds: dead };
}

function seatList(value: unknown, indexOf: (seat: unknown) => number): number[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return null;
  const indices = value.map(indexOf);
  if (indices.some((i) => i < 0) || new Set(indices).size !== indices.length) return null;
  return indices;
}

/**
 * Posts the blinds on fresh player records (before the first command, so in
 * place). Live blinds (the small blind, the big blind and any extra big
 * blind) become the poster's bet; a dead small blind joins the antes as dead
 * money (SP-3), so it counts in the pot but sets no side-pot level and is no
 * part of the poster's bet. A short stack posts what it has, all-in; a
 * player who owes both posts the live big blind first, since that is the
 * part he plays with. Returns the dead money posted.
 */
export function postBlinds(
  players: Mutable<PlayerState>[],
  rules: HandRules,
  buttonIndex: number,
  blinds: BlindIndices,
  events: HandEvent[],
): number {
  const live = (i: number, blind: "small" | "big", size: number, extra: boolean) => {
    const p = players[i] as Mutable<PlayerState>;
    const amount = post(p, size);
    if (amount === 0) return;
    p.bet = amount;
    p.committed = amount;
    events.push(
      extra
        ? { type: "blindPosted", seat: p.seat, blind, amount, allIn: p.allIn, extra: true }
        : { type: "blindPosted", seat: p.seat, blind, amount, allIn: p.allIn },
    );
  };
  if (blinds.smallBlind >= 0) live(blinds.smallBlind, "small", rules.smallBlind, false);
  live(blinds.bigBlind, "big", rules.bigBlind, false);
  // Out-of-position posts in dealing order, so events read round the table.
  const n = players.length;
  const fromButton = (i: number) => (i - buttonIndex - 1 + n) % n;
  const byPosition = (a: number, b: number) => fromButton(a) - fromButton(b);
  for (const i of blinds.extraBigBlinds.slice().sort(byPosition))
    live(i, "big", rules.bigBlind, true);
  let dead = 0;
  for (const i of blinds.deadSmallBlinds.slice().sort(byPosition)) {
    const p = players[i] as Mutable<PlayerState>;
    const amount = post(p, rules.smallBlind);
    if (amount === 0) continue;
    p.ante += amount;
    dead += amount;
    events.push({ type: "deadBlindPosted", seat: p.seat, amount, allIn: p.allIn });
  }
  return dead;
}

/** Takes a forced bet (ante or blind) from a fresh player record; a short stack posts what it has, all-in. */
export function post(p: Mutable<PlayerState>, wanted: number): number {
  const amount = Math.min(wanted, p.stack);
  p.stack -= amount;
  p.allIn = p.stack === 0;
  return amount;
}
