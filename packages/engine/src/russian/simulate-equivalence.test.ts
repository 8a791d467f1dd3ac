/**
 * The simulator's fast path against the state machine, round by round, to the chip: the same
 * decks, the same strategy, every hand's wagered, returned, outcome and events compared.
 * A separate file so the runner can play it beside the other tests: the machine is slow.
 */
import { describe, expect, it } from "vitest";
import type { Card } from "../cards";
import { seededRandom } from "../seeded-random";
import { sized } from "../test-size";
import type { RussianTableOptions } from "./options";
import { DEFAULT_PAY_TABLE } from "./pay-tables";
import { forEachDeck, type HandResult, prepareSimulation, roundPlayer } from "./simulate";
import { type Decision, STRATEGIES, STRATEGY_NAMES, type Strategy } from "./strategies";

/** Plays `rounds` decks of stream 0 of `seed` both ways; returns the rounds that differ. */
function mismatches(
  strategy: Strategy,
  options: Partial<RussianTableOptions>,
  seed: number,
  rounds: number,
): string[] {
  const prepared = prepareSimulation({ strategy, options });
  if (!prepared.ok) throw new Error(prepared.error.message);
  const fast = roundPlayer({ ...prepared.simulation, engine: "fast" });
  const machine = roundPlayer({ ...prepared.simulation, engine: "machine" });
  const found: string[] = [];
  let round = 0;
  forEachDeck(seed, 0, rounds, (deck) => {
    const expected: HandResult = machine(deck);
    const actual = fast(deck);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      found.push(
        `round ${round}: fast ${JSON.stringify(actual)} ≠ machine ${JSON.stringify(expected)}`,
      );
    }
    round++;
  });
  return found;
}

/**
 * Random legal decisions, fixed by what the player sees, so both paths make the same ones:
 * every exchange size, sixth cards after exchanges, insurance at both ends, bought games.
 */
function chaos(salt: number): Strategy {
  const randomFor = (cards: readonly Card[], extra: number) => {
    let key = salt ^ extra;
    for (const card of cards) key = Math.imul(key ^ card, 0x9e3779b1) >>> 0;
    return seededRandom(key);
  };
  return {
    name: "chaos",
    decide(view): Decision {
      const random = randomFor([...view.cards, view.upCard], view.improved ? 1 : 2);
      const choices: Decision[] = [
        { type: "fold" },
        { type: "play" },
        { type: "play", insurance: "min" },
        { type: "play", insurance: "max" },
      ];
      if (view.mayExchange) {
        const mask = 1 + random.nextInt(31);
        const discard = view.cards.filter((_, index) => (mask >> index) & 1);
        choices.push({ type: "exchange", cards: discard }, { type: "exchange", cards: discard });
      }
      if (view.mayBuySixthCard) choices.push({ type: "buySixthCard" }, { type: "buySixthCard" });
      return choices[random.nextInt(choices.length)] as Decision;
    },
    noGame(view) {
      return randomFor([...view.cards, ...view.dealerCards], 3).nextInt(2) === 0
        ? "takeAnte"
        : "buyGame";
    },
  };
}

describe("fast path = state machine", () => {
  // 2 000 rounds a strategy in `npm test`; FELT_TEST_SIZE=full plays 20 000 (src/test-size.ts).
  const rounds = sized(2_000, 20_000);
  for (const name of STRATEGY_NAMES) {
    it(`${name}: ${rounds} rounds, every hand's money to the chip`, () => {
      expect(mismatches(STRATEGIES[name], {}, 2026, rounds)).toEqual([]);
      expect(mismatches(STRATEGIES[name], { antePaidOnWin: true }, 2027, rounds / 10)).toEqual([]);
    }, 300_000);
  }

  const variants: [string, Partial<RussianTableOptions>][] = [
    ["default options", {}],
    ["exchange then sixth card (RP-4 option)", { improve: "exchange-then-sixth" }],
    ["a maximum payout (RP-11) and a larger ante", { maxPayout: 60, minAnte: 3, maxAnte: 3 }],
    ["ante paid on a win, capped", { antePaidOnWin: true, maxPayout: 25 }],
    [
      "an edited pay table (RP-5)",
      { payTable: { ...DEFAULT_PAY_TABLE, aceKing: 0, onePair: 2, twoPair: 1, straight: 9 } },
    ],
  ];
  for (const [label, options] of variants) {
    it(`random legal play, ${label}`, () => {
      expect(mismatches(chaos(label.length), options, 77, sized(600, 3_000))).toEqual([]);
    }, 300_000);
  }
});
