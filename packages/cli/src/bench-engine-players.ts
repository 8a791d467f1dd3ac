/**
 * The players of `felt bench engine`: full random 6-max no-limit hands
 * (random legal actions from a seeded PRNG, busted seats re-buy) played by
 * our engine and by poker-ts, each timed on its own (bench-engine-worker.ts).
 */
import {
  apply,
  type Command,
  evaluate,
  type HandConfig,
  type HandState,
  legalActions,
  startHand,
} from "@felt/engine";
import { seededFloats } from "@felt/fairness/testing";
import * as PokerTs from "poker-ts";
import { chooseAction, chooseAmount, shuffleDeck } from "./engine-random-play";

const SEATS = 6;
const SMALL_BLIND = 1;
const BIG_BLIND = 2;
const BUY_IN = 200;
const CONFIG: HandConfig = {
  game: "holdem",
  betting: "no-limit",
  smallBlind: SMALL_BLIND,
  bigBlind: BIG_BLIND,
};

export interface Tally {
  hands: number;
  chipErrors: number;
  seconds: number;
}

/** Plays hands until `seconds` have passed. */
export function timed(seconds: number, playHand: () => boolean): Tally {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let hands = 0;
  let chipErrors = 0;
  let now = started;
  while (now < deadline) {
    // Check the clock every 64 hands so that reading it costs nothing.
    for (let i = 0; i < 64; i++) {
      if (!playHand()) chipErrors++;
      hands++;
    }
    now = performance.now();
  }
  return { hands, chipErrors, seconds: (now - started) / 1000 };
}

/** Our engine: a state per hand, commands chosen from legalActions. Returns false if chips were not conserved. */
export function oursPlayer(seed: number): () => boolean {
  const random = seededFloats(seed);
  const stacks = new Array<number>(SEATS).fill(BUY_IN);
  const deck = Array.from({ length: 52 }, (_, card) => card);
  let button = 0;
  return () => {
    for (let s = 0; s < SEATS; s++) if ((stacks[s] as number) === 0) stacks[s] = BUY_IN; // re-buy
    const before = stacks.reduce((a, b) => a + b, 0);
    button = (button + 1) % SEATS;
    const started = startHand({
      type: "start",
      config: CONFIG,
      players: stacks.map((stack, seat) => ({ seat, stack })),
      button,
      deck: shuffleDeck(deck, random),
    });
    if (!started.ok) return false;
    let state: HandState = started.state;
    try {
      while (state.toAct !== null) {
        const result = apply(state, ourCommand(state, state.toAct, random));
        if (!result.ok) return false;
        state = result.state;
      }
    } catch {
      return false; // a broken invariant
    }
    let after = 0;
    for (const p of state.players) {
      stacks[p.seat] = p.stack;
      after += p.stack;
    }
    return state.phase === "complete" && after === before;
  };
}

function ourCommand(state: HandState, seat: number, random: () => number): Command {
  const legal = legalActions(state, seat);
  const choice = chooseAction(random);
  if (choice === "fold" && legal.fold) return { type: "fold", seat };
  if (choice === "aggressive" && legal.betOrRaise) {
    const { min, max } = legal.betOrRaise;
    return { type: "betOrRaiseTo", seat, amount: chooseAmount(random, min, max) };
  }
  return legal.check ? { type: "check", seat } : { type: "call", seat };
}

interface PokerTsCard {
  rank: string;
  suit: "clubs" | "diamonds" | "hearts" | "spades";
}

const SUIT_INDEX = { clubs: 0, diamonds: 1, hearts: 2, spades: 3 } as const;
const ourCard = (card: PokerTsCard): number =>
  "23456789TJQKA".indexOf(card.rank) * 4 + SUIT_INDEX[card.suit];

interface PokerTsTable {
  sitDown(seat: number, buyIn: number): void;
  seats(): ({ totalChips: number } | null)[];
  handPlayers(): ({ totalChips: number } | null)[];
  pots(): { size: number; eligiblePlayers: number[] }[];
  holeCards(): (PokerTsCard[] | null)[];
  communityCards(): PokerTsCard[];
  startHand(): void;
  isHandInProgress(): boolean;
  isBettingRoundInProgress(): boolean;
  areBettingRoundsCompleted(): boolean;
  playerToAct(): number;
  legalActions(): { actions: string[]; chipRange?: { min: number; max: number } };
  actionTaken(action: "fold" | "check" | "call" | "bet" | "raise", betSize?: number): void;
  endBettingRound(): void;
  showdown(): void;
}

/**
 * poker-ts through its public API (it shuffles with Math.random itself).
 * Its pots keep players who folded after the pot was formed, so a folded
 * hand can "win" a pot (the chips vanish: a chip error) and, when the split
 * leaves odd chips and every winner folded, its odd-chip loop never ends.
 * That one case is foreseen with our evaluator and counted as a chip error
 * (the table is replaced) instead of calling showdown().
 */
export function pokerTsPlayer(seed: number): () => boolean {
  const random = seededFloats(seed);
  const newTable = () => {
    const fresh = new PokerTs.Table(
      { smallBlind: SMALL_BLIND, bigBlind: BIG_BLIND },
      SEATS,
    ) as unknown as PokerTsTable;
    for (let s = 0; s < SEATS; s++) fresh.sitDown(s, BUY_IN);
    return fresh;
  };
  let table = newTable();
  const chips = () => table.seats().reduce((sum, p) => sum + (p?.totalChips ?? 0), 0);
  const showdownWouldHang = () => {
    const inHand = table.handPlayers();
    return table.pots().some((pot) => {
      if (pot.eligiblePlayers.every((s) => inHand[s])) return false;
      const board = table.communityCards().map(ourCard);
      const holes = table.holeCards();
      const values = pot.eligiblePlayers.map((s) =>
        evaluate([...(holes[s] ?? []).map(ourCard), ...board]),
      );
      const best = Math.max(...values);
      const winners = pot.eligiblePlayers.filter((_, i) => values[i] === best);
      return pot.size % winners.length !== 0 && winners.every((s) => !inHand[s]);
    });
  };
  return () => {
    // Busted players stand up after the showdown; re-buy them.
    table.seats().forEach((p, s) => {
      if (p === null) table.sitDown(s, BUY_IN);
    });
    const before = chips();
    try {
      table.startHand();
      let actionCount = 0;
      while (table.isHandInProgress()) {
        while (table.isBettingRoundInProgress()) {
          // A 6-max hand never needs this many actions: a stuck table, not a slow one.
          if (++actionCount > 1_000) throw new Error("poker-ts betting round does not end");
          const { actions, chipRange } = table.legalActions();
          const choice = chooseAction(random);
          const has = (action: string) => actions.includes(action);
          if (choice === "fold" && has("fold") && !has("check")) table.actionTaken("fold");
          else if (choice === "aggressive" && chipRange && (has("bet") || has("raise"))) {
            table.actionTaken(
              has("bet") ? "bet" : "raise",
              chooseAmount(random, chipRange.min, chipRange.max),
            );
          } else table.actionTaken(has("check") ? "check" : "call");
        }
        table.endBettingRound();
        if (table.areBettingRoundsCompleted()) {
          if (showdownWouldHang()) throw new Error("poker-ts showdown would not terminate");
          table.showdown();
        }
      }
    } catch {
      table = newTable();
      return false;
    }
    return chips() === before;
  };
}

/** Every engine the bench times, by name. */
export const PLAYERS = { ours: oursPlayer, "poker-ts": pokerTsPlayer } as const;
export type PlayerName = keyof typeof PLAYERS;
