/**
 * A deal at the final table: the director proposes shares of the prizes
 * still to be won (chop.ts: ICM or chip chop), every player still in
 * accepts, and the tournament ends with those shares as their prizes. Any
 * one of them saying no, or the director withdrawing it, ends the proposal
 * and play goes on.
 *
 * A proposal is made only when the figures cannot change under it: every
 * table between hands, no rebuy decision open, and the prize pool final (no
 * more late entries, rebuys or add-ons). While it is open no hand starts;
 * the level clock is the director's to pause, as at a live table.
 *
 * At the finish the players in the deal take the top places in order of
 * their chips (equal stacks share the best of their places, as MT-5 places
 * equal stacks); the chip leader is recorded as the winner. Everyone out
 * before keeps the place and prize he had.
 */
import {
  type ChopMethod,
  type ChopSeat,
  type ChopShare,
  MAX_CHOP_PLAYERS,
  proposeChop,
} from "./chop";
import { type Draft, isIdle, refusal } from "./draft";
import { type Standing, standingsOf } from "./places";
import type { PlayerRecord } from "./players";
import { momentOf, payoutsOf, playerRecord } from "./queries";
import { isPoolFinal } from "./registration";
import type { TournamentError } from "./result";
import type { PendingDeal, TournamentEvent } from "./state";
import { chipsOf } from "./table";

/** The players still in, each with his current entry and chips, in seat order by table. */
export function seatsInPlay(state: Pick<Draft, "tables" | "players">): ChopSeat[] {
  return state.tables.flatMap((table) =>
    table.seats.flatMap((seat) => {
      if (seat === null) return [];
      const record = playerRecord(state as Draft, seat.playerId) as PlayerRecord;
      return [{ playerId: seat.playerId, entry: record.entries, chips: chipsOf(seat) }];
    }),
  );
}

/**
 * The players still in, paid `shares`, placed in order of their chips
 * (equal stacks share the best of their places, as MT-5 places equal stacks),
 * the biggest stack first; ties keep the shares' order.
 */
export function standingsByChips(shares: readonly ChopShare[]): Standing[] {
  const ranked = [...shares].sort((a, b) => b.chips - a.chips);
  return ranked.map((share) => {
    const from = 1 + ranked.filter((r) => r.chips > share.chips).length;
    const to = from - 1 + ranked.filter((r) => r.chips === share.chips).length;
    return {
      playerId: share.playerId,
      entry: share.entry,
      place: { from, to },
      prize: share.amount,
    };
  });
}

export function proposeDeal(
  d: Draft,
  events: TournamentEvent[],
  method: unknown,
): TournamentError | null {
  if (d.phase !== "running") return refusal("not_started", "the tournament has not started");
  if (d.deal) return refusal("deal_pending", "a deal is already proposed");
  if (d.alive > MAX_CHOP_PLAYERS)
    return refusal("deal_not_allowed", `a deal is for the last ${MAX_CHOP_PLAYERS} players`);
  if (!d.tables.every((t) => isIdle(d, t)) || d.handForHand?.busts.length)
    return refusal("hand_in_progress", "a deal is proposed between hands, at every table");
  if (!isPoolFinal(d.rules, momentOf(d)))
    return refusal(
      "deal_not_allowed",
      "the prize pool is not final yet (late registration, rebuys or add-ons)",
    );
  const seats = seatsInPlay(d);
  const prizes = payoutsOf(d).amounts.slice(0, seats.length);
  const chop = proposeChop(method as ChopMethod, seats, prizes);
  if (!chop.ok) return chop.error;
  const deal: PendingDeal = {
    method: method as ChopMethod,
    shares: chop.shares,
    accepted: [],
    proposedAt: d.clock,
  };
  d.deal = deal;
  events.push({ type: "dealProposed", method: deal.method, shares: deal.shares });
  return null;
}

export function acceptDeal(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
): TournamentError | null {
  const deal = d.deal;
  if (!deal) return refusal("no_deal", "no deal is proposed");
  if (!deal.shares.some((s) => s.playerId === playerId))
    return refusal("not_in_deal", "only the players still in accept a deal");
  if (deal.accepted.includes(playerId as string))
    return refusal("already_accepted", "this player has already accepted");
  const accepted = [...deal.accepted, playerId as string];
  d.deal = { ...deal, accepted };
  events.push({ type: "dealAccepted", playerId: playerId as string });
  if (accepted.length === deal.shares.length) finishWithDeal(d, events, deal);
  return null;
}

/** A player says no (`playerId`), or the director takes the proposal back (null). */
export function dropDeal(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
): TournamentError | null {
  const deal = d.deal;
  if (!deal) return refusal("no_deal", "no deal is proposed");
  if (playerId !== null && !deal.shares.some((s) => s.playerId === playerId))
    return refusal("not_in_deal", "only the players still in can turn a deal down");
  d.deal = null;
  events.push({ type: "dealWithdrawn", by: (playerId as string | null) ?? null });
  return null;
}

function finishWithDeal(d: Draft, events: TournamentEvent[], deal: PendingDeal): void {
  const dealt = standingsByChips(deal.shares);
  const leader = dealt[0] as Standing;
  const { pool, overlay, amounts } = payoutsOf(d);
  const before = standingsOf(d.eliminations, null, d.totals.entries, amounts);
  d.winner = { playerId: leader.playerId, entry: leader.entry };
  d.phase = "finished";
  d.handForHand = null;
  d.deal = null;
  const standings = [...dealt, ...before];
  d.standings = standings;
  events.push({ type: "dealAgreed", method: deal.method });
  events.push({
    type: "tournamentFinished",
    winner: leader.playerId,
    prizePool: pool,
    overlay,
    standings,
  });
}
