/**
 * What a table plays for, as its players count it (issue 48, bug 16): at
 * Russian poker the ANTE range (the stake's blinds hold its limits), at fixed
 * limit the bet sizes (small bet/big bet: 2/4 at blinds of 1/2), else the
 * blinds, with the ante if there is one.
 */
import { isStud } from "./stud";

export type StakeAmounts = {
  game: string;
  betting: string;
  smallBlind: number;
  bigBlind: number;
  smallBet?: number | null;
  bigBet?: number | null;
  ante?: number;
  /** ST-2: the stud bring-in, when the stake names one (the small blind otherwise, as in the engine). */
  bringIn?: number | null;
};

export type StakesLine =
  | { kind: "anteRange"; min: number; max: number }
  | { kind: "blinds"; small: number; big: number; ante: number }
  /** Stud (ST-1 … ST-4): fixed limit with antes and a bring-in. */
  | { kind: "stud"; small: number; big: number; ante: number; bringIn: number };

export function stakesLine(s: StakeAmounts): StakesLine {
  if (s.game === "russian") return { kind: "anteRange", min: s.smallBlind, max: s.bigBlind };
  const ante = s.ante ?? 0;
  // The engine's defaults when a limit stake names no bet sizes or bring-in (hand/rules.ts).
  if (isStud(s.game))
    return {
      kind: "stud",
      small: s.smallBet ?? s.bigBlind,
      big: s.bigBet ?? 2 * s.bigBlind,
      ante,
      bringIn: s.bringIn || s.smallBlind,
    };
  if (s.betting === "fixed-limit")
    return {
      kind: "blinds",
      small: s.smallBet ?? s.bigBlind,
      big: s.bigBet ?? 2 * s.bigBlind,
      ante,
    };
  return { kind: "blinds", small: s.smallBlind, big: s.bigBlind, ante };
}
