/**
 * The fairness check a player can run on a finished hand, as packages/fairness
 * computes it: the commitment published before the deal is the hex SHA-256 of
 * the 32-byte seed, and the seed is revealed as 64 hex digits afterwards.
 */
export type FairnessResult =
  | { status: "unavailable" }
  | { status: "badSeed"; seed: string; commitment: string }
  | { status: "verified" | "failed"; seed: string; commitment: string; computed: string };

const SEED_BYTES = 32;

function seedFromHex(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]+$/i.test(hex) || hex.length !== SEED_BYTES * 2) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Checks the revealed seed against the commitment (the scheme of today; a new one adds a case here). */
export async function checkFairness(seed: unknown, commitment: unknown): Promise<FairnessResult> {
  if (typeof seed !== "string" || typeof commitment !== "string") return { status: "unavailable" };
  const bytes = seedFromHex(seed);
  if (bytes === null) return { status: "badSeed", seed, commitment };
  const computed = await sha256Hex(bytes);
  return {
    status: computed === commitment.toLowerCase() ? "verified" : "failed",
    seed,
    commitment,
    computed,
  };
}
