/**
 * The deal's commitment in a hand history (PHH user fields, docs/fairness.md)
 * and the check a player runs on a hand he played: `felt verify`, the
 * replayer and "My hands" all call `verifyHistory`.
 */
import { cardPositions, type HandHistory } from "@felt/engine";
import { type Leaf, parseClientSeeds, SCHEME, type SeenCard, verifyLeaves } from "./deal";

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
