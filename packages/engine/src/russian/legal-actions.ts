/**
 * What a player may do now, built by running the same checks `apply` runs, so the UI
 * offers exactly what the engine accepts. Amount ranges already account for the chips
 * the player has at the table.
 */
import type { Card } from "../cards";
import {
  anteRangeFor,
  betFor,
  boxesOf,
  findPlayer,
  insuranceRange,
  nextBoxIsClosed,
} from "./checks";
import { checkCommand } from "./machine";
import type { BoxState, RussianState } from "./types";

export type LegalAction =
  | {
      type: "placeBets";
      /** Free boxes. */
      boxes: number[];
      /** RP-1: the next box would be closed (ANTE + BET placed at once). */
      closed: boolean;
      ante: { min: number; max: number };
      /** RP-2: the bonus may be at most this share of the ANTE (and what the chips allow). */
      bonusLimit: "ante" | "half-ante";
    }
  | { type: "clearBets"; box: number }
  | { type: "fold"; box: number }
  | { type: "play"; box: number; bet: number; insurance: { min: number; max: number } | null }
  | { type: "exchange"; box: number; fee: number; cards: { min: 1; max: 5 } }
  | { type: "buySixthCard"; box: number; fee: number }
  | { type: "takeAnte"; box: number }
  | { type: "buyGame"; box: number; fee: number };

export type HouseAction =
  | { type: "deal" }
  | { type: "reshuffle"; discardCount: number }
  | { type: "timeout" };

function boxActions(state: RussianState, playerId: string, box: BoxState): LegalAction[] {
  const actions: LegalAction[] = [];
  const target = { playerId, box: box.box };
  const chips = findPlayer(state, playerId)?.chips ?? 0;
  if (checkCommand(state, { type: "clearBets", ...target }) === null) {
    actions.push({ type: "clearBets", box: box.box });
  }
  if (checkCommand(state, { type: "fold", ...target }) === null) {
    actions.push({ type: "fold", box: box.box });
  }
  if (checkCommand(state, { type: "play", ...target }) === null) {
    const range = insuranceRange(state, box);
    const affordableMax = range === null ? 0 : Math.min(range.max, chips - betFor(box));
    const insurance =
      range !== null && affordableMax >= range.min ? { min: range.min, max: affordableMax } : null;
    actions.push({ type: "play", box: box.box, bet: betFor(box), insurance });
  }
  const anyCard = box.cards.slice(0, 1) as Card[];
  if (checkCommand(state, { type: "exchange", ...target, cards: anyCard }) === null) {
    actions.push({ type: "exchange", box: box.box, fee: box.ante, cards: { min: 1, max: 5 } });
  }
  if (checkCommand(state, { type: "buySixthCard", ...target }) === null) {
    actions.push({ type: "buySixthCard", box: box.box, fee: box.ante });
  }
  if (checkCommand(state, { type: "takeAnte", ...target }) === null) {
    actions.push({ type: "takeAnte", box: box.box });
  }
  if (checkCommand(state, { type: "buyGame", ...target }) === null) {
    actions.push({ type: "buyGame", box: box.box, fee: box.ante });
  }
  return actions;
}

function placeBetsAction(state: RussianState, playerId: string): LegalAction | null {
  const player = findPlayer(state, playerId);
  if (player === undefined) return null;
  const closed = nextBoxIsClosed(state, playerId);
  const range = anteRangeFor(state, playerId);
  const max = Math.min(range.max, Math.floor(player.chips / (closed ? 3 : 1)));
  const boxes = state.boxes
    .filter(
      (box) =>
        checkCommand(state, { type: "placeBets", playerId, box: box.box, ante: range.min }) ===
        null,
    )
    .map((box) => box.box);
  if (boxes.length === 0 || max < range.min) return null;
  return {
    type: "placeBets",
    boxes,
    closed,
    ante: { min: range.min, max },
    bonusLimit: state.options.bonusLimit,
  };
}

/**
 * A player's actions on all his boxes (and new boxes while betting), or, given a box
 * number, its owner's actions on that box.
 */
export function legalActions(state: RussianState, playerOrBox: string | number): LegalAction[] {
  if (typeof playerOrBox === "number") {
    const box = state.boxes[playerOrBox];
    if (box === undefined || box.ownerId === null) return [];
    return boxActions(state, box.ownerId, box);
  }
  if (findPlayer(state, playerOrBox) === undefined) return [];
  const placing = placeBetsAction(state, playerOrBox);
  return [
    ...(placing === null ? [] : [placing]),
    ...boxesOf(state, playerOrBox).flatMap((box) => boxActions(state, playerOrBox, box)),
  ];
}

/** What the room (the house) must or may send: closing bets, a reshuffle, the clock. */
export function houseActions(state: RussianState): HouseAction[] {
  const actions: HouseAction[] = [];
  if (checkCommand(state, { type: "deal" }) === null) actions.push({ type: "deal" });
  if (state.phase === "awaitingReshuffle") {
    actions.push({ type: "reshuffle", discardCount: state.discards.length });
  }
  if (checkCommand(state, { type: "timeout" }) === null) actions.push({ type: "timeout" });
  return actions;
}
