/**
 * The npm hand evaluators `felt bench eval` races against, each driven only
 * through its public API. `prepare` converts our hands (card = rank*4 + suit,
 * suits c d h s) to the library's own input format before any timing, and
 * `time` evaluates them all, returning a checksum so no work can be skipped.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export interface Peer {
  name: string;
  version: string;
  /** At most this many hands are timed (slow libraries get fewer). */
  maxHands: number;
  /** Input for hands [0, count) of `hands`, in the library's own format. */
  prepare(hands: Uint8Array, count: number): unknown;
  /** Evaluates every prepared hand once; returns a checksum. */
  time(prepared: unknown): number;
  /** sign of (hand i beats hand j) by the library: 1, 0 or -1. */
  compare(prepared: unknown, i: number, j: number): number;
}

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
const sign = (x: number): number => (x > 0 ? 1 : x < 0 ? -1 : 0);
const versionOf = (name: string): string =>
  (require(`${name}/package.json`) as { version: string }).version;
const cardsOf = (hands: Uint8Array, h: number): number[] =>
  Array.from(hands.subarray(h * 7, h * 7 + 7));

/** phe 0.6.0 (a port of HenryRLee's PokerHandEvaluator): codes rank*4 + suit with s h d c = 0 1 2 3; lower is better. */
function phe(): Peer {
  const lib = require("phe") as { evaluateCardCodes(codes: number[]): number };
  const toCode = (card: number): number => ((card >> 2) << 2) | (3 - (card & 3));
  return {
    name: "phe",
    version: versionOf("phe"),
    maxHands: Number.POSITIVE_INFINITY,
    prepare: (hands, count) =>
      Array.from({ length: count }, (_, h) => cardsOf(hands, h).map(toCode)),
    time(prepared) {
      const list = prepared as number[][];
      let sum = 0;
      for (const codes of list) sum += lib.evaluateCardCodes(codes);
      return sum;
    },
    compare(prepared, i, j) {
      const list = prepared as number[][];
      return sign(
        lib.evaluateCardCodes(list[j] as number[]) - lib.evaluateCardCodes(list[i] as number[]),
      );
    },
  };
}

/** poker-evaluator 2.1.1 (Two Plus Two table, loads a 130 MB file): cards 1–52 in our order; higher is better. */
function pokerEvaluator(): Peer {
  const lib = require("poker-evaluator") as { evalHand(cards: number[]): { value: number } };
  return {
    name: "poker-evaluator",
    version: versionOf("poker-evaluator"),
    maxHands: Number.POSITIVE_INFINITY,
    prepare: (hands, count) =>
      Array.from({ length: count }, (_, h) => cardsOf(hands, h).map((c) => c + 1)),
    time(prepared) {
      const list = prepared as number[][];
      let sum = 0;
      for (const cards of list) sum += lib.evalHand(cards).value;
      return sum;
    },
    compare(prepared, i, j) {
      const list = prepared as number[][];
      return sign(
        lib.evalHand(list[i] as number[]).value - lib.evalHand(list[j] as number[]).value,
      );
    },
  };
}

interface SolvedHand {
  rank: number;
  compare(other: SolvedHand): number;
}

/** pokersolver 2.1.4: strings like "Td"; solves by trying each hand type in turn, so it is slow. */
function pokersolver(): Peer {
  const lib = require("pokersolver") as { Hand: { solve(cards: string[]): SolvedHand } };
  const toText = (card: number): string => `${RANKS[card >> 2]}${SUITS[card & 3]}`;
  return {
    name: "pokersolver",
    version: versionOf("pokersolver"),
    maxHands: 20_000,
    prepare: (hands, count) =>
      Array.from({ length: count }, (_, h) => cardsOf(hands, h).map(toText)),
    time(prepared) {
      const list = prepared as string[][];
      let sum = 0;
      for (const cards of list) sum += lib.Hand.solve(cards).rank;
      return sum;
    },
    compare(prepared, i, j) {
      const list = prepared as string[][];
      // compare() is negative when the receiver wins.
      return -sign(
        lib.Hand.solve(list[i] as string[]).compare(lib.Hand.solve(list[j] as string[])),
      );
    },
  };
}

export const PEERS: readonly (() => Peer)[] = [phe, pokerEvaluator, pokersolver];
