/**
 * The typed form of a PHH hand history (see docs/hand-history.md). Field names
 * are the camelCase of the file's keys; every per-player array is in PHH order
 * (index 0 = p1, the first player left of the button; the last = the button).
 */
import type { TomlValue } from "smol-toml";
import type { Card } from "../cards";

/**
 * The variants Felt plays; the spec's others (NS, FO/8, F7S, …) are refused
 * on import. PHH has no five-card draw high, so Felt writes it with its own
 * codes, built the way the spec builds F7S (fixed-limit seven-card stud):
 * betting letter + "5D", five-card draw: F5D (fixed limit), P5D, N5D. They
 * are not in the spec: PokerKit refuses them, and a future spec code of the
 * same name would be a different game only if it meant something else by
 * "5D" (see README.md here).
 */
export type PhhVariant = "NT" | "FT" | "PO" | DrawVariant;
export type DrawVariant = "F5D" | "P5D" | "N5D";
export const PHH_VARIANTS: readonly PhhVariant[] = ["NT", "FT", "PO", "F5D", "P5D", "N5D"];
export const isDrawVariant = (variant: PhhVariant): variant is DrawVariant =>
  variant === "F5D" || variant === "P5D" || variant === "N5D";
/** Fixed-limit variants have `small_bet`/`big_bet`; the others `min_bet`. */
export const isFixedLimitVariant = (variant: PhhVariant): boolean =>
  variant === "FT" || variant === "F5D";

/** A hole or board card as written; `null` is the unknown card `??`. */
export type PhhCard = Card | null;

/** One entry of `actions`. `player` is 0-based (p1 → 0); `comment` is the text after ` # `. */
export type PhhAction =
  | { kind: "dealHole"; player: number; cards: PhhCard[]; comment?: string }
  | { kind: "dealBoard"; cards: Card[]; comment?: string }
  | { kind: "fold"; player: number; comment?: string }
  | { kind: "checkOrCall"; player: number; comment?: string }
  | { kind: "betOrRaiseTo"; player: number; amount: number; comment?: string }
  /** Draw: `pN sd cards` discards them, `pN sd` stands pat (`cards` empty). */
  | { kind: "standPatOrDiscard"; player: number; cards: PhhCard[]; comment?: string }
  /** `pN sm cards` shows them, `pN sm -` shows what was dealt, `pN sm` mucks. */
  | { kind: "showOrMuck"; player: number; show: PhhCard[] | "dealt" | false; comment?: string }
  /** An empty string or a string that is only a comment: kept so files round-trip. */
  | { kind: "none"; comment?: string };

export interface HandHistory {
  variant: PhhVariant;
  /** PokerKit writes it; Felt never trims antes (a short ante is an all-in ante). */
  anteTrimmingStatus?: boolean;
  antes: number[];
  /** Written [SB, BB, 0, …] even heads-up, where p1 (the big blind) pays index 1. */
  blindsOrStraddles: number[];
  /** FT and F5D only. */
  smallBet?: number;
  /** FT and F5D only. */
  bigBet?: number;
  /** NT, PO, P5D and N5D only. */
  minBet?: number;
  /** `Infinity` is the spec's `inf` (unknown stack). */
  startingStacks: number[];
  actions: PhhAction[];
  finishingStacks?: number[];
  winnings?: number[];
  players?: string[];
  seats?: number[];
  seatCount?: number;
  hand?: number | string;
  table?: number | string;
  currency?: string;
  /**
   * Every other field of the file, in file order: the spec's other optional
   * fields (author, event, time, …), `_`-prefixed user fields and unknown ones.
   * Kept as TOML values so that writing the history gives them back.
   */
  extra: Record<string, TomlValue>;
}

/** Stable error codes of the PHH layer; engine error codes pass through replay unchanged. */
export type PhhErrorCode =
  | "phh_syntax"
  | "phh_missing_field"
  | "phh_bad_field"
  | "phh_bad_amount"
  | "phh_unsupported_variant"
  | "phh_unsupported"
  | "phh_bad_action"
  | "phh_bad_card"
  | "phh_card_mismatch"
  | "phh_out_of_order"
  | "phh_incomplete";

export interface PhhError {
  code: PhhErrorCode | (string & {});
  message: string;
}

export type PhhResult<T> = { ok: true; value: T } | { ok: false; error: PhhError };

export const phhError = (code: PhhErrorCode, message: string): { ok: false; error: PhhError } => ({
  ok: false,
  error: { code, message },
});

/** Hole cards per player for each variant. */
export const HOLE_CARDS: Record<PhhVariant, number> = {
  NT: 2,
  FT: 2,
  PO: 4,
  F5D: 5,
  P5D: 5,
  N5D: 5,
};
