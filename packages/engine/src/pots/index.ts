export { onePerWinner, remainderToFirst, type SplitRule } from "./odd-chips";
export {
  buildPots,
  buildPotsWithDeadMoney,
  type Contribution,
  type DeadMoney,
  mergeSameEligibility,
  type Pot,
} from "./pots";
export { isRakeRule, type RakeRule, rakeOf, shareRake } from "./rake";
