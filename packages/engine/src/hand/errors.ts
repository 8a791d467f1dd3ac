import type { ErrorCode, HandError } from "./types";

export const handError = (code: ErrorCode, message: string): HandError => ({ code, message });

export const failure = (code: ErrorCode, message: string): { ok: false; error: HandError } => ({
  ok: false,
  error: { code, message },
});

/** Integer chips only: no NaN, no Infinity, no fractions, nothing beyond 2^53. */
export const isChipAmount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** Thrown only when the engine itself is wrong (chips not conserved), never for bad input. */
export class BrokenInvariant extends Error {
  override name = "BrokenInvariant";
}
