import { fixedLimit } from "./fixed-limit";
import { noLimit } from "./no-limit";
import { potLimit } from "./pot-limit";
import type { BettingKind, BettingStructure } from "./structure";

export { fixedLimit } from "./fixed-limit";
export { noLimit } from "./no-limit";
export { potLimit } from "./pot-limit";
export type { BettingKind, BettingSituation, BettingStructure } from "./structure";

export const BETTING_STRUCTURES: Readonly<Record<BettingKind, BettingStructure>> = Object.freeze({
  "no-limit": noLimit,
  "pot-limit": potLimit,
  "fixed-limit": fixedLimit,
});

export const isBettingKind = (value: unknown): value is BettingKind =>
  value === "no-limit" || value === "pot-limit" || value === "fixed-limit";
