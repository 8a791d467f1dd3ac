import { describe, expect, it } from "vitest";
import { type Card, STANDARD_DECK } from "../cards";
import { seededRandom, shuffleInPlace } from "../seeded-random";
import {
  CHUNK_HANDS,
  chunkCount,
  emptyTally,
  mergeTally,
  OUTCOMES,
  prepareSimulation,
  returnToPlayer,
  simulate,
  simulateChunk,
  type Tally,
} from "./simulate";
import { STRATEGY_NAMES, type StrategyName } from "./strategies";

function run(hands: number, seed: number, strategy: StrategyName, options = {}): Tally {
  const result = simulate({ hands, seed, strategy, options });
  if (!result.ok) throw new Error(result.error.message);
  return result.tally;
}

/** Adds one to a counter. */
const bump = (counts: number[], index: number) => {
  counts[index] = (counts[index] ?? 0) + 1;
};

/** Pearson's χ² of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}
/** χ² with 51 degrees of freedom exceeds this with probability 0.001. */
const CHI_SQUARE_51_AT_0_001 = 87.97;

describe("seeded randomness", () => {
  it("replays from a seed and a stream, and streams differ", () => {
    const draw = (seed: number, stream: number) => {
      const random = seededRandom(seed, stream);
      return Array.from({ length: 8 }, () => random.nextUint32());
    };
    expect(draw(7, 0)).toEqual(draw(7, 0));
    expect(draw(7, 1)).not.toEqual(draw(7, 0));
    expect(draw(8, 0)).not.toEqual(draw(7, 0));
    expect(draw(2 ** 32 + 7, 0)).not.toEqual(draw(7, 0)); // both halves of the seed count
    expect(() => seededRandom(1.5)).toThrow();
  });

  it("draws every card equally often, and a partial shuffle leaves a permutation", () => {
    const random = seededRandom(3);
    const counts = new Array<number>(52).fill(0);
    for (let i = 0; i < 52_000; i++) bump(counts, random.nextInt(52));
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_51_AT_0_001);

    const deck = [...STANDARD_DECK];
    const firstCard = new Array<number>(52).fill(0);
    const eighteenthCard = new Array<number>(52).fill(0);
    for (let i = 0; i < 52_000; i++) {
      shuffleInPlace(deck, random, 18);
      bump(firstCard, deck[0] as Card);
      bump(eighteenthCard, deck[17] as Card);
    }
    expect([...deck].sort((a, b) => a - b)).toEqual([...STANDARD_DECK]);
    expect(chiSquare(firstCard)).toBeLessThan(CHI_SQUARE_51_AT_0_001);
    expect(chiSquare(eighteenthCard)).toBeLessThan(CHI_SQUARE_51_AT_0_001);
  });
});

