/**
 * The dealer's turn between the players' decisions: deal the improvements, reveal, settle
 * insurance, swap for a bought game, and settle every box. It works on the machine's
 * working copy of the state and stops whenever a player or the house has to act.
 */

import { mayBuyGame } from "./checks";
import { bestHand, hasGame } from "./combinations";
import { dealImprovements, swapForBoughtGame } from "./dealing";
import { insuranceWhenDealerHasNoGame, settleBox } from "./settlement";
import {
  BET_FIELDS,
  type BoxSettlement,
  type BoxState,
  type PlayerState,
  type RussianEvent,
  type RussianState,
} from "./types";

const playerOf = (state: RussianState, playerId: string | null): PlayerState => {
  const player = state.players.find((candidate) => candidate.id === playerId);
  if (player === undefined) throw new Error(`box owner ${playerId} is not at the table`);
  return player;
};

export const awaitsNoGameChoice = (box: BoxState): boolean =>
  box.status === "playing" && box.noGameChoice === null;

export function chooseNoGame(
  box: BoxState,
  choice: "takeAnte" | "buyGame",
  automatic: boolean,
  events: RussianEvent[],
): void {
  box.noGameChoice = choice;
  events.push({
    type: "noGameChoiceMade",
    box: box.box,
    choice,
    fee: box.fees.buyGame,
    automatic,
  });
}

/** Runs the dealer's part until a player (or the house) has to act again. */
export function advance(state: RussianState, events: RussianEvent[]): void {
  for (;;) {
    if (state.phase === "decisions") {
      if (state.boxes.some((box) => box.status === "deciding")) return;
      if (state.boxes.some((box) => box.status === "improving")) {
        if (!dealImprovements(state, events)) return;
        continue;
      }
      reveal(state, events);
      continue;
    }
    if (state.phase === "noGameChoices") {
      if (state.boxes.some(awaitsNoGameChoice)) return;
      const someoneBought = state.boxes.some((box) => box.noGameChoice === "buyGame");
      if (someoneBought && !swapForBoughtGame(state, events)) return;
      settleRound(state, events);
    }
    return;
  }
}

/** RP-7: the dealer shows his hand; with a game everything settles (RP-9), else RP-10 then RP-8. */
function reveal(state: RussianState, events: RussianEvent[]): void {
  const { dealer } = state;
  const hand = bestHand(dealer.cards);
  dealer.revealed = true;
  dealer.hasGame = hasGame(hand);
  events.push({
    type: "dealerRevealed",
    cards: [...dealer.cards],
    category: hand.category,
    hasGame: dealer.hasGame,
  });
  if (dealer.hasGame) {
    settleRound(state, events);
    return;
  }
  state.phase = "noGameChoices";
  for (const box of state.boxes.filter((candidate) => candidate.status === "playing")) {
    if (box.insurance > 0) {
      const result = insuranceWhenDealerHasNoGame(box, state.options);
      box.insuranceResult = result;
      playerOf(state, box.ownerId).chips += result.returned + result.paid;
      state.houseResult += result.lost - result.paid;
      events.push({ type: "insuranceSettled", box: box.box, result });
    }
    if (!mayBuyGame(box)) chooseNoGame(box, "takeAnte", true, events);
  }
}

function settleRound(state: RussianState, events: RussianEvent[]): void {
  for (const box of state.boxes) {
    if (box.ownerId === null) continue;
    const settlement = settleBox(box, state.dealer, state.options);
    const early = box.insuranceResult;
    const creditedEarlier = early === null ? 0 : early.returned + early.paid;
    playerOf(state, settlement.playerId).chips += settlement.toPlayer - creditedEarlier;
    state.houseResult += houseNet(settlement) - (early === null ? 0 : early.lost - early.paid);
    state.settlements.push(settlement);
    events.push({ type: "boxSettled", ...settlement });
  }
  state.phase = "settled";
  assertChipsConserved(state);
  events.push({
    type: "roundSettled",
    houseResult: state.houseResult,
    chips: state.players.map(({ id, chips }) => ({ id, chips })),
  });
}

/** What the house keeps minus what it pays, over every field of one box. */
export const houseNet = (settlement: BoxSettlement): number =>
  BET_FIELDS.reduce((sum, field) => sum + settlement[field].lost - settlement[field].paid, 0);

/** A broken invariant, not bad input: chips in = chips out + the house's result. */
function assertChipsConserved(state: RussianState): void {
  const before = state.players.reduce((sum, player) => sum + player.chipsAtStart, 0);
  const after = state.players.reduce((sum, player) => sum + player.chips, 0);
  if (before !== after + state.houseResult) {
    throw new Error(`chips not conserved: ${before} ≠ ${after} + ${state.houseResult}`);
  }
  for (const settlement of state.settlements) {
    for (const field of BET_FIELDS) {
      const { stake, returned, lost } = settlement[field];
      if (stake !== returned + lost) throw new Error(`box ${settlement.box} ${field} unbalanced`);
    }
  }
}
