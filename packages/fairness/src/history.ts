/**
 * The deal's commitment in a hand history (PHH user fields, docs/fairness.md)
 * and the check a player runs on a hand he played: `felt verify`, the
 * replayer and "My hands" all call `verifyHistory`.
 */
import {
  type Card,
  cardPositions,
  deckOf,
  type HandEvent,
  type HandHistory,
  rulesFromHistory,
} from "@felt/engine";
import {
  auditDeal,
  type ClientSeed,
  clientSeedsText,
  type DealSecret,
  type Leaf,
  leafOf,
  parseClientSeeds,
  SCHEME,
  type SeenCard,
  verifyLeaves,
} from "./deal";

/** What the leaves of a deal are made from: its tree, and the cards that came round again in a reshuffle. */
export type DealLeaves = Pick<DealSecret, "deck" | "salts" | "levels"> & {
  reshuffled: readonly number[];
};

/** A deal as its hand history records it. */
export type DealRecord = DealLeaves & {
  scheme: typeof SCHEME;
  seed: string;
  seedCommitment: string;
  clientSeeds: readonly ClientSeed[];
  root: string;
};

export const HISTORY_FIELDS = {
  scheme: "_felt_fairness",
  seedCommitment: "_felt_seed_commitment",
  clientSeeds: "_felt_client_seeds",
  root: "_felt_root",
  deckSize: "_felt_deck_size",
  /** The board's and the shown hands' leaves. */
  publicLeaves: "_felt_leaves",
  /** One player's own leaves: `_felt_leaves_p1` for PHH player 1; only he is given his. */
  playerLeaves: "_felt_leaves_p",
  /** The server seed, kept for the auditor: never in a history a player is given. */
  serverSeed: "_felt_server_seed",
} as const;

/** Leaves as PHH text: `position:card:salt:proof.proof…`, joined by `;`. */
export function leavesText(leaves: readonly Leaf[]): string {
  return leaves.map((l) => [l.position, l.card, l.salt, l.proof.join(".")].join(":")).join(";");
}

/** `leavesText` read back; null when it is not one. */
export function parseLeaves(text: string): Leaf[] | null {
  if (text === "") return [];
  const leaves: Leaf[] = [];
  for (const part of text.split(";")) {
    const match = /^(\d+):(\d+):([0-9a-f]{32}):((?:[0-9a-f]{64}(?:\.[0-9a-f]{64})*)?)$/.exec(part);
    if (!match) return null;
    const proof = match[4] === "" ? [] : (match[4] as string).split(".");
    leaves.push({
      position: Number(match[1]),
      card: Number(match[2]),
      salt: match[3] as string,
      proof,
    });
  }
  return leaves;
}

/**
 * The leaves of these cards, by position. A card that came round again
 * through a reshuffle gets none: its first position would tell who held it
 * before. `dealtFirst` are cards known to be where they first lay (a
 * player's own first cards), reshuffled later or not.
 */
export function leavesOf(
  secret: DealLeaves,
  cards: Iterable<Card>,
  dealtFirst: Iterable<Card> = [],
): Leaf[] {
  const positions = new Set<number>();
  for (const card of dealtFirst) positions.add(secret.deck.indexOf(card));
  for (const card of cards) {
    if (secret.reshuffled.includes(card)) continue;
    const position = secret.deck.indexOf(card);
    positions.add(position);
  }
  positions.delete(-1);
  return [...positions].sort((a, b) => a - b).map((p) => leafOf(secret, p));
}

/**
 * The fairness fields of a finished hand's history. `order` is the hand's
 * seats in PHH order (p1 first); `events` every event of the hand.
 */
export function historyFields(
  secret: DealRecord,
  board: readonly Card[],
  order: readonly number[],
  events: readonly HandEvent[],
): Record<string, string> {
  const first = new Map<number, Card[]>(order.map((seat) => [seat, []]));
  const drawn = new Map<number, Card[]>(order.map((seat) => [seat, []]));
  const shown: Card[] = [];
  for (const e of events) {
    if (e.type === "holeCardsDealt" && e.cards) first.get(e.seat)?.push(...e.cards);
    if (e.type === "drew" && e.dealt) drawn.get(e.seat)?.push(...e.dealt);
    if (e.type === "handShown") shown.push(...e.cards);
    // Stud's up cards are everyone's from the moment they fall (ST-1).
    if (e.type === "upCardsDealt") shown.push(...e.cards);
  }
  const fields: Record<string, string> = {
    [HISTORY_FIELDS.scheme]: secret.scheme,
    [HISTORY_FIELDS.seedCommitment]: secret.seedCommitment,
    [HISTORY_FIELDS.clientSeeds]: clientSeedsText(secret.clientSeeds),
    [HISTORY_FIELDS.root]: secret.root,
    [HISTORY_FIELDS.deckSize]: String(secret.deck.length),
    [HISTORY_FIELDS.publicLeaves]: leavesText(leavesOf(secret, [...board, ...shown])),
    [HISTORY_FIELDS.serverSeed]: secret.seed,
  };
  order.forEach((seat, k) => {
    const leaves = leavesOf(secret, drawn.get(seat) ?? [], first.get(seat));
    fields[`${HISTORY_FIELDS.playerLeaves}${k + 1}`] = leavesText(leaves);
  });
  return fields;
}

