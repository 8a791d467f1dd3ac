export { formatAction, formatPhhCards, parseAction, parsePhhCards } from "./actions";
export { collectDeal, type Deal } from "./deal";
export { type ExportMeta, type ExportResult, exportHand } from "./export";
export {
  FELT_CAP_LIFTED_HEADS_UP,
  FELT_ODD_CHIPS,
  FELT_RAISE_CAP,
  forcedBetIndex,
  paidBy,
  rulesFromHistory,
  VARIANT_RULES,
  variantOf,
} from "./order";
export {
  type ParseAllResult,
  type ParseResult,
  type PhhsEntry,
  parsePhh,
  parsePhhs,
  parsePhhsEntries,
} from "./parse";
export { type CardPosition, cardPositions, type PositionsResult } from "./positions";
export { playersCopy } from "./redact";
export { type ReplayResult, replayHistory, startCommandOf } from "./replay";
export {
  fillUnknownCards,
  type ReplayStep,
  replaySteps,
  type StepAction,
  type StepAward,
  type StepPlayer,
  type StepPot,
  type StepsResult,
} from "./steps";
export {
  type HandHistory,
  PHH_VARIANTS,
  type PhhAction,
  type PhhCard,
  type PhhError,
  type PhhErrorCode,
  type PhhVariant,
} from "./types";
export { writePhh, writePhhs } from "./write";