describe("simulate", () => {
  it("refuses bad requests with error values, the options checked like a round's", () => {
    const code = (request: Parameters<typeof simulate>[0]) => {
      const result = simulate(request);
      return result.ok ? "ok" : result.error.code;
    };
    expect(code({ hands: 10, seed: 1, strategy: "basic" })).toBe("ok");
    expect(code({ hands: 0, seed: 1, strategy: "basic" })).toBe("invalid_command");
    expect(code({ hands: 1.5, seed: 1, strategy: "basic" })).toBe("invalid_command");
    expect(code({ hands: 10, seed: 1, strategy: "martingale" as StrategyName })).toBe(
      "invalid_command",
    );
    expect(
      code({ hands: 10, seed: 1, strategy: "basic", options: { payTable: {} } as never }),
    ).toBe("invalid_pay_table");
    expect(code({ hands: 10, seed: 1, strategy: "basic", options: { boxes: 2 } as never })).toBe(
      "unknown_option",
    );
  });

  it("is deterministic per seed, across chunks, whatever order the chunks are played in", () => {
    const hands = 2 * CHUNK_HANDS + 1_000;
    const first = run(hands, 42, "basic");
    expect(run(hands, 42, "basic")).toEqual(first);
    expect(run(hands, 43, "basic")).not.toEqual(first);
    expect(chunkCount(hands)).toBe(3);

    const prepared = prepareSimulation({ strategy: "basic" });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const [third, firstChunk, second] = [2, 0, 1].map((chunk) =>
      simulateChunk(prepared.simulation, 42, hands, chunk),
    ) as [Tally, Tally, Tally];
    const merged = [firstChunk, second, third].reduce(mergeTally, emptyTally());
    expect(merged).toEqual(first);
  }, 60_000);

  it("keeps its books: outcomes add up, and each strategy pays only for what it may", () => {
    for (const strategy of STRATEGY_NAMES) {
      const tally = run(20_000, 5, strategy);
      const outcomes = OUTCOMES.reduce((sum, outcome) => sum + tally.outcomes[outcome], 0);
      expect(outcomes).toBe(tally.hands);
      if (strategy !== "basic") {
        expect(tally.gamesBought + tally.insuranceTaken + tally.outcomes.noGameAfterBuy).toBe(0);
      }
    }
    const always = run(20_000, 5, "always-play");
    expect(always.outcomes.folded).toBe(0);
    expect(always.wagered).toBe(3 * 20_000); // ANTE + BET, nothing else
    expect(always.outcomes.antePaid).toBe(always.dealerNoGame); // RP-8: takes the ANTE
    const basic = run(20_000, 5, "basic");
    expect(basic.buyGameMadeGame).toBeLessThanOrEqual(basic.gamesBought);
    expect(basic.gamesBought).toBeGreaterThan(0);
    expect(basic.insuranceTaken).toBeGreaterThan(0);
  }, 60_000);

  it("RP-7 the dealer has no game as often as the 5-card combinatorics say", () => {
    // No pair, no straight, no flush: (C(13,5) − 10 straights) rank sets × (4^5 − 4) suitings;
    // minus those holding an ace and a king: C(11,3) − 1 (A-K-Q-J-T is a straight).
    const suitings = 4 ** 5 - 4;
    const noGame = (1287 - 10) * suitings - (165 - 1) * suitings;
    const p = noGame / 2_598_960;
    const tally = run(200_000, 11, "always-play");
    const sd = Math.sqrt(tally.hands * p * (1 - p));
    expect(Math.abs(tally.dealerNoGame - tally.hands * p)).toBeLessThan(4.5 * sd);
  }, 60_000);

  it("always-play's RTP: small runs agree with a long one within their sampling error", () => {
    const reference = returnToPlayer(run(1_000_000, 2024, "always-play"));
    const seReference = (reference.ci95[1] - reference.ci95[0]) / 2 / 1.959964;
    let covered = 0;
    const halfWidths: number[] = [];
    for (let seed = 1; seed <= 10; seed++) {
      const sample = returnToPlayer(run(20_000, seed, "always-play"));
      const halfWidth = (sample.ci95[1] - sample.ci95[0]) / 2;
      halfWidths.push(halfWidth);
      const se = halfWidth / 1.959964;
      // 4.5 standard errors: a false alarm about once in 150 000 runs.
      expect(Math.abs(sample.rtp - reference.rtp)).toBeLessThan(4.5 * Math.hypot(se, seReference));
      if (sample.ci95[0] <= reference.rtp && reference.rtp <= sample.ci95[1]) covered++;
    }
    // A 95 % interval covers the truth 9.5 times in 10 on average; fewer than 7 has p < 0.002.
    expect(covered).toBeGreaterThanOrEqual(7);
    // The interval narrows as 1/√N: 50 times the hands, about √50 times narrower.
    const meanHalfWidth = halfWidths.reduce((sum, width) => sum + width, 0) / halfWidths.length;
    const ratio = meanHalfWidth / (1.959964 * seReference);
    expect(ratio).toBeGreaterThan(Math.sqrt(50) * 0.85);
    expect(ratio).toBeLessThan(Math.sqrt(50) * 1.15);
    // Plausible from first principles: above the floor that RP-8's 1:1 ANTE alone returns
    // (a no-game round returns 4 of the 3 wagered), and below 1, since the house keeps an edge.
    const pNoGame = ((1287 - 10 - 164) * (4 ** 5 - 4)) / 2_598_960;
    expect(reference.ci95[0]).toBeGreaterThan((pNoGame * 4) / 3);
    expect(reference.ci95[1]).toBeLessThan(1);
  }, 120_000);
});
