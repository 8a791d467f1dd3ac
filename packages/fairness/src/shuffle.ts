/**
 * Seeded shuffles (docs/fairness.md). A 32-byte seed expands into an endless
 * stream of 32-bit words, SHA-256 in counter mode: block i = SHA-256(seed ‖ i
 * as 4 bytes big-endian), read as big-endian words. Bounded integers are drawn
 * from it by rejection sampling (no modulo bias) and drive a Fisher–Yates
 * shuffle from the back, so every permutation is equally likely and the same
 * seed always gives the same order. A hand's deck key (deal.ts) and a
 * tournament's seat-draw seed both go through here.
 *
 * WebCrypto, so this lives outside the pure engine; the engine receives the
 * finished deck (or the integers) as a command.
 */
import { concatBytes, fromHex, sha256, toHex, uintBytes } from "./bytes";

export const SEED_BYTES = 32;

export const seedFromHex = (hex: string): Uint8Array | null => fromHex(hex, SEED_BYTES);

export const seedToHex = toHex;

/** A fresh secret seed from the platform's CSPRNG. */
export function newSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES));
}

/** A commitment to a seed, published before the seed is used: hex SHA-256 of the seed. */
export async function commitmentOf(seed: Uint8Array): Promise<string> {
  return toHex(await sha256(seed));
}

/** An endless stream of 32-bit words expanded from the seed. */
class SeedStream {
  private counter = 0;
  private words: number[] = [];

  constructor(private readonly seed: Uint8Array) {
    if (seed.length !== SEED_BYTES) throw new RangeError(`seed must be ${SEED_BYTES} bytes`);
  }

  private async next(): Promise<number> {
    if (this.words.length === 0) {
      const block = new DataView(
        (await sha256(concatBytes(this.seed, uintBytes(this.counter++, 4)))).buffer,
      );
      for (let offset = 0; offset < 32; offset += 4) this.words.push(block.getUint32(offset));
    }
    return this.words.shift() as number;
  }

  /** A uniform integer in [0, bound): words past the last whole multiple of bound are rejected. */
  async below(bound: number): Promise<number> {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const word = await this.next();
      if (word < limit) return word % bound;
    }
  }
}

/** The order for this seed: a uniformly random permutation of `cards`, the same every time. */
export async function shuffleWithSeed<T>(seed: Uint8Array, cards: readonly T[]): Promise<T[]> {
  const deck = cards.slice();
  const stream = new SeedStream(seed);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = await stream.below(i + 1);
    [deck[i], deck[j]] = [deck[j] as T, deck[i] as T];
  }
  return deck;
}

/** One integer in `[0, bounds[k])` per bound, from the seed's stream (a seat draw's integers). */
export async function intsFromSeed(seed: Uint8Array, bounds: readonly number[]): Promise<number[]> {
  const stream = new SeedStream(seed);
  const out: number[] = [];
  for (const bound of bounds) out.push(await stream.below(bound));
  return out;
}

/** A seed's commitment and the integers it gives, checked by anyone once the seed is shown. */
export async function verifySeededInts(proof: {
  seed: string;
  commitment: string;
  bounds: readonly number[];
  ints: readonly number[];
}): Promise<
  { ok: true } | { ok: false; reason: "bad_seed" | "commitment_mismatch" | "ints_mismatch" }
> {
  const seed = seedFromHex(proof.seed);
  if (!seed) return { ok: false, reason: "bad_seed" };
  if ((await commitmentOf(seed)) !== proof.commitment.toLowerCase())
    return { ok: false, reason: "commitment_mismatch" };
  const ints = await intsFromSeed(seed, proof.bounds);
  const same = ints.length === proof.ints.length && ints.every((n, i) => n === proof.ints[i]);
  return same ? { ok: true } : { ok: false, reason: "ints_mismatch" };
}
