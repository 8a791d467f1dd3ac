/**
 * A settled Russian poker round as "My hands" keeps it (docs/russian-rounds.md): PHH has no
 * Russian poker variant, so a round is this JSON record instead, format
 * `felt-russian-round/1`. The stored record has every box; a player reads only his own
 * (`ownRound`), with the dealer's cards, which are public from the reveal on, and the deal's
 * commitments without the auditor's seed.
 */
import { formatCard, russian } from "@felt/engine";
import { SCHEME } from "@felt/fairness";
import type { HandPlayer, HandRecord } from "../rooms/hand-history";
import type { RussianFairness } from "../rooms/russian/russian-state";

export const RUSSIAN_ROUND_FORMAT = "felt-russian-round/1";

/** What the box's owner decided, in order (RP-4, RP-8, RP-10). */
export type RussianDecision =
  | { type: "exchange"; count: number }
  | { type: "sixthCard" }
  | { type: "fold" }
  | { type: "play"; insurance: number }
  | { type: "takeAnte" }
  | { type: "buyGame" };

export type RussianRoundBox = {
  /** 1 to 6, as the table numbers them. */
  box: number;
  playerId: string;
  /** RP-1: a closed box played ANTE and BET blind, with no decisions. */
  closed: boolean;
  /** The five cards first dealt (the bonus is paid on these, RP-2). */
  dealt: string[];
  /** The final hand: after an exchange, with a sixth card last. */
  cards: string[];
  decisions: RussianDecision[];
  outcome: russian.BoxSettlement["outcome"];
  /** RP-6: the first and second combinations paid, and the bonus hand; null for a folded box. */
  combinations: {
    first: russian.Category;
    second: russian.PayingCategory | null;
    bonus: russian.BonusCategory | null;
  } | null;
  /** Each bet field: staked = returned + lost; paid is the house's money on top. */
  fields: Record<russian.BetField, russian.FieldResult>;
  /** RP-11: the payment was cut to the table's maximum payout. */
  capped: boolean;
  staked: number;
  toPlayer: number;
  /** toPlayer − staked. */
  net: number;
};

export type RussianRoundRecord = {
  format: typeof RUSSIAN_ROUND_FORMAT;
  tableId: string;
  roundNumber: number;
  endedAt: number;
  /** The rules the round was dealt with: limits, options, pay tables. */
  rules: russian.RussianTableOptions;
  dealer: {
    upCard: string | null;
    /** Whether the dealer's hand was shown (not when every box folded). */
    revealed: boolean;
    /** The dealer's final five cards once revealed (after any bought game), else null. */
    cards: string[] | null;
    /** RP-7, at the reveal; null when not revealed. */
    hadGame: boolean | null;
    /** RP-8: the swaps made because boxes bought a game. */
    swaps: { out: string; in: string; free: boolean }[];
  };
  boxes: RussianRoundBox[];
  /**
   * The deal's commitments as published before the bets (docs/fairness.md), and the server
   * seed for the auditor (`history.audit`): it rebuilds the whole deck. `ownRound` drops the
   * seed, which would show every folded box and the stub. Absent for a stacked test deck and
   * in rounds stored before it.
   */
  fairness?: {
    scheme: string;
    seedCommitment: string;
    root: string;
    seed?: string;
  };
};

type Card = Parameters<typeof formatCard>[0];
const cardsText = (cards: readonly Card[]) => cards.map(formatCard);

function decisionsOf(box: russian.BoxState): RussianDecision[] {
  if (box.closed) return [];
  const decisions: RussianDecision[] = [];
  if (box.exchanged !== null) decisions.push({ type: "exchange", count: box.exchanged });
  if (box.boughtSixthCard) decisions.push({ type: "sixthCard" });
  if (box.status === "folded") decisions.push({ type: "fold" });
  else decisions.push({ type: "play", insurance: box.insurance });
  if (box.noGameChoice) decisions.push({ type: box.noGameChoice });
  return decisions;
}

/** The record of a settled round, or null if the round is not settled. */
export function russianRoundRecord(
  tableId: string,
  roundNumber: number,
  round: russian.RussianState,
  endedAt: number,
  fairness: Pick<RussianFairness, "scheme" | "seedCommitment" | "root" | "seed"> | null = null,
): RussianRoundRecord | null {
  if (round.phase !== "settled") return null;
  const { dealer } = round;
  const boxes = round.settlements.map((s): RussianRoundBox => {
    const box = round.boxes[s.box] as russian.BoxState;
    const fields = Object.fromEntries(russian.BET_FIELDS.map((f) => [f, s[f]])) as Record<
      russian.BetField,
      russian.FieldResult
    >;
    const staked = russian.BET_FIELDS.reduce((sum, f) => sum + s[f].stake, 0);
    return {
      box: s.box + 1,
      playerId: s.playerId,
      closed: s.closed,
      dealt: cardsText(box.firstFive),
      cards: cardsText(box.cards),
      decisions: decisionsOf(box),
      outcome: s.outcome,
      combinations: s.hand && { first: s.hand.first, second: s.hand.second, bonus: s.hand.bonus },
      fields,
      capped: s.capped,
      staked,
      toPlayer: s.toPlayer,
      net: s.toPlayer - staked,
    };
  });
  return {
    format: RUSSIAN_ROUND_FORMAT,
    tableId,
    roundNumber,
    endedAt,
    rules: round.options,
    dealer: {
      upCard: dealer.upCard === null ? null : formatCard(dealer.upCard),
      revealed: dealer.revealed,
      cards: dealer.revealed ? cardsText(dealer.cards) : null,
      hadGame: dealer.revealed ? dealer.hasGame : null,
      swaps: dealer.swaps.map((w) => ({
        out: formatCard(w.out),
        in: formatCard(w.in),
        free: w.free,
      })),
    },
    boxes,
    ...(fairness?.scheme === SCHEME && {
      fairness: {
        scheme: fairness.scheme,
        seedCommitment: fairness.seedCommitment,
        root: fairness.root,
        seed: fairness.seed,
      },
    }),
  };
}

/** The round as one player may read it: his own boxes only (the dealer's cards are public). */
export function ownRound(record: RussianRoundRecord, userId: string): RussianRoundRecord {
  const { fairness, ...rest } = record;
  const boxes = record.boxes.filter((box) => box.playerId === userId);
  if (!fairness) return { ...rest, boxes };
  const { seed: _auditorsOnly, ...commitments } = fairness;
  return { ...rest, boxes, fairness: commitments };
}

/**
 * The round as "My hands" stores it (`hand_histories` with `russian_round`, no PHH): one row
 * per player with boxes, his seat being his first box and his net the sum over his boxes.
 */
export function russianHandRecord(record: RussianRoundRecord): HandRecord {
  const players = new Map<string, HandPlayer>();
  for (const box of record.boxes) {
    const player = players.get(box.playerId) ?? { userId: box.playerId, seat: box.box, net: 0 };
    player.net += box.net;
    players.set(box.playerId, player);
  }
  return {
    handId: `${record.tableId}:${record.roundNumber}`,
    tableId: record.tableId,
    handNumber: record.roundNumber,
    phh: "",
    russianRound: record,
    players: [...players.values()],
    createdAt: record.endedAt,
  };
}
