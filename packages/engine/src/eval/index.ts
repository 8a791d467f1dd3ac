/**
 * Hand evaluation (RULES.md section 1): a hand's value is one integer, higher
 * wins, equal splits. `evaluate7` is the allocation-free hot path; the tables
 * behind it are built at load (./tables).
 */
export { bestHand, bestOmahaHand, type HandResult } from "./best-hand";
export { type CategoryCounts, countHandsByCategory } from "./census";
export { describeHand } from "./describe";
export { evaluate, evaluate7 } from "./evaluate";
export { CATEGORIES, type Category, categoryOf, isRoyal } from "./value";
