/**
 * What happens between decisions: the next player, the end of a betting
 * round (uncalled bets back, bets gathered), the next street, the run-out
 * when betting is over (B-8), and the way into the showdown.
 */
import { countCanBet, countNotFolded, type Draft, playerAt, updatePlayer } from "./draft";
import { nextToAct, structureOf, unitOf } from "./round";
import { beginShowdown, revealHands, settle } from "./showdown";
import type { HandEvent, Street } from "./types";

const NEXT_STREET = { preflop: "flop", flop: "turn", turn: "river" } as const;

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
  if (d.street === "river") {
    beginShowdown(d, events);
  } else if (countCanBet(d.players) <= 1) {
    // B-8: all (or all but one) are all-in; S-2: the hands are shown before the rest of the board, as PokerKit writes it.
    revealHands(d, events);
    let street: Street = d.street;
    while (street !== "river") street = dealNextStreet(d, events);
    settle(d, events);
  } else {
    dealNextStreet(d, events);
    openBettingRound(d);
    // T-3: later rounds start with the first active player left of the button.
    const first = nextToAct(d.players, (d.buttonIndex + 1) % d.players.length, 0);
    d.toAct = first >= 0 ? playerAt(d.players, first).seat : null;
  }
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

/** Burn one, then three cards for the flop or one for the turn and river (see deck.ts). */
function dealNextStreet(d: Draft, events: HandEvent[]): Street {
  const street: Exclude<Street, "preflop"> = NEXT_STREET[d.street as keyof typeof NEXT_STREET];
  const count = street === "flop" ? 3 : 1;
  const cards = d.deck.slice(d.nextCard + 1, d.nextCard + 1 + count);
  d.nextCard += 1 + count;
  d.board = d.board.concat(cards);
  d.street = street;
  events.push({ type: "boardDealt", street, cards });
  return street;
}

function openBettingRound(d: Draft): void {
  const { rules } = d;
  d.round = {
    highestBet: 0,
    fullRaise: structureOf(rules).openingSize(rules.bigBlind, unitOf(rules, d.street)),
    betCount: 0,
    lastAggressor: null,
  };
  for (let i = 0; i < d.players.length; i++)
    if (playerAt(d.players, i).acted) updatePlayer(d, i, { acted: false });
}
