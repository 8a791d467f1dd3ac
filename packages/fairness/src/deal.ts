/**
 * The deal's commitment (docs/fairness.md): proof that every card a player
 * saw was fixed before the first card was dealt, without showing any card
 * nobody saw.
 *
 * - The room holds a secret 32-byte server seed per hand and publishes its
 *   commitment, SHA-256(seed), before it takes the players' client seeds.
 * - The deck key is HMAC-SHA256(server seed, "felt/deck/v1|<hand>|<client
 *   seeds>"); the deck is `shuffleWithSeed(deck key, cards)`. No player can
 *   steer it (he does not know the server seed) and the server cannot pick
 *   it after seeing the client seeds (its seed was committed first).
 * - Each deck position gets a leaf: SHA-256(0x00 ‖ position ‖ card ‖ salt),
 *   position and card as 2-byte big-endian integers, the salt 16 bytes of
 *   HMAC-SHA256(server seed, "felt/salt/v1|<hand>|<position>"). The salt
 *   makes a leaf impossible to guess from the card: there are only 52 cards.
 * - The leaves form a Merkle tree (inner node SHA-256(0x01 ‖ left ‖ right);
 *   a node without a right sibling moves up unchanged), and its root is
 *   published before the deal.
 * - A player is given the leaf (card, salt, proof) of each card he sees: his
 *   own, the board, hands shown. The leaves of other cards, the salts and the
 *   server seed are never sent to players; an auditor, given the seed,
 *   rebuilds the whole deck and tree (`auditDeal`).
 */
import {
  concatBytes,
  fromHex,
  hmacSha256,
  hmacSigner,
  sha256,
  toHex,
  uintBytes,
  utf8,
} from "./bytes";
import { commitmentOf, seedFromHex, shuffleWithSeed } from "./shuffle";

export const SCHEME = "felt-merkle-v1";
const SALT_BYTES = 16;

/** One seated player's entropy for a hand. */
export type ClientSeed = { seat: number; seed: string };

/** What a client seed may be: 1–64 letters, digits, `-` or `_` (it goes into hand histories as text). */
export const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** The client seeds as the deck key takes them: `seat:seed`, by seat, joined by commas. */
export function clientSeedsText(seeds: readonly ClientSeed[]): string {
  return [...seeds]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => `${s.seat}:${s.seed}`)
    .join(",");
}

/** `clientSeedsText` read back; null when it is not one. */
export function parseClientSeeds(text: string): ClientSeed[] | null {
  if (text === "") return [];
  const seeds: ClientSeed[] = [];
  for (const part of text.split(",")) {
    const match = /^(\d+):(.+)$/.exec(part);
    if (!match || !CLIENT_SEED.test(match[2] as string)) return null;
    seeds.push({ seat: Number(match[1]), seed: match[2] as string });
  }
  return seeds;
}

const keyed = (serverSeed: Uint8Array, label: string) => hmacSha256(serverSeed, utf8(label));

/** The key the deck is shuffled with. */
export const deckKeyOf = (serverSeed: Uint8Array, hand: number, seeds: readonly ClientSeed[]) =>
  keyed(serverSeed, `felt/deck/v1|${hand}|${clientSeedsText(seeds)}`);

/** The order of a draw hand's `k`-th reshuffle of the muck (k from 0). */
export async function reshuffleOrder<T>(
  serverSeed: Uint8Array,
  hand: number,
  seeds: readonly ClientSeed[],
  k: number,
  cards: readonly T[],
): Promise<T[]> {
  const key = await keyed(serverSeed, `felt/reshuffle/v1|${hand}|${k}|${clientSeedsText(seeds)}`);
  return shuffleWithSeed(key, cards);
}

/** The salt of each deck position, every one keyed by the server seed. */
async function saltsOf(serverSeed: Uint8Array, hand: number, positions: number) {
  const sign = await hmacSigner(serverSeed);
  return Promise.all(
    Array.from({ length: positions }, async (_, position) =>
      (await sign(utf8(`felt/salt/v1|${hand}|${position}`))).slice(0, SALT_BYTES),
    ),
  );
}

export async function leafHash(position: number, card: number, salt: Uint8Array) {
  return sha256(concatBytes(Uint8Array.of(0), uintBytes(position, 2), uintBytes(card, 2), salt));
}

const nodeHash = (left: Uint8Array, right: Uint8Array) =>
  sha256(concatBytes(Uint8Array.of(1), left, right));

/** Every level of the tree, the leaves first, the root last. */
async function levelsOf(leaves: Uint8Array[]): Promise<Uint8Array[][]> {
  const levels = [leaves];
  while ((levels[levels.length - 1] as Uint8Array[]).length > 1) {
    const below = levels[levels.length - 1] as Uint8Array[];
    // A level's nodes are hashed together, not one await after another.
    const above = await Promise.all(
      Array.from({ length: Math.ceil(below.length / 2) }, (_, j) => {
        const left = below[2 * j] as Uint8Array;
        const right = below[2 * j + 1];
        return right ? nodeHash(left, right) : left;
      }),
    );
    levels.push(above);
  }
  return levels;
}

/** What the room keeps secret for a hand and gives out leaf by leaf. */
export type DealSecret = {
  /** The deck in dealing order. */
  deck: number[];
  /** Hex salt per position. */
  salts: string[];
  /** Hex hashes, the leaves first, the root last. */
  levels: string[][];
  root: string;
};

