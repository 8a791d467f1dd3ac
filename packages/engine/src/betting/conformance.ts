/**
 * The conformance suite every betting structure must pass (as hono runs one
 * router suite against every router). Each structure's test file calls it;
 * hand/conformance.test.ts runs the same idea through whole hands.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BettingSituation, BettingStructure } from "./structure";

const situationArbitrary: fc.Arbitrary<BettingSituation> = fc
  .record({
    bigBlind: fc.integer({ min: 1, max: 1000 }),
    unit: fc.integer({ min: 1, max: 2000 }),
    raiseCap: fc.constantFrom(null, 2, 3, 4),
    highestBet: fc.integer({ min: 0, max: 100_000 }),
    extraRaise: fc.integer({ min: 0, max: 5000 }),
    betCount: fc.integer({ min: 0, max: 6 }),
    extraPot: fc.integer({ min: 0, max: 100_000 }),
    playerShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shortAllInShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
  })
  .map(({ extraRaise, extraPot, playerShare, shortAllInShare, ...s }) => {
    const fullRaise = Math.max(s.bigBlind, s.unit) + extraRaise;
    const playerBet = Math.floor(s.highestBet * playerShare);
    // Often a short all-in (less than half a unit, B-6) stands above the last full bet.
    const shortBy = Math.min(s.highestBet, Math.floor(((s.unit - 1) / 2) * shortAllInShare));
    const fullBetTo = s.highestBet - shortBy;
    return { ...s, fullRaise, fullBetTo, playerBet, pot: s.highestBet + playerBet + extraPot };
  });

export function runBettingConformance(structure: BettingStructure): void {
  describe(`${structure.kind} conformance`, () => {
    it("opens a round with a positive size", () => {
      expect(structure.openingSize(2, 4)).toBeGreaterThan(0);
    });

    it("the minimum raise-to is above the highest bet and not above the maximum", () => {
      fc.assert(
        fc.property(situationArbitrary, (s) => {
          const min = structure.minRaiseTo(s);
          const max = structure.maxRaiseTo(s);
          expect(Number.isSafeInteger(min) && Number.isSafeInteger(max)).toBe(true);
          expect(min).toBeGreaterThan(s.highestBet);
          expect(max).toBeGreaterThanOrEqual(min);
        }),
        { numRuns: 200 },
      );
    });

    it("a minimum raise is a full raise; no raise at all is not", () => {
      fc.assert(
        fc.property(situationArbitrary, (s) => {
          expect(structure.betsCounted(structure.minRaiseTo(s), s)).toBeGreaterThanOrEqual(1);
          expect(structure.betsCounted(s.highestBet, s)).toBe(0);
          expect(structure.countsAsFullRaise(0, s)).toBe(false);
        }),
        { numRuns: 200 },
      );
    });

    it("a round with no bet yet is never capped", () => {
      fc.assert(
        fc.property(situationArbitrary, (s) => {
          expect(structure.capReached({ ...s, betCount: 0 })).toBe(false);
        }),
        { numRuns: 100 },
      );
    });

    it("raising the highest bet raises the minimum raise-to by as much (B-2)", () => {
      fc.assert(
        fc.property(situationArbitrary, fc.integer({ min: 1, max: 1000 }), (s, more) => {
          const higher = { ...s, highestBet: s.highestBet + more, fullBetTo: s.fullBetTo + more };
          expect(structure.minRaiseTo(higher) - structure.minRaiseTo(s)).toBe(more);
        }),
        { numRuns: 100 },
      );
    });
  });
}
