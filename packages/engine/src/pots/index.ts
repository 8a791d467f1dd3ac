export { onePerWinner, remainderToFirst, type SplitRule } from "./odd-chips";
export { buildPots, type Contribution, mergeSameEligibility, type Pot } from "./pots";
export { isRakeRule, type RakeRule, rakeOf, shareRake } from "./rake";
