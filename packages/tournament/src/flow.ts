/**
 * What follows a change in who plays where: placing busts (MT-5), closing a
 * hand-for-hand round, moving players and breaking tables (MT-4), switching
 * hand-for-hand on and off, and the finish with its payouts (MT-2).
 */
import { rebalance } from "./balance";
import { type Draft, isIdle } from "./draft";
import {
  type Bust,
  type EliminationGroup,
  placesOfGroup,
  prizesOfGroup,
  standingsOf,
} from "./places";
import type { PlayerRecord } from "./players";
import { momentOf, payoutsOf, playerRecord } from "./queries";
import { isLateRegistrationOpen, isPoolFinal } from "./registration";
import type { TournamentEvent } from "./state";
import { occupantOf, playerCount, type SeatedPlayer, type Table } from "./table";

/** Busts leave now, or at the end of the hand-for-hand round (MT-5). Their seats are already free. */
export function eliminate(d: Draft, events: TournamentEvent[], busts: Bust[]): void {
  if (busts.length === 0) return;
  if (d.handForHand) {
    d.handForHand = { ...d.handForHand, busts: [...d.handForHand.busts, ...busts] };
    return;
  }
  settleGroup(d, events, busts);
}

/** Places one group busted together: larger starting stack higher, equal stacks share (MT-5). */
function settleGroup(d: Draft, events: TournamentEvent[], busts: Bust[]): void {
  if (busts.length === 0) return;
  const group: EliminationGroup = { busts, aliveBefore: d.alive, entriesBefore: d.totals.entries };
  d.eliminations = [...d.eliminations, group];
  d.alive -= busts.length;
  const moment = momentOf(d);
  const provisional = isLateRegistrationOpen(d.rules, moment);
  const finishes = isPoolFinal(d.rules, moment)
    ? prizesOfGroup(group, d.totals.entries, payoutsOf(d).amounts)
    : placesOfGroup(group, d.totals.entries).map((f) => ({ ...f, prize: null }));
  for (const f of finishes) {
    events.push({
      type: "playerEliminated",
      playerId: f.playerId,
      entry: f.entry,
      place: f.place,
      provisional,
      prize: f.prize,
    });
  }
}

/**
 * After anything that changes who plays where: close a finished
 * hand-for-hand round, end the tournament, move players, and switch
 * hand-for-hand on or off. Moves and switches happen only at a boundary:
 * any moment outside hand-for-hand, or the end of a hand-for-hand round.
 */
export function afterChange(d: Draft, events: TournamentEvent[]): void {
  let boundary = d.handForHand === null;
  if (d.handForHand !== null && isRoundComplete(d)) {
    const { busts } = d.handForHand;
    d.handForHand = { playedInRound: [], busts: [] };
    settleGroup(d, events, busts);
    boundary = true;
  }
  if (d.alive === 1 && d.pendingRebuys.length === 0) {
    finish(d, events);
    return;
  }
  if (!boundary) return;

  const tablesBefore = d.tables.length;
  const balanced = rebalance(d.tables, d.rules.seatsPerTable, (t) => isIdle(d, t));
  if (balanced.moves.length > 0 || balanced.broken.length > 0) {
    d.tables = balanced.tables;
    for (const number of balanced.broken) events.push({ type: "tableBroken", table: number });
    for (const move of balanced.moves) events.push({ type: "playerMoved", ...move });
  }
  if (tablesBefore > 1 && d.tables.length === 1) {
    events.push({ type: "finalTableReached", table: (d.tables[0] as Table).number });
  }

  const paid = payoutsOf(d).amounts.length;
  const onTheBubble =
    d.tables.length > 1 && d.alive > paid && d.alive <= paid + d.rules.handForHandMargin;
  if (onTheBubble && d.handForHand === null) {
    d.handForHand = { playedInRound: [], busts: [] };
    events.push({ type: "handForHandStarted" });
  } else if (!onTheBubble && d.handForHand !== null) {
    d.handForHand = null;
    events.push({ type: "handForHandEnded" });
  }
}

/**
 * Every table that can play has dealt its hand of the round, and all are
 * between hands. A round in which no table can play (hands begun before
 * hand-for-hand left each table short) is complete too: its busts are
 * placed and the tables come together, or nobody could ever deal again.
 */
function isRoundComplete(d: Draft): boolean {
  const round = d.handForHand;
  if (round === null) return false;
  const nothingToSettle = round.playedInRound.length === 0 && round.busts.length === 0;
  if (nothingToSettle) return false;
  return d.tables.every(
    (t) => isIdle(d, t) && (round.playedInRound.includes(t.number) || playerCount(t) < 2),
  );
}

function finish(d: Draft, events: TournamentEvent[]): void {
  const table = d.tables.find((t) => playerCount(t) > 0) as Table;
  const seat = table.seats.findIndex((s) => s !== null) + 1;
  const winnerId = (occupantOf(table, seat) as SeatedPlayer).playerId;
  const record = playerRecord(d, winnerId) as PlayerRecord;
  d.winner = { playerId: winnerId, entry: record.entries };
  d.phase = "finished";
  d.handForHand = null;
  const { pool, overlay, amounts } = payoutsOf(d);
  const standings = standingsOf(d.eliminations, d.winner, d.totals.entries, amounts);
  d.standings = standings;
  events.push({
    type: "tournamentFinished",
    winner: winnerId,
    prizePool: pool,
    overlay,
    standings,
  });
}