export type HistoryCheck =
  /** The hand was dealt before this scheme, or the history carries none of it. */
  | { status: "unavailable" }
  | { status: "malformed"; field: string }
  | {
      status: "verified";
      root: string;
      seedCommitment: string;
      clientSeeds: string;
      /** Cards of the history proven to lie where they were dealt from. */
      proven: number;
    }
  | {
      status: "failed";
      root: string;
      seedCommitment: string;
      clientSeeds: string;
      proven: number;
      unproven: SeenCard[];
      badLeaves: Leaf[];
    };

const text = (history: HandHistory, field: string): string | null => {
  const value = history.extra[field];
  return typeof value === "string" ? value : null;
};

/**
 * Every card the history names — the reader's own cards, the board, hands
 * shown — must have a leaf at the deck position it was dealt from, and every
 * leaf must lead to the root committed before the deal.
 */
export async function verifyHistory(history: HandHistory): Promise<HistoryCheck> {
  if (text(history, HISTORY_FIELDS.scheme) !== SCHEME) return { status: "unavailable" };
  const root = text(history, HISTORY_FIELDS.root);
  if (root === null || !/^[0-9a-f]{64}$/.test(root))
    return { status: "malformed", field: HISTORY_FIELDS.root };
  const seedCommitment = text(history, HISTORY_FIELDS.seedCommitment) ?? "";
  const clientSeeds = text(history, HISTORY_FIELDS.clientSeeds) ?? "";
  if (parseClientSeeds(clientSeeds) === null)
    return { status: "malformed", field: HISTORY_FIELDS.clientSeeds };
  const leaves: Leaf[] = [];
  for (const [field, value] of Object.entries(history.extra)) {
    const isLeaves =
      field === HISTORY_FIELDS.publicLeaves || field.startsWith(HISTORY_FIELDS.playerLeaves);
    if (!isLeaves) continue;
    const parsed = typeof value === "string" ? parseLeaves(value) : null;
    if (parsed === null) return { status: "malformed", field };
    leaves.push(...parsed);
  }
  const positions = cardPositions(history);
  if (!positions.ok) return { status: "malformed", field: "actions" };
  const deckSize = Number(text(history, HISTORY_FIELDS.deckSize));
  if (deckSize !== positions.deckSize)
    return { status: "malformed", field: HISTORY_FIELDS.deckSize };
  const seen = positions.cards.map(({ card, position }) => ({ card, positions: [position] }));
  const check = await verifyLeaves({ root, deckSize, leaves, seen });
  const head = { root, seedCommitment, clientSeeds, proven: check.proven };
  return check.ok
    ? { status: "verified", ...head }
    : { status: "failed", ...head, unproven: check.unproven, badLeaves: check.badLeaves };
}

export type AuditCheck =
  | { status: "no_seed" }
  | { status: "malformed"; field: string }
  | { status: "audited"; cards: number }
  | { status: "failed"; reason: string };

/**
 * The auditor's check of the stored copy (with `_felt_server_seed`): the
 * seed matches its commitment, seed and client seeds give the root, and
 * every card the history deals lies where that deck puts it.
 */
export async function auditHistory(history: HandHistory): Promise<AuditCheck> {
  const serverSeed = text(history, HISTORY_FIELDS.serverSeed);
  if (serverSeed === null) return { status: "no_seed" };
  const clientSeeds = parseClientSeeds(text(history, HISTORY_FIELDS.clientSeeds) ?? "");
  if (clientSeeds === null) return { status: "malformed", field: HISTORY_FIELDS.clientSeeds };
  const rules = rulesFromHistory(history);
  const positions = cardPositions(history);
  if (!rules.ok || !positions.ok) return { status: "malformed", field: "actions" };
  const audit = await auditDeal({
    serverSeed,
    seedCommitment: text(history, HISTORY_FIELDS.seedCommitment) ?? "",
    hand: Number(history.hand),
    clientSeeds,
    root: text(history, HISTORY_FIELDS.root) ?? "",
    cards: deckOf({ deckType: rules.rules.deckType ?? "52", wild: rules.rules.wild ?? "none" }),
  });
  if (!audit.ok) return { status: "failed", reason: audit.reason };
  const misplaced = positions.cards.find(({ card, position }) => audit.deck[position] !== card);
  return misplaced
    ? {
        status: "failed",
        reason: `card ${misplaced.card} is not at position ${misplaced.position}`,
      }
    : { status: "audited", cards: positions.cards.length };
}
