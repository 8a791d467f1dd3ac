import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Card } from "../cards";
import { bestHand, bestOmahaHand, evaluate, evaluate7 } from ".";

/**
 * An independent reference, written the slow and obvious way: sort the five
 * cards' ranks by (count, rank), name the category, and compare the
 * resulting lists lexicographically. Shares nothing with the fast code.
 */
type Ranked = number[]; // [category 0–8, ranks most significant first]

function reference5(cards: readonly Card[]): Ranked {
  const ranks = cards.map((c) => Math.floor(c / 4));
  const suits = cards.map((c) => c % 4);
  const countOf = new Map<number, number>();
  for (const r of ranks) countOf.set(r, (countOf.get(r) ?? 0) + 1);
  const groups = [...countOf.entries()].sort((x, y) => y[1] - x[1] || y[0] - x[0]);
  const ordered = groups.flatMap(([rank, n]) => Array<number>(n).fill(rank));
  const flush = suits.every((s) => s === suits[0]);
  const distinct = [...countOf.keys()].sort((x, y) => y - x);
  let straightTop = -1;
  if (distinct.length === 5) {
    if ((distinct[0] as number) - (distinct[4] as number) === 4)
      straightTop = distinct[0] as number;
    if (distinct.join() === "12,3,2,1,0") straightTop = 3; // the wheel, 5-high
  }
  const straightRanks = straightTop === 3 ? [3, 2, 1, 0, 12] : distinct;
  const shape = groups.map(([, n]) => n).join("");
  if (flush && straightTop >= 0) return [8, ...straightRanks];
  if (shape === "41") return [7, ...ordered];
  if (shape === "32") return [6, ...ordered];
  if (flush) return [5, ...ordered];
  if (straightTop >= 0) return [4, ...straightRanks];
  if (shape === "311") return [3, ...ordered];
  if (shape === "221") return [2, ...ordered];
  if (shape === "2111") return [1, ...ordered];
  return [0, ...ordered];
}

function compareRanked(a: Ranked, b: Ranked): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, k - 1).map((c) => [first, ...c]), ...combinations(rest, k)];
}

function referenceBest(cards: readonly Card[]): Ranked {
  return combinations(cards, 5)
    .map(reference5)
    .reduce((best, r) => (compareRanked(r, best) > 0 ? r : best));
}

/** Our value layout (./value): category in bits 20+, then one nibble per rank. */
const pack = (r: Ranked): number => r.reduce((v, x) => v * 16 + x, 0);

const sign = (x: number): number => (x > 0 ? 1 : x < 0 ? -1 : 0);
const hand = (n: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: n, maxLength: n });
/** Distinct cards, enough for two 7-card hands that share a board (Hold'em) or not. */
const cardsFor = (n: number) =>
  fc.shuffledSubarray([...Array(52).keys()], { minLength: n, maxLength: n });

const runs = { numRuns: 2000 };

describe("hand evaluator: properties", () => {
  it("C-5 a 7-card value equals the best of its 21 five-card subsets (reference)", () => {
    fc.assert(
      fc.property(hand(7), (cards) => {
        const best = referenceBest(cards);
        expect(evaluate(cards)).toBe(pack(best));
        const [a, b, c, d, e, f, g] = cards as [Card, Card, Card, Card, Card, Card, Card];
        expect(evaluate7(a, b, c, d, e, f, g)).toBe(pack(best));
      }),
      runs,
    );
  });

  it("C-4 C-5 ordering of two hands agrees with the reference (Hold'em: shared board)", () => {
    fc.assert(
      fc.property(cardsFor(9), (cards) => {
        const board = cards.slice(0, 5);
        const one = [...board, ...cards.slice(5, 7)];
        const two = [...board, ...cards.slice(7, 9)];
        const ours = sign(evaluate(one) - evaluate(two));
        expect(ours).toBe(sign(compareRanked(referenceBest(one), referenceBest(two))));
      }),
      runs,
    );
  });

  it("C-4 ordering of unrelated 5- and 6-card hands agrees with the reference", () => {
    fc.assert(
      fc.property(hand(5), hand(6), (one, two) => {
        expect(evaluate(one)).toBe(pack(reference5(one)));
        expect(evaluate(two)).toBe(pack(referenceBest(two)));
        expect(sign(evaluate(one) - evaluate(two))).toBe(
          sign(compareRanked(referenceBest(one), referenceBest(two))),
        );
      }),
      runs,
    );
  });

  it("C-5 bestHand gives five distinct input cards whose own value is the result", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 7 }).chain(hand), (cards) => {
        const result = bestHand(cards);
        expect(new Set(result.cards).size).toBe(5);
        for (const card of result.cards) expect(cards).toContain(card);
        expect(evaluate(result.cards)).toBe(result.value);
        expect(result.value).toBe(evaluate(cards));
        // Ordered by significance: the ranks read back as the reference lists them.
        expect(result.cards.map((c) => c >> 2)).toEqual(referenceBest(cards).slice(1));
      }),
      runs,
    );
  });

  it("C-1 evaluate is invariant to card order and to any permutation of suits", () => {
    fc.assert(
      fc.property(
        hand(7),
        fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }),
        fc.nat(),
        (cards, suitMap, seed) => {
          const value = evaluate(cards);
          const rotated = cards.map((_, i) => cards[(i + seed) % cards.length] as Card).reverse();
          expect(evaluate(rotated)).toBe(value);
          const resuited = cards.map((c) => (c & ~3) | (suitMap[c & 3] as number));
          expect(evaluate(resuited)).toBe(value);
        },
      ),
      runs,
    );
  });

  it("C-5 Omaha: best of exactly two hole and three board cards (reference)", () => {
    fc.assert(
      fc.property(cardsFor(9), (cards) => {
        const hole = cards.slice(0, 4);
        const board = cards.slice(4, 9);
        let best: Ranked = [-1];
        for (const two of combinations(hole, 2)) {
          for (const three of combinations(board, 3)) {
            const r = reference5([...two, ...three]);
            if (compareRanked(r, best) > 0) best = r;
          }
        }
        const result = bestOmahaHand(hole, board);
        expect(result.value).toBe(pack(best));
        expect(result.cards.filter((c) => hole.includes(c))).toHaveLength(2);
        expect(result.cards.filter((c) => board.includes(c))).toHaveLength(3);
      }),
      { numRuns: 1000 },
    );
  });
});
