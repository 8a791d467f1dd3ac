/**
 * What happens between decisions: the next player, the end of a betting
 * round (uncalled bets back, bets gathered), the next street (its board
 * cards or the draw, from the game's street records in games.ts), the
 * run-out when betting is over (B-8), and the way into the showdown.
 */

import { countCanBet, countNotFolded, type Draft, playerAt, updatePlayer } from "./draft";
import { beginDraw } from "./draw";
import { type StreetSpec, streetFacts, streetSpecOf } from "./games";
import { nextToAct, structureOf, unitOf } from "./round";
import { beginShowdown, revealHands, settle } from "./showdown";
import { bestShowingIndex, dealStudStreet, pairShowing } from "./stud";
import type { HandEvent, Street } from "./types";

/** After the player at `index` folded, checked, called, bet or raised. */
export function afterBettingAction(d: Draft, events: HandEvent[], index: number): void {
  if (countNotFolded(d.players) === 1) {
    // B-8: everyone else folded; he wins at once and shows nothing.
    returnUncalledBet(d, events);
    gatherBets(d);
    settle(d, events);
    return;
  }
  const next = nextToAct(d.players, (index + 1) % d.players.length, d.round.highestBet);
  if (next >= 0) d.toAct = playerAt(d.players, next).seat;
  else closeBettingRound(d, events);
}

export function closeBettingRound(d: Draft, events: HandEvent[]): void {
  d.toAct = null;
  returnUncalledBet(d, events);
  gatherBets(d);
  afterStreet(d, events);
}

/** The street's betting is over (or there was none): the next street, the run-out or the showdown. */
function afterStreet(d: Draft, events: HandEvent[]): void {
  const { next, drawAhead } = streetFacts(d.rules.game, d.street);
  if (next === null) {
    beginShowdown(d, events);
  } else if (!drawAhead && countCanBet(d.players) <= 1) {
    // B-8: all (or all but one) are all-in; S-2: the hands are shown before the rest of the board, as PokerKit writes it.
    revealHands(d, events);
    for (
      let street: StreetSpec | null = next;
      street;
      street = streetFacts(d.rules.game, street.name).next
    )
      enterStreet(d, events, street);
    settle(d, events);
  } else {
    enterStreet(d, events, next);
    // B-8: all-in players still draw; the betting (if any) comes once everyone has.
    if (next.draw) beginDraw(d);
    else openStreetBetting(d, events);
  }
}

/** The draw is over: the street's betting round, unless at most one player can bet (B-8). */
export function afterDraw(d: Draft, events: HandEvent[]): void {
  d.phase = "betting";
  openStreetBetting(d, events);
}

function openStreetBetting(d: Draft, events: HandEvent[]): void {
  if (countCanBet(d.players) <= 1) {
    afterStreet(d, events);
    return;
  }
  openBettingRound(d);
  // T-3: later rounds start with the first active player left of the button; stud's with the best hand showing (ST-3).
  const from =
    streetSpecOf(d.rules.game, d.street).opener === "best-showing"
      ? bestShowingIndex(d)
      : (d.buttonIndex + 1) % d.players.length;
  const first = nextToAct(d.players, from, 0);
  d.toAct = first >= 0 ? playerAt(d.players, first).seat : null;
}

/** SP-0: the part of the highest bet nobody matched goes back to its owner. */
function returnUncalledBet(d: Draft, events: HandEvent[]): void {
  let top = -1;
  let topBet = 0;
  let secondBet = 0;
  for (let i = 0; i < d.players.length; i++) {
    const bet = playerAt(d.players, i).bet;
    if (bet > topBet) {
      secondBet = topBet;
      topBet = bet;
      top = i;
    } else if (bet > secondBet) {
      secondBet = bet;
    }
  }
  if (top < 0 || topBet === secondBet) return;
  const excess = topBet - secondBet;
  const p = playerAt(d.players, top);
  updatePlayer(d, top, {
    stack: p.stack + excess,
    bet: secondBet,
    committed: p.committed - excess,
    allIn: false,
  });
  events.push({ type: "uncalledBetReturned", seat: p.seat, amount: excess });
}

/** Bets move to the middle; `committed` already counts them. */
function gatherBets(d: Draft): void {
  for (let i = 0; i < d.players.length; i++)
    if (playerAt(d.players, i).bet !== 0) updatePlayer(d, i, { bet: 0 });
}

/** The street begins: burn one and deal its board cards, if it has any (see deck.ts). */
function enterStreet(d: Draft, events: HandEvent[], street: StreetSpec): void {
  d.street = street.name;
  if (street.dealt.length > 0) {
    dealStudStreet(d, events, street);
    return;
  }
  if (street.boardCards === 0) return;
  const cards = d.deck.slice(d.nextCard + 1, d.nextCard + 1 + street.boardCards);
  d.nextCard += 1 + street.boardCards;
  d.board = d.board.concat(cards);
  events.push({ type: "boardDealt", street: street.name as Exclude<Street, "preflop">, cards });
}

function openBettingRound(d: Draft): void {
  const { rules } = d;
  d.round = {
    highestBet: 0,
    fullBetTo: 0,
    fullRaise: structureOf(rules).openingSize(rules.bigBlind, unitOf(rules, d.street)),
    betCount: 0,
    lastAggressor: null,
    // ST-4, ST-5: with a pair showing, this street may be bet or raised by either unit.
    ...(rules.openPair && streetSpecOf(rules.game, d.street).openPair && pairShowing(d.players)
      ? { openPair: "either" as const }
      : {}),
  };
  for (let i = 0; i < d.players.length; i++)
    if (playerAt(d.players, i).acted) updatePlayer(d, i, { acted: false });
}
