/**
 * S-1/S-2 and the pots: who shows first, the showdown that plays itself
 * (shown or mucked in turn), and the awarding of every pot (SP-0 … SP-3).
 */
import type { Card } from "../cards";
import {
  bestFiveCardHand,
  bestHand,
  bestOmahaHand,
  bestStudHand,
  evaluate7,
  evaluateFive,
  type HandResult,
  lowestRank,
  strengthOf,
} from "../eval";
import {
  buildPots,
  buildPotsWithDeadMoney,
  type Contribution,
  mergeSameEligibility,
  onePerWinner,
  remainderToFirst,
} from "../pots";
import {
  type Draft,
  deadMoneyOf,
  isLive,
  playerAt,
  positionFromButton,
  startingChips,
  updatePlayer,
} from "./draft";
import { BrokenInvariant } from "./errors";
import { isStud } from "./games";
import { rakeByPot } from "./rake";
import type { HandEvent, HandState, PlayerState, PotAward, ShownHand } from "./types";

/**
 * S-2: the last player to bet or raise in the final betting round shows
 * first; if nobody bet, the first active player left of the button.
 */
export function firstToShow(state: HandState): number {
  const { players, round } = state;
  if (round.lastAggressor !== null) {
    const i = players.findIndex((p) => p.seat === round.lastAggressor);
    if (i >= 0 && isLive(playerAt(players, i))) return i;
  }
  const n = players.length;
  for (let k = 1; k <= n; k++) {
    const i = (state.buttonIndex + k) % n;
    if (isLive(playerAt(players, i))) return i;
  }
  throw new BrokenInvariant("showdown with nobody left in the hand");
}

/**
 * At the end of the last betting round the showdown plays itself, with no
 * decision asked of anyone (S-2): an all-in showdown shows every hand;
 * otherwise hands are turned up in S-2's order, each shown if it beats or ties
 * those shown before it (or its player chose to show it), else mucked unseen.
 */
export function beginShowdown(d: Draft, events: HandEvent[]): void {
  if (d.players.some((p) => !p.folded && p.allIn)) revealHands(d, events);
  else showOrMuckInTurn(d, events);
  settle(d, events);
}

/** A state stored mid-showdown (before it played itself): the rest of it, as above. */
export function finishShowdown(d: Draft, events: HandEvent[]): void {
  d.toAct = null;
  showOrMuckInTurn(d, events);
  settle(d, events);
}

/** Shows every hand still in, in S-2 order. */
export function revealHands(d: Draft, events: HandEvent[]): void {
  const n = d.players.length;
  const first = firstToShow(d);
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    const p = playerAt(d.players, i);
    if (p.folded || p.shown) continue;
    updatePlayer(d, i, { shown: true });
    events.push({ type: "handShown", seat: p.seat, cards: p.holeCards.slice() });
  }
}

/**
 * S-2 without an all-in: the first to show always shows; each next hand is
 * shown when it beats or ties the best shown so far, or when its player asked
 * to show it (`atShowdown: "show"`), and mucked unseen otherwise. With nobody
 * all-in every hand still in contests every pot, so a beaten hand can win
 * nothing. (`muck`, from a replayed history, mucks any hand but the last.)
 */
function showOrMuckInTurn(d: Draft, events: HandEvent[]): void {
  let best = -1;
  let live = 0;
  for (const p of d.players) {
    if (!isLive(p)) continue;
    live++;
    if (p.shown) best = Math.max(best, handValue(d, p));
  }
  const n = d.players.length;
  const first = firstToShow(d);
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    const p = playerAt(d.players, i);
    if (!isLive(p) || p.shown) continue;
    const value = handValue(d, p);
    const muck = p.atShowdown === "muck" && live > 1;
    if (!muck && (value >= best || p.atShowdown === "show")) {
      best = Math.max(best, value);
      updatePlayer(d, i, { shown: true });
      events.push({ type: "handShown", seat: p.seat, cards: p.holeCards.slice() });
    } else {
      live--;
      updatePlayer(d, i, { mucked: true });
      events.push({ type: "handMucked", seat: p.seat });
    }
  }
}

/**
 * Stud (ST-1, ST-5): the best five of the player's down and up cards and a
 * common card (ST-6); ST-7's wild rank is his lowest down card's (seven-card)
 * or his lowest card's (five-card).
 */
function bestStudHandOf(state: HandState, p: PlayerState): HandResult {
  const cards = [...p.holeCards, ...(p.upCards ?? []), ...state.board];
  const { wild } = state.rules;
  const wildRank =
    wild === "low-hole-card"
      ? lowestRank(p.holeCards)
      : wild === "lowest-card"
        ? lowestRank(cards)
        : null;
  return bestStudHand(cards, wildRank);
}

