/**
 * A tournament cancelled, by the director (the `cancel` command) or at the
 * start for want of players (MT-1, `start` in entries.ts). The state says
 * who is owed what: the event carries the refunds, prizes and fees the room
 * pays, so the room decides nothing about money.
 *
 * Before the start every entrant gets his buy-in and fee back (MT-1). After
 * it (the policy in the rules page, after TDA practice): players already out
 * keep the places and prizes they had, the rest of the prize pool is shared
 * by the players still in, by chips or equally, and the fees stay the
 * house's (MT-7). Every table must be between hands.
 */
import { type SplitMethod, splitMoney } from "./chop";
import { seatsInPlay, standingsByChips } from "./deals";
import { type Draft, isIdle, refusal } from "./draft";
import { feesOf } from "./money";
import { standingsOf } from "./places";
import { payoutsOf } from "./queries";
import type { TournamentError } from "./result";
import type { CancelReason, Refund, TournamentEvent } from "./state";

export function cancel(
  d: Draft,
  events: TournamentEvent[],
  split: unknown,
): TournamentError | null {
  if (d.phase === "registering") {
    // Nothing to split before the start (so a preview of the split is refused, as it was).
    if (split !== undefined && split !== null)
      return refusal("not_started", "before the start everyone is refunded: there is no split");
    cancelBeforeStart(d, events, "director");
    return null;
  }
  if (split === undefined || split === null)
    return refusal(
      "cannot_cancel",
      "a running tournament is cancelled with a split of its pool: by chips or equally",
    );
  return cancelRunning(d, events, split);
}

/** Every entrant refunded: before the start each holds one entry (re-entries come with late registration). */
export function cancelBeforeStart(d: Draft, events: TournamentEvent[], reason: CancelReason): void {
  const { prize, fee } = d.rules.buyIn;
  const refunds: Refund[] =
    prize + fee > 0
      ? d.players.map((p) => ({ playerId: p.playerId, amount: p.entries * (prize + fee) }))
      : [];
  d.phase = "cancelled";
  d.cancellation = { reason, split: null };
  d.standings = [];
  events.push({
    type: "tournamentCancelled",
    reason,
    split: null,
    prizePool: 0,
    overlay: 0,
    standings: [],
    refunds,
    fees: 0,
  });
}

function cancelRunning(
  d: Draft,
  events: TournamentEvent[],
  split: unknown,
): TournamentError | null {
  if (!d.tables.every((t) => isIdle(d, t)) || d.handForHand?.busts.length)
    return refusal("hand_in_progress", "a tournament is cancelled between hands, at every table");
  const { pool, overlay, amounts } = payoutsOf(d);
  // Places of the players out, as if nobody else busted: their prizes are final.
  const out = standingsOf(d.eliminations, null, d.totals.entries, amounts);
  const paidOut = out.reduce((sum, s) => sum + s.prize, 0);
  const shared = splitMoney(split as SplitMethod, seatsInPlay(d), pool - paidOut);
  if (!shared.ok) return shared.error;
  const standings = [...standingsByChips(shared.shares), ...out];
  d.phase = "cancelled";
  d.cancellation = { reason: "director", split: split as SplitMethod };
  // A pause ends with the tournament: a cancelled one is not also "paused" (issue 48, bug 17).
  const pausedAt = d.pausedAt ?? null;
  if (pausedAt !== null) d.pausedMs = (d.pausedMs ?? 0) + (d.clock - pausedAt);
  d.pausedAt = null;
  d.handForHand = null;
  d.deal = null;
  d.standings = standings;
  events.push({
    type: "tournamentCancelled",
    reason: "director",
    split: split as SplitMethod,
    prizePool: pool,
    overlay,
    standings,
    refunds: [],
    fees: feesOf(d),
  });
  return null;
}
