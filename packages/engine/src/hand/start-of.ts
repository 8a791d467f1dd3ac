/**
 * A hand's start command, read back from the hand: what a history is written
 * from (phh/export.ts) once the hand is over, without keeping the command.
 */
import type { Card } from "../cards";
import { deckOf } from "../eval";
import { hasDraw, isStud } from "./games";
import type {
  BlindPositions,
  HandConfig,
  HandEvent,
  HandRules,
  HandState,
  StartHand,
} from "./types";

/**
 * The deck the hand was dealt from. A draw hand's `deck` grows by each
 * reshuffle's stub (draw.ts); its first cards, one of each card of the game,
 * are the deal.
 */
export function dealtDeck(state: Pick<HandState, "deck" | "rules">): Card[] {
  if (!hasDraw(state.rules.game)) return state.deck.slice();
  return state.deck.slice(0, deckOf(state.rules).length);
}

/**
 * The start command that dealt this hand: its rules, starting stacks,
 * button and deck, and the blind posters read from its `events` (the table
 * layer names them: dead button, missed blinds, T-7…T-9; the state keeps
 * only their chips).
 */
export function startOfHand(state: HandState, events: readonly HandEvent[]): StartHand {
  const start: StartHand = {
    type: "start",
    config: configOf(state.rules),
    players: state.players.map((p) => ({
      seat: p.seat,
      stack: p.startingStack,
      ...(p.name === undefined ? {} : { name: p.name }),
    })),
    button: state.button,
    deck: dealtDeck(state),
  };
  const blinds = blindsOf(events);
  if (blinds) start.blinds = blinds;
  return start;
}

/** The rules a hand carries, as the config that deals it again (deck options are draw-only). */
function configOf(rules: HandRules): HandConfig {
  const {
    holeCardCount: _derived,
    deckType,
    wild,
    flushBeatsFullHouse,
    bringIn,
    openPair,
    ...config
  } = rules;
  const plain = deckType === "52" && wild === "none" && !flushBeatsFullHouse;
  const home = plain ? config : { ...config, deckType, wild, flushBeatsFullHouse };
  // Stud's own options; they are refused for the other games.
  return isStud(rules.game) ? { ...home, bringIn, openPair } : home;
}

function blindsOf(events: readonly HandEvent[]): BlindPositions | null {
  let smallBlind: number | null = null;
  let bigBlind: number | null = null;
  const extraBigBlinds: number[] = [];
  const deadSmallBlinds: number[] = [];
  for (const e of events) {
    if (e.type === "deadBlindPosted") deadSmallBlinds.push(e.seat);
    if (e.type !== "blindPosted") continue;
    if (e.extra) extraBigBlinds.push(e.seat);
    else if (e.blind === "small") smallBlind = e.seat;
    else bigBlind = e.seat;
  }
  if (bigBlind === null) return null;
  return {
    smallBlind,
    bigBlind,
    ...(extraBigBlinds.length > 0 ? { extraBigBlinds } : {}),
    ...(deadSmallBlinds.length > 0 ? { deadSmallBlinds } : {}),
  };
}
