/**
 * The Russian poker room's side of the deal's commitment (docs/fairness.md): the scheme of
 * the poker tables without client seeds. A round's seed is drawn when it opens, its SHA-256
 * and the deck's Merkle root are published before the first bet, and each viewer may ask for
 * the leaves of the cards his view shows, never the seed: the seed would show every folded box,
 * the dealer's unrevealed cards and the stub.
 */
import { type Card, parseCard, type russian, STANDARD_DECK } from "@felt/engine";
import {
  commitDeal,
  commitmentOf,
  type DealSecret,
  leavesOf,
  newSeed,
  reshuffleOrder,
  SCHEME,
  seedFromHex,
  seedToHex,
} from "@felt/fairness";
import type { ProofsMessage, RussianStateMessage } from "@felt/protocol";
import type { RussianFairness } from "./russian-state";

/** A round's deck and tree, rebuilt from its seed; kept in memory, never stored. */
export type RussianDeal = { roundNumber: number; seed: string; tree: DealSecret };

/** Russian poker has no client seeds: the house commits before any bet is placed. */
const NO_CLIENT_SEEDS = [] as const;

function seedOf(fairness: Pick<RussianFairness, "seed">): Uint8Array {
  const seed = seedFromHex(fairness.seed);
  if (!seed) throw new Error("broken invariant: a Russian round's seed is not 32 hex bytes");
  return seed;
}

/** A fresh round: its seed, its commitments and its deck. */
export async function newRussianDeal(
  roundNumber: number,
): Promise<{ fairness: RussianFairness; deal: RussianDeal }> {
  const seed = newSeed();
  const [seedCommitment, tree] = await Promise.all([
    commitmentOf(seed),
    commitDeal({
      serverSeed: seed,
      hand: roundNumber,
      clientSeeds: NO_CLIENT_SEEDS,
      cards: STANDARD_DECK,
    }),
  ]);
  const fairness: RussianFairness = {
    scheme: SCHEME,
    roundNumber,
    seed: seedToHex(seed),
    seedCommitment,
    root: tree.root,
    reshuffles: 0,
    reshuffled: [],
  };
  return { fairness, deal: { roundNumber, seed: fairness.seed, tree } };
}

/**
 * The commitment as stored. A round stored before the tree kept only its seed (and showed it
 * once settled): it keeps the seed for a reshuffle, and the players are given no claim for it.
 */
export function storedFairness(stored: unknown): RussianFairness | null {
  if (stored === null || typeof stored !== "object") return null;
  const fairness = stored as Partial<RussianFairness>;
  if (fairness.scheme === SCHEME) return fairness as RussianFairness;
  return {
    scheme: "seed-only",
    roundNumber: fairness.roundNumber ?? 0,
    seed: fairness.seed ?? "",
    seedCommitment: "",
    root: "",
    reshuffles: 0,
    reshuffled: [],
  };
}

/** The deal of a stored round, rebuilt after the room was out of memory; null for none. */
export async function dealOf(fairness: RussianFairness | null): Promise<RussianDeal | null> {
  // Rounds stored before this scheme carry no root: they make no claim.
  if (fairness?.scheme !== SCHEME) return null;
  const tree = await commitDeal({
    serverSeed: seedOf(fairness),
    hand: fairness.roundNumber,
    clientSeeds: NO_CLIENT_SEEDS,
    cards: STANDARD_DECK,
  });
  return { roundNumber: fairness.roundNumber, seed: fairness.seed, tree };
}

/** The order of the round's next reshuffle of its discards. */
export function reshuffled(fairness: RussianFairness, discards: readonly Card[]): Promise<Card[]> {
  return reshuffleOrder(
    seedOf(fairness),
    fairness.roundNumber,
    NO_CLIENT_SEEDS,
    fairness.reshuffles,
    discards,
  );
}

/** Every card a view shows: the viewer's boxes, the boxes shown at the settlement, the dealer's. */
export function cardsSeen(view: russian.RussianTableView): Card[] {
  const round = view.round;
  if (!round) return [];
  const codes = [
    ...round.boxes.flatMap((box) => box.cards ?? []),
    ...round.settlements.flatMap((s) => s.hand?.cards ?? []),
    ...(round.dealer.cards ?? (round.dealer.upCard ? [round.dealer.upCard] : [])),
  ];
  return [...new Set(codes)].map(parseCard);
}

/** What every viewer is given with the state: the commitments. */
export function russianFairnessFor(
  fairness: RussianFairness | null,
  deal: RussianDeal | null,
): RussianStateMessage["fairness"] {
  if (fairness?.scheme !== SCHEME || deal?.seed !== fairness.seed) return null;
  return {
    roundNumber: fairness.roundNumber,
    scheme: SCHEME,
    seedCommitment: fairness.seedCommitment,
    root: fairness.root,
    deckSize: deal.tree.deck.length,
  };
}

/**
 * The answer to a viewer's `proofs`: the leaves of the cards his view of the current (or
 * last) round shows, never another card's; null when that round makes no claim.
 */
export function russianProofsFor(
  fairness: RussianFairness | null,
  deal: RussianDeal | null,
  view: russian.RussianTableView,
): ProofsMessage | null {
  if (fairness?.scheme !== SCHEME || deal?.seed !== fairness.seed) return null;
  if (view.roundNumber !== fairness.roundNumber) return null;
  return {
    type: "proofs",
    handNumber: fairness.roundNumber,
    root: fairness.root,
    deckSize: deal.tree.deck.length,
    leaves: leavesOf({ ...deal.tree, reshuffled: fairness.reshuffled }, cardsSeen(view)),
  };
}
