/**
 * Provably fair shuffles (docs/architecture.md#randomness-and-fairness).
 *
 * The room draws a 32-byte seed from the platform CSPRNG and publishes
 * `commitment = SHA-256(seed)` before the deal. The deck is a pure function
 * of the seed: Fisher–Yates driven by a SHA-256 counter-mode stream
 * (block i = SHA-256(seed ‖ i as 4 bytes big-endian), read as big-endian
 * 32-bit words), with rejection sampling so every permutation is equally
 * likely (no modulo bias). After the hand the seed is revealed, and anyone
 * can recompute both the commitment and the deck with `verifyShuffle`.
 *
 * This module uses WebCrypto, so it lives outside the pure engine; the engine
 * receives the finished deck as a command.
 */

export const SEED_BYTES = 32;

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export function seedFromHex(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]+$/i.test(hex) || hex.length !== SEED_BYTES * 2) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

export const seedToHex = toHex;

/** A fresh secret seed from the platform's CSPRNG. */
export function newSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES));
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  // Copied into a plain ArrayBuffer view: digest() refuses shared buffers.
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
}

/** The commitment published before the deal: hex SHA-256 of the seed. */
export async function commitmentOf(seed: Uint8Array): Promise<string> {
  return toHex(await sha256(seed));
}

/** An endless stream of unbiased 32-bit words expanded from the seed. */
class SeedStream {
  private counter = 0;
  private words: number[] = [];

  constructor(private readonly seed: Uint8Array) {}

  async next(): Promise<number> {
    if (this.words.length === 0) await this.refill();
    return this.words.shift() as number;
  }

  private async refill(): Promise<void> {
    const input = new Uint8Array(this.seed.length + 4);
    input.set(this.seed);
    new DataView(input.buffer).setUint32(this.seed.length, this.counter++);
    const block = new DataView((await sha256(input)).buffer);
    for (let offset = 0; offset < 32; offset += 4) this.words.push(block.getUint32(offset));
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

/** The deck for this seed: a uniformly random permutation of `cards`, the same every time. */
export async function shuffleWithSeed<T>(seed: Uint8Array, cards: readonly T[]): Promise<T[]> {
  if (seed.length !== SEED_BYTES) throw new RangeError(`seed must be ${SEED_BYTES} bytes`);
  const deck = cards.slice();
  const stream = new SeedStream(seed);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = await stream.below(i + 1);
    [deck[i], deck[j]] = [deck[j] as T, deck[i] as T];
  }
  return deck;
}

export type ShuffleProof = { seed: string; commitment: string; deck: readonly unknown[] };

export type VerifyResult =
  | { ok: true }
  | { ok: false; reason: "bad_seed" | "commitment_mismatch" | "deck_mismatch" };

/**
 * Anyone's check of a finished hand: the revealed seed matches the commitment
 * published before the deal, and it produces exactly the deck that was dealt.
 */
export async function verifyShuffle<T>(
  proof: { seed: string; commitment: string; deck: readonly T[] },
  unshuffled: readonly T[],
): Promise<VerifyResult> {
  const seed = seedFromHex(proof.seed);
  if (!seed) return { ok: false, reason: "bad_seed" };
  if ((await commitmentOf(seed)) !== proof.commitment.toLowerCase()) {
    return { ok: false, reason: "commitment_mismatch" };
  }
  const deck = await shuffleWithSeed(seed, unshuffled);
  const same = deck.length === proof.deck.length && deck.every((card, i) => card === proof.deck[i]);
  return same ? { ok: true } : { ok: false, reason: "deck_mismatch" };
}
