/**
 * The room's side of the deal's commitment (docs/fairness.md): the secret it
 * keeps per hand, what each viewer is given of it (the commitments; on request
 * the leaves of the cards he sees, never the seed or another card's leaf), and the fields a
 * finished hand's history keeps.
 */
import type { Card, HandView, TableEvent, TableState } from "@felt/engine";
import {
  type ClientSeed,
  commitDeal,
  commitmentOf,
  leavesOf,
  newSeed,
  SCHEME,
  seedFromHex,
  seedToHex,
} from "@felt/fairness";
import type { Fairness, ProofsMessage } from "@felt/protocol";

/** The current hand's deal: secret but for its commitments, kept in the room's storage. */
export type DealSecret = {
  scheme: typeof SCHEME;
  handNumber: number;
  /** Hex server seed: never sent to a player; the auditor reads it from the stored history. */
  seed: string;
  /** Hex SHA-256 of the seed, published before the client seeds were taken. */
  seedCommitment: string;
  clientSeeds: ClientSeed[];
  /** The Merkle root of the deck's leaves, published before the first card. */
  root: string;
  /** The deck as dealt, with its salts and tree: given out leaf by leaf. */
  deck: number[];
  salts: string[];
  levels: string[][];
  /** Draw games: the reshuffles of the muck so far and the cards they took. */
  reshuffles: number;
  reshuffled: number[];
};

/** A seed committed before it is used: the next deal's, published so that client seeds come after it. */
export type CommittedSeed = { seed: string; commitment: string };

export async function committedSeed(): Promise<CommittedSeed> {
  const seed = newSeed();
  return { seed: seedToHex(seed), commitment: await commitmentOf(seed) };
}

/** The deal of hand `handNumber` from a committed seed and the seated players' client seeds. */
export async function dealSecret(
  handNumber: number,
  committed: CommittedSeed,
  clientSeeds: ClientSeed[],
  cards: readonly Card[],
): Promise<DealSecret> {
  const serverSeed = seedFromHex(committed.seed);
  if (!serverSeed) throw new Error("broken invariant: a committed seed is not 32 hex bytes");
  const dealt = await commitDeal({ serverSeed, hand: handNumber, clientSeeds, cards });
  return {
    scheme: SCHEME,
    handNumber,
    seed: committed.seed,
    seedCommitment: committed.commitment,
    clientSeeds,
    ...dealt,
    reshuffles: 0,
    reshuffled: [],
  };
}

/** The client seeds of the players seated now, by seat. */
export function seatedClientSeeds(table: TableState, seeds: Record<string, string>): ClientSeed[] {
  const out: ClientSeed[] = [];
  for (const o of table.seats) {
    const seed = o && seeds[o.playerId];
    if (o && seed) out.push({ seat: o.seat, seed });
  }
  return out;
}

/** Every card this view shows: the board, the viewer's own cards, hands shown. */
export function cardsSeen(hand: HandView | null): Card[] {
  if (!hand) return [];
  return [...hand.board, ...hand.players.flatMap((p) => p.holeCards ?? [])];
}

/**
 * What every viewer is sent with the state: the commitments and the client
 * seeds. A secret stored before this scheme shows nothing.
 */
export function fairnessFor(
  secret: DealSecret | null,
  next: CommittedSeed | null,
  handNumber: number,
): Fairness | null {
  const nextSeedCommitment = next?.commitment ?? null;
  if (!secret || secret.scheme !== SCHEME) {
    return nextSeedCommitment === null ? null : { handNumber, nextSeedCommitment, deal: null };
  }
  return {
    handNumber: secret.handNumber,
    nextSeedCommitment,
    deal: {
      scheme: secret.scheme,
      seedCommitment: secret.seedCommitment,
      clientSeeds: secret.clientSeeds,
      root: secret.root,
      deckSize: secret.deck.length,
    },
  };
}

/**
 * The answer to a viewer's `proofs`: the leaves of the cards his view of the
 * current (or last) hand shows, never another card's. Null when that hand has
 * no proof (none dealt yet, or dealt before this scheme).
 */
export function proofsFor(
  secret: DealSecret | null,
  hand: HandView | null,
  handNumber: number,
): ProofsMessage | null {
  if (secret?.scheme !== SCHEME || secret.handNumber !== handNumber) return null;
  return {
    type: "proofs",
    handNumber,
    root: secret.root,
    deckSize: secret.deck.length,
    leaves: leavesOf(secret, cardsSeen(hand)),
  };
}

/**
 * The secret after a change: a reshuffle (the engine's `discardsReshuffled`)
 * is counted, and its cards, the stubs after the deal, are marked as having come round again.
 */
export function afterReshuffles(
  secret: DealSecret | null,
  table: TableState,
  events: readonly TableEvent[],
): DealSecret | null {
  if (secret?.scheme !== SCHEME || secret.handNumber !== table.handNumber) return secret;
  const count = events.filter(
    (e) => e.type === "handEvent" && e.event.type === "discardsReshuffled",
  ).length;
  if (count === 0) return secret;
  // The hand's deck keeps its deal first and each reshuffle's stub after it (draw.ts).
  const stub = table.hand?.deck.slice(secret.deck.length) ?? [];
  return {
    ...secret,
    reshuffles: secret.reshuffles + count,
    reshuffled: [...new Set([...secret.reshuffled, ...stub])],
  };
}
