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
export type PhhVariant = "NT" | "FT" | "PO" | DrawVariant | StudVariant;
export type DrawVariant = "F5D" | "P5D" | "N5D";
/**
 * Stud (ST-8): the spec's F7S (fixed-limit seven-card stud), and Felt's own
 * codes for five-card stud (F5S) and the wild option (ST-7): F7SW, seven-card
 * stud with the low hole card wild, F5SW, five-card stud with the lowest card
 * wild. A wild hand under F7S would pay the wrong player in PokerKit.
 */
export type StudVariant = "F7S" | "F5S" | "F7SW" | "F5SW";
export const PHH_VARIANTS: readonly PhhVariant[] = [
  "NT",
  "FT",
  "PO",
  "F5D",
  "P5D",
  "N5D",
  "F7S",
  "F5S",
  "F7SW",
  "F5SW",
];
export const isDrawVariant = (variant: PhhVariant): variant is DrawVariant =>
  variant === "F5D" || variant === "P5D" || variant === "N5D";
export const isStudVariant = (variant: PhhVariant): variant is StudVariant =>
  variant === "F7S" || variant === "F5S" || variant === "F7SW" || variant === "F5SW";
/** Fixed-limit variants have `small_bet`/`big_bet`; the others `min_bet`. */
export const isFixedLimitVariant = (variant: PhhVariant): boolean =>
  variant === "FT" || variant === "F5D" || isStudVariant(variant);

/** A hole or board card as written; `null` is the unknown card `??`. */
export type PhhCard = Card | null;

/** One entry of `actions`. `player` is 0-based (p1 → 0); `comment` is the text after ` # `. */
export type PhhAction =
  | { kind: "dealHole"; player: number; cards: PhhCard[]; comment?: string }
  | { kind: "dealBoard"; cards: Card[]; comment?: string }
  | { kind: "fold"; player: number; comment?: string }
  | { kind: "checkOrCall"; player: number; comment?: string }
  | { kind: "betOrRaiseTo"; player: number; amount: number; comment?: string }
  /** Stud: `pN pb` posts the bring-in (ST-2). */
  | { kind: "postBringIn"; player: number; comment?: string }
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
  /** Written [SB, BB, 0, …] even heads-up, where p1 (the big blind) pays index 1. Stud: zeros, not written. */
  blindsOrStraddles: number[];
  /** Stud only (ST-2). */
  bringIn?: number;
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

/** Hole cards per player for each variant (stud: the first deal, down and up cards together). */
export const HOLE_CARDS: Record<PhhVariant, number> = {
  NT: 2,
  FT: 2,
  PO: 4,
  F5D: 5,
  P5D: 5,
  N5D: 5,
  F7S: 3,
  F5S: 2,
  F7SW: 3,
  F5SW: 2,
};
