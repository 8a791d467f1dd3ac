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
export { type RebuySkipped, skipRebuy } from "./rebuy-skip";
export { advanceClock, bankUsed, choiceClock, type RoomClock } from "./room-clock";
export { duplicateOf, isStale } from "./room-commands";
export {
  ABSENT_ACTION_MS,
  absentOnTheClock,
  awaitingChoice,
  type DueWork,
  dueWork,
  nextDeadline,
  type OtherWork,
  refilledBanks,
  sitOutSinceAfter,
  type TableTimers,
  type TableTiming,
  timersAfter,
} from "./room-timers";
export { canShowAfterHand } from "./show-hand";
export {
  DEALERS_CHOICE_HANDS,
  DEALERS_CHOICE_IDS,
  type DealersChoiceId,
  type DealersChoiceNames,
  dealersChoiceGamesOf,
  NEXT_HAND_DELAY_MS,
  SIT_OUT_EXPIRY_MS,
  type StakeTerms,
  type TablePlan,
  tablePlan,
} from "./stake-plan";
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
export {
  joinWaitlist,
  leaveWaitlist,
  MAX_WAITING,
  maySit,
  SEAT_OFFER_MS,
  settleWaitlist,
  type Waiting,
  type Waitlist,
  type WaitlistRefusal,
  type WaitlistResult,
  waitingPlace,
  waitlistDeadline,
} from "./waitlist";