/** The hand's value (higher wins, equal splits). */
export function handValue(state: HandState, p: PlayerState): number {
  const { board, rules } = state;
  if (isStud(rules.game)) return bestStudHandOf(state, p).value;
  if (rules.game === "omaha") return bestOmahaHand(p.holeCards, board).value;
  // Draw: the five cards held, under the table's deck and wild-card rules (C-6 compares by strength).
  if (rules.game === "five-card-draw") return strengthOf(evaluateFive(p.holeCards, rules), rules);
  const h = p.holeCards as Card[];
  const b = board as Card[];
  return evaluate7(
    h[0] as Card,
    h[1] as Card,
    b[0] as Card,
    b[1] as Card,
    b[2] as Card,
    b[3] as Card,
    b[4] as Card,
  );
}

function bestHandOf(state: HandState, p: PlayerState): HandResult {
  if (isStud(state.rules.game)) return bestStudHandOf(state, p);
  if (state.rules.game === "five-card-draw") return bestFiveCardHand(p.holeCards, state.rules);
  return state.rules.game === "omaha"
    ? bestOmahaHand(p.holeCards, state.board)
    : bestHand([...p.holeCards, ...state.board]);
}

/** Best hands among the eligible (player indices), clockwise from the button; `values` caches hand values. */
function winnersOf(state: HandState, eligible: readonly number[], values: number[]): number[] {
  if (eligible.length <= 1) return eligible.slice();
  let best = -1;
  let winners: number[] = [];
  for (const i of eligible) {
    let value = values[i];
    if (value === undefined) {
      value = handValue(state, playerAt(state.players, i));
      values[i] = value;
    }
    if (value > best) {
      best = value;
      winners = [i];
    } else if (value === best) {
      winners.push(i);
    }
  }
  if (winners.length > 1)
    winners.sort((a, b) => positionFromButton(state, a) - positionFromButton(state, b));
  return winners;
}

/**
 * Awards every pot and ends the hand. Pots come from what each player put in
 * (SP-0), antes are dead money in the main pot (SP-3), each pot goes to the
 * best hand among its eligible players (S-1) and ties split it by the
 * table's odd-chip rule (SP-2), after the house takes its rake (T-10).
 */
export function settle(d: Draft, events: HandEvent[]): void {
  const { players } = d;
  // Hand values by player index, computed only for pots that need comparing.
  const values: number[] = [];
  // Pots are built over player indices and mapped back to seats for the outside.
  const contributions: Contribution[] = players.map((p, i) => ({
    seat: i,
    amount: p.committed,
    live: isLive(p),
  }));
  let pots = buildPotsWithDeadMoney(contributions, deadMoneyOf(players));
  let split = onePerWinner;
  if (d.rules.oddChips === "pokerkit") {
    // PokerKit drops hands that win nothing, merges neighbouring pots with the same contenders, remainder to the first winner;
    // its antes are one lump of dead money (no ante trimming: a short ante contests them all).
    const winning = new Set<number>();
    for (const pot of pots) for (const i of winnersOf(d, pot.eligible, values)) winning.add(i);
    const kept = contributions.map((c) => ({ ...c, live: c.live && winning.has(c.seat) }));
    pots = mergeSameEligibility(buildPots(kept, d.antes));
    split = remainderToFirst;
  }

  const rakes = rakeByPot(d, pots);
  let rakeTaken = 0;
  const awards: PotAward[] = [];
  const won: number[] = players.map(() => 0);
  const described: (ShownHand | null)[] = [];
  for (const [k, pot] of pots.entries()) {
    const winners = winnersOf(d, pot.eligible, values);
    if (winners.length === 0) throw new BrokenInvariant(`pot ${k} has nobody to win it`);
    const rake = rakes?.[k] ?? 0;
    rakeTaken += rake;
    const shares = split(pot.amount - rake, winners);
    awards.push({
      pot: k,
      amount: pot.amount - rake,
      ...(rakes === null ? {} : { rake }),
      eligible: pot.eligible.map((i) => playerAt(players, i).seat),
      winners: winners.map((i, w) => {
        const p = playerAt(players, i);
        const amount = shares[w] as number;
        won[i] = (won[i] as number) + amount;
        // Only a shown hand is described: the award is public.
        let hand = described[i];
        if (hand === undefined) {
          const best = p.shown ? bestHandOf(d, p) : null;
          hand = best && { category: best.category, cards: best.cards };
          described[i] = hand;
        }
        return { seat: p.seat, amount, hand };
      }),
    });
  }

  for (let i = 0; i < players.length; i++) {
    const amount = won[i] as number;
    if (amount > 0) updatePlayer(d, i, { stack: playerAt(players, i).stack + amount });
  }
  let stacks = rakeTaken;
  for (const p of players) stacks += p.stack;
  if (stacks !== startingChips(d))
    throw new BrokenInvariant(`chips not conserved: ${stacks} ≠ ${startingChips(d)}`);

  if (rakeTaken > 0) events.push({ type: "rakeTaken", amount: rakeTaken });
  for (const award of awards) events.push({ type: "potAwarded", ...award });
  events.push({
    type: "handEnded",
    stacks: players.map((p) => ({ seat: p.seat, stack: p.stack })),
  });
  d.awards = awards;
  d.rakeTaken = rakeTaken;
  d.phase = "complete";
  d.toAct = null;
}
