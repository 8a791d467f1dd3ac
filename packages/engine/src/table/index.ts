export { type HandPlan, planHand } from "./blinds";
export { choiceDue, nextHandConfig } from "./dealers-choice";
export { DEFAULT_FREE_SETS, type HomeGameSetup, MAX_FREE_SETS } from "./home-game";
export {
  awaitsRebuy,
  chipsOfPlayer,
  deckOfTable,
  liveStack,
  type Rebuy,
  readyToDeal,
  rebuysDue,
} from "./ready";
export { canShowAfterHand } from "./show-hand";
export {
  applyTable,
  chipsOnTable,
  createTable,
  handInProgress,
  handSeatOf,
  occupantOf,
  type TableSetup,
  type TableStakes,
} from "./table";
export { type TimeBankRule, timeBankAfterHand } from "./time-bank";
export type * from "./types";
export { tableViewer, tableViewFor } from "./view";