/** The deck for this hand and its tree. */
export async function commitDeal(input: {
  serverSeed: Uint8Array;
  hand: number;
  clientSeeds: readonly ClientSeed[];
  cards: readonly number[];
}): Promise<DealSecret> {
  const { serverSeed, hand, clientSeeds, cards } = input;
  const deck = await shuffleWithSeed(await deckKeyOf(serverSeed, hand, clientSeeds), cards);
  const salts = await saltsOf(serverSeed, hand, deck.length);
  const leaves = await Promise.all(
    deck.map((card, position) => leafHash(position, card, salts[position] as Uint8Array)),
  );
  const levels = (await levelsOf(leaves)).map((level) => level.map(toHex));
  const root = (levels[levels.length - 1] as string[])[0] as string;
  return { deck, salts: salts.map(toHex), levels, root };
}

/** The card at a deck position with what proves it: a player's own card, a board card, a shown card. */
export type Leaf = { position: number; card: number; salt: string; proof: string[] };

/** The leaf of `position`: its siblings up the tree (none where a node moved up alone). */
export function leafOf(
  secret: Pick<DealSecret, "deck" | "salts" | "levels">,
  position: number,
): Leaf {
  const proof: string[] = [];
  let index = position;
  for (const level of secret.levels.slice(0, -1)) {
    const sibling = level[index ^ 1];
    if (sibling !== undefined) proof.push(sibling);
    index >>= 1;
  }
  return {
    position,
    card: secret.deck[position] as number,
    salt: secret.salts[position] as string,
    proof,
  };
}

/** The root this leaf's proof leads to, for a tree of `deckSize` leaves; null when malformed. */
export async function rootOfLeaf(leaf: Leaf, deckSize: number): Promise<string | null> {
  const salt = fromHex(leaf.salt, SALT_BYTES);
  if (!salt || !Number.isInteger(leaf.position) || leaf.position < 0 || leaf.position >= deckSize)
    return null;
  let hash = await leafHash(leaf.position, leaf.card, salt);
  let index = leaf.position;
  let width = deckSize;
  const proof = [...leaf.proof];
  while (width > 1) {
    const siblingIndex = index ^ 1;
    if (siblingIndex < width) {
      const sibling = fromHex(proof.shift() ?? "", 32);
      if (!sibling) return null;
      hash = index % 2 === 0 ? await nodeHash(hash, sibling) : await nodeHash(sibling, hash);
    }
    index >>= 1;
    width = Math.ceil(width / 2);
  }
  return proof.length === 0 ? toHex(hash) : null;
}

/** A card the viewer saw, and the deck positions it may have been dealt from. */
export type SeenCard = { card: number; positions: readonly number[] };

export type LeafCheck =
  | { ok: true; proven: number }
  | {
      ok: false;
      proven: number;
      /** Seen cards without a valid leaf at one of their positions. */
      unproven: SeenCard[];
      /** Leaves that do not belong to the root. */
      badLeaves: Leaf[];
    };

/**
 * A player's check of a hand: every leaf leads to the published root, and
 * every card he saw has a leaf at a position it may have been dealt from.
 */
export async function verifyLeaves(input: {
  root: string;
  deckSize: number;
  leaves: readonly Leaf[];
  seen: readonly SeenCard[];
}): Promise<LeafCheck> {
  const good: Leaf[] = [];
  const badLeaves: Leaf[] = [];
  for (const leaf of input.leaves) {
    const root = await rootOfLeaf(leaf, input.deckSize);
    (root === input.root.toLowerCase() ? good : badLeaves).push(leaf);
  }
  const unproven = input.seen.filter(
    (seen) => !good.some((l) => l.card === seen.card && seen.positions.includes(l.position)),
  );
  const proven = input.seen.length - unproven.length;
  return unproven.length === 0 && badLeaves.length === 0
    ? { ok: true, proven }
    : { ok: false, proven, unproven, badLeaves };
}

export type AuditResult =
  | { ok: true; deck: number[] }
  | {
      ok: false;
      reason: "bad_seed" | "commitment_mismatch" | "root_mismatch" | "deck_mismatch";
    };

/**
 * The auditor's check, with the server seed: it matches the commitment
 * published before the client seeds were taken, and with those seeds it gives
 * the published root (and, when given, the deck that was dealt).
 */
export async function auditDeal(input: {
  serverSeed: string;
  seedCommitment: string;
  hand: number;
  clientSeeds: readonly ClientSeed[];
  root: string;
  cards: readonly number[];
  deck?: readonly number[];
}): Promise<AuditResult> {
  const serverSeed = seedFromHex(input.serverSeed);
  if (!serverSeed) return { ok: false, reason: "bad_seed" };
  if ((await commitmentOf(serverSeed)) !== input.seedCommitment.toLowerCase())
    return { ok: false, reason: "commitment_mismatch" };
  const dealt = await commitDeal({ ...input, serverSeed });
  if (dealt.root !== input.root.toLowerCase()) return { ok: false, reason: "root_mismatch" };
  if (
    input.deck &&
    !(input.deck.length === dealt.deck.length && input.deck.every((c, i) => c === dealt.deck[i]))
  )
    return { ok: false, reason: "deck_mismatch" };
  return { ok: true, deck: dealt.deck };
}
