import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commitmentOf,
  intsFromSeed,
  newSeed,
  SEED_BYTES,
  seedFromHex,
  seedToHex,
  shuffleWithSeed,
  verifySeededInts,
} from "./shuffle";

const DECK = Array.from({ length: 52 }, (_, i) => i);
const seedArb = fc.uint8Array({ minLength: SEED_BYTES, maxLength: SEED_BYTES });

describe("fair shuffles", () => {
  it("a seed always gives the same permutation of the deck", async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, async (seed) => {
        const a = await shuffleWithSeed(seed, DECK);
        const b = await shuffleWithSeed(seed, DECK);
        expect(a).toEqual(b);
        expect([...a].sort((x, y) => x - y)).toEqual(DECK);
      }),
      { numRuns: 50 },
    );
  });

  it("follows the documented derivation, so others can re-implement verify", async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, async (seed) => {
        expect(await commitmentOf(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
        expect(await shuffleWithSeed(seed, DECK)).toEqual(referenceShuffle(seed, DECK));
      }),
      { numRuns: 50 },
    );
  });

  it("fresh seeds differ and round-trip through hex", () => {
    const a = newSeed();
    const b = newSeed();
    expect(seedToHex(a)).not.toBe(seedToHex(b));
    expect(seedFromHex(seedToHex(a))).toEqual(a);
    expect(seedFromHex("zz")).toBeNull();
    expect(seedFromHex("00")).toBeNull();
  });

  it("seeded integers replay from a committed seed, and a wrong seed or list is refused", async () => {
    const seed = newSeed();
    const commitment = await commitmentOf(seed);
    const bounds = [10, 9, 8, 7];
    const ints = await intsFromSeed(seed, bounds);
    for (const [k, n] of ints.entries()) expect(n).toBeLessThan(bounds[k] as number);
    const hex = seedToHex(seed);
    expect(await verifySeededInts({ seed: hex, commitment, bounds, ints })).toEqual({ ok: true });
    expect(
      await verifySeededInts({ seed: seedToHex(newSeed()), commitment, bounds, ints }),
    ).toEqual({ ok: false, reason: "commitment_mismatch" });
    const other = [(ints[0] as number) === 0 ? 1 : 0, ...ints.slice(1)];
    expect(await verifySeededInts({ seed: hex, commitment, bounds, ints: other })).toEqual({
      ok: false,
      reason: "ints_mismatch",
    });
    expect(await verifySeededInts({ seed: "nope", commitment, bounds, ints })).toEqual({
      ok: false,
      reason: "bad_seed",
    });
  });

  it("is unbiased: each card lands in each position about equally often", async () => {
    // 3-card deck, 6000 seeds: each of the 6 orders should appear ~1000 times.
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const seed = new Uint8Array(SEED_BYTES);
      new DataView(seed.buffer).setUint32(0, i);
      const order = (await shuffleWithSeed(seed, ["a", "b", "c"])).join("");
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value.
    const chi2 = [...counts.values()].reduce((sum, n) => sum + (n - 1000) ** 2 / 1000, 0);
    expect(chi2).toBeLessThan(20.5);
  });
});

/** The module comment's recipe, written independently with Node's own crypto. */
function referenceShuffle(seed: Uint8Array, cards: readonly number[]): number[] {
  const words: number[] = [];
  let counter = 0;
  const next = () => {
    if (words.length === 0) {
      const ctr = Buffer.alloc(4);
      ctr.writeUInt32BE(counter++);
      const block = createHash("sha256").update(seed).update(ctr).digest();
      for (let i = 0; i < 32; i += 4) words.push(block.readUInt32BE(i));
    }
    return words.shift() as number;
  };
  const deck = [...cards];
  for (let i = deck.length - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let word = next();
    while (word >= limit) word = next();
    const j = word % bound;
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  return deck;
}
