export { type SeededRandom, seededRandom, shuffleInPlace } from "../seeded-random";
export { isAmount, MAX_AMOUNT, MAX_ANTE, MAX_MULTIPLIER } from "./amounts";
export {
  BONUS_CATEGORIES,
  type BonusCategory,
  type BonusPayTable,
  type BoxCombinations,
  bestHand,
  betMultiplier,
  bonusCategory,
  boxCombinations,
  CATEGORIES,
  type Category,
  type Combination,
  combinationsAmong,
  compareHands,
  evaluateFive,
  hasGame,
  PAYING_CATEGORIES,
  type PayingCategory,
  type PayTable,
  type RussianHand,
} from "./combinations";
export { parseCommand } from "./commands";
export { houseNet } from "./dealer-turn";
export type { OptionErrorCode, RussianError, RussianErrorCode } from "./errors";
export { type HouseAction, houseActions, type LegalAction, legalActions } from "./legal-actions";
export { apply, checkCommand, startRound } from "./machine";
export { DEFAULT_OPTIONS, maxBonusFor, type RussianTableOptions, resolveOptions } from "./options";
export {
  bonusPayTableIssue,
  DEFAULT_BONUS_PAY_TABLE,
  DEFAULT_PAY_TABLE,
  type PayTableIssue,
  type PayTableIssueCode,
  payTableIssue,
} from "./pay-tables";
export { RULES_RTP_RUN, type RulesRtp, rulesRtp } from "./rtp";
export { settleBox } from "./settlement";
export {
  CARDS_A_ROUND_CAN_USE,
  CHUNK_HANDS,
  chunkCount,
  emptyTally,
  forEachDeck,
  type HandResult,
  handsInChunk,
  mergeTally,
  OUTCOMES,
  type Outcome,
  playRoundFast,
  playRoundWithMachine,
  prepareSimulation,
  returnToPlayer,
  roundPlayer,
  type Simulation,
  type SimulationEngine,
  type SimulationRequest,
  simulate,
  simulateChunk,
  type Tally,
} from "./simulate";
export {
  akj83,
  alwaysPlay,
  basic,
  basicDecision,
  buyGameAdvantage,
  buyingBeatsTheAnte,
  type Decision,
  type DecisionView,
  isStrategyName,
  type NoGameChoice,
  type NoGameView,
  pairOrBetter,
  STRATEGIES,
  STRATEGY_NAMES,
  type Strategy,
  type StrategyName,
} from "./strategies";
export {
  applyRussianTable,
  chipsAtTable,
  chipsOf,
  createRussianTable,
  everyoneReady,
  type RussianSeat,
  type RussianTableCommand,
  type RussianTableEvent,
  type RussianTableResult,
  type RussianTableRules,
  type RussianTableSetup,
  type RussianTableState,
  takingBets,
} from "./table";
export { type RussianTableView, russianTableView } from "./table-view";
export { stackedDeck } from "./testing";
export * from "./types";
export { type BoxView, type RussianView, type SettlementView, viewFor } from "./views";
