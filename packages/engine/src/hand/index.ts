export { apply } from "./apply";
export { checkDeck, type DeckLayout, deckLayout, HOLE_CARD_COUNT, stackDeck } from "./deck";
export { BrokenInvariant } from "./errors";
export { legalActions } from "./legal";
export { normalizeConfig } from "./rules";
export { startHand } from "./start";
export type * from "./types";
export { eventsFor, viewFor } from "./view";
