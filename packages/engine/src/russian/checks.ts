/**
 * One check per command, shared by `apply` and `legalActions`, so what a client is
 * offered is exactly what the engine accepts. Each returns why not, or null.
 */
import type { Card } from "../cards";
import {
  bestHand,
  betMultiplier,
  boxCombinations,
  categoryStrength,
  hasGame,
} from "./combinations";
import { error, type RussianError } from "./errors";
import { maxBonusFor } from "./options";
import {
  type BoxState,
  type HouseCommand,
  OPEN_BOXES_PER_PLAYER,
  type PlayerCommand,
  type PlayerState,
  type RussianState,
} from "./types";

type CommandOf<T extends PlayerCommand["type"]> = Extract<PlayerCommand, { type: T }>;

export const findPlayer = (state: RussianState, playerId: string): PlayerState | undefined =>
  state.players.find((player) => player.id === playerId);

export const boxesOf = (state: RussianState, playerId: string): BoxState[] =>
  state.boxes.filter((box) => box.ownerId === playerId);

const boxAt = (state: RussianState, index: number): BoxState => {
  const box = state.boxes[index];
  if (box === undefined) throw new Error(`box ${index} does not exist`); // parseCommand checked it
  return box;
};

/** RP-1: a player's first two boxes are open, any further box is closed. */
export const nextBoxIsClosed = (state: RussianState, playerId: string): boolean =>
  boxesOf(state, playerId).filter((box) => !box.closed).length >= OPEN_BOXES_PER_PLAYER;

/** RP-1: the same ANTE on all of a player's boxes, within the table limits. */
export function anteRangeFor(state: RussianState, playerId: string): { min: number; max: number } {
  const placed = boxesOf(state, playerId)[0];
  if (placed !== undefined) return { min: placed.ante, max: placed.ante };
  return { min: state.options.minAnte, max: state.options.maxAnte };
}

export const betFor = (box: BoxState): number => 2 * box.ante;

/**
 * RP-10: insurance from the BET up to the box's full possible win (both combinations,
 * RP-6), never above the table's maximum payout (RP-11: more could never be paid).
 * Null when the box may not insure.
 */
export function insuranceRange(
  state: RussianState,
  box: BoxState,
): { min: number; max: number } | null {
  if (box.closed || box.cards.length < 5) return null;
  const combinations = boxCombinations(box.cards, state.options.payTable);
  if (categoryStrength(combinations.first.category) < categoryStrength("threeOfAKind")) return null;
  const bet = betFor(box);
  const fullWin = bet * betMultiplier(combinations, state.options.payTable);
  const max = Math.min(fullWin, state.options.maxPayout ?? fullWin);
  return max >= bet ? { min: bet, max } : null;
}

/** RP-4 Decision and its option: which improvements the box may still buy. */
export function improvementsOpen(
  state: RussianState,
  box: BoxState,
): { exchange: boolean; sixthCard: boolean } {
  if (box.closed) return { exchange: false, sixthCard: false };
  const improvedAtAll = box.exchanged !== null || box.boughtSixthCard;
  return {
    exchange: !improvedAtAll,
    sixthCard:
      state.options.improve === "exchange-then-sixth" ? !box.boughtSixthCard : !improvedAtAll,
  };
}

/** Buying a game is for a box "with a significant combination": ace-king or better. */
export const mayBuyGame = (box: BoxState): boolean =>
  !box.closed && box.cards.length >= 5 && hasGame(bestHand(box.cards));

const wrongPhase = (state: RussianState, action: string) =>
  error("wrong_phase", `cannot ${action} during ${state.phase}`);

function checkOwnBox(
  state: RussianState,
  command: { playerId: string; box: number },
): RussianError | null {
  if (findPlayer(state, command.playerId) === undefined) {
    return error("unknown_player", `no player "${command.playerId}" at this table`);
  }
  if (boxAt(state, command.box).ownerId !== command.playerId) {
    return error("not_your_box", `box ${command.box} is not ${command.playerId}'s`);
  }
  return null;
}

function checkAffords(state: RussianState, playerId: string, amount: number): RussianError | null {
  const chips = findPlayer(state, playerId)?.chips ?? 0;
  return amount > chips ? error("insufficient_chips", `needs ${amount} chips, has ${chips}`) : null;
}

export function checkPlaceBets(
  state: RussianState,
  command: CommandOf<"placeBets">,
): RussianError | null {
  if (state.phase !== "betting") return wrongPhase(state, "place bets");
  if (findPlayer(state, command.playerId) === undefined) {
    return error("unknown_player", `no player "${command.playerId}" at this table`);
  }
  if (boxAt(state, command.box).ownerId !== null) {
    return error("box_taken", `box ${command.box} already has bets`);
  }
  if (boxesOf(state, command.playerId).length >= state.options.boxesPerPlayer) {
    return error("too_many_boxes", `at most ${state.options.boxesPerPlayer} boxes per player`);
  }
  const { minAnte, maxAnte } = state.options;
  if (command.ante < minAnte || command.ante > maxAnte) {
    return error("ante_out_of_range", `ante must be from ${minAnte} to ${maxAnte}`);
  }
  const placed = boxesOf(state, command.playerId)[0];
  if (placed !== undefined && command.ante !== placed.ante) {
    return error("ante_mismatch", `the same ante (${placed.ante}) on all of a player's boxes`);
  }
  const bonus = command.bonus ?? 0;
  const maxBonus = maxBonusFor(state.options, command.ante);
  if (bonus > maxBonus) {
    return error("bonus_too_large", `bonus at most ${maxBonus} with ante ${command.ante}`);
  }
  const closed = nextBoxIsClosed(state, command.playerId);
  return checkAffords(state, command.playerId, command.ante * (closed ? 3 : 1) + bonus);
}

export function checkClearBets(
  state: RussianState,
  command: CommandOf<"clearBets">,
): RussianError | null {
  if (state.phase !== "betting") return wrongPhase(state, "clear bets");
  return checkOwnBox(state, command);
}

function checkDeciding(
  state: RussianState,
  command: { playerId: string; box: number },
  action: string,
): RussianError | null {
  if (state.phase !== "decisions") return wrongPhase(state, action);
  const ownership = checkOwnBox(state, command);
  if (ownership !== null) return ownership;
  const box = boxAt(state, command.box);
  if (box.closed) return error("closed_box", `box ${box.box} is closed: it has no options`);
  if (box.status !== "deciding") {
    return error("not_awaiting_decision", `box ${box.box} is ${box.status}, not deciding`);
  }
  return null;
}

export const checkFold = (state: RussianState, command: CommandOf<"fold">) =>
  checkDeciding(state, command, "fold");

export function checkPlay(state: RussianState, command: CommandOf<"play">): RussianError | null {
  const deciding = checkDeciding(state, command, "play");
  if (deciding !== null) return deciding;
  const box = boxAt(state, command.box);
  const insurance = command.insurance ?? 0;
  if (insurance > 0) {
    const range = insuranceRange(state, box);
    if (range === null) {
      return error(
        "insurance_not_allowed",
        "insurance needs an open box with three of a kind or better (RP-10)",
      );
    }
    if (insurance < range.min || insurance > range.max) {
      return error("insurance_out_of_range", `insurance from ${range.min} to ${range.max}`);
    }
  }
  return checkAffords(state, command.playerId, betFor(box) + insurance);
}

export function checkExchange(
  state: RussianState,
  command: CommandOf<"exchange">,
): RussianError | null {
  const deciding = checkDeciding(state, command, "exchange");
  if (deciding !== null) return deciding;
  const box = boxAt(state, command.box);
  if (!improvementsOpen(state, box).exchange) {
    return error("already_improved", `box ${box.box} cannot exchange again (RP-4)`);
  }
  const cards: Card[] = command.cards;
  if (cards.length < 1 || cards.length > 5) {
    return error("invalid_exchange", "exchange 1 to 5 cards");
  }
  if (new Set(cards).size !== cards.length || !cards.every((card) => box.cards.includes(card))) {
    return error("invalid_exchange", "exchange distinct cards from the box's own hand");
  }
  return checkAffords(state, command.playerId, box.ante);
}

export function checkBuySixthCard(
  state: RussianState,
  command: CommandOf<"buySixthCard">,
): RussianError | null {
  const deciding = checkDeciding(state, command, "buy a sixth card");
  if (deciding !== null) return deciding;
  const box = boxAt(state, command.box);
  if (!improvementsOpen(state, box).sixthCard) {
    return error("already_improved", `box ${box.box} cannot buy a sixth card now (RP-4)`);
  }
  return checkAffords(state, command.playerId, box.ante);
}

function checkNoGameChoice(
  state: RussianState,
  command: { playerId: string; box: number },
  action: string,
): RussianError | null {
  if (state.phase !== "noGameChoices") return wrongPhase(state, action);
  const ownership = checkOwnBox(state, command);
  if (ownership !== null) return ownership;
  const box = boxAt(state, command.box);
  if (box.closed) return error("closed_box", `box ${box.box} is closed: it takes the ante (RP-1)`);
  if (box.status !== "playing" || box.noGameChoice !== null) {
    return error("not_awaiting_decision", `box ${box.box} has no choice to make`);
  }
  return null;
}

export const checkTakeAnte = (state: RussianState, command: CommandOf<"takeAnte">) =>
  checkNoGameChoice(state, command, "take the ante");

export function checkBuyGame(
  state: RussianState,
  command: CommandOf<"buyGame">,
): RussianError | null {
  const box = boxAt(state, command.box);
  // Checked before the choice itself: a box that may not buy was already given the ANTE.
  const beforeChoice = state.phase === "noGameChoices" && checkOwnBox(state, command) === null;
  if (beforeChoice && !box.closed && box.status === "playing" && !mayBuyGame(box)) {
    return error("buy_game_not_allowed", "buying a game needs ace-king or better (RP-8)");
  }
  const choice = checkNoGameChoice(state, command, "buy a game");
  if (choice !== null) return choice;
  return checkAffords(state, command.playerId, box.ante);
}

type HouseCommandOf<T extends HouseCommand["type"]> = Extract<HouseCommand, { type: T }>;

export function checkDeal(state: RussianState): RussianError | null {
  if (state.phase !== "betting") return wrongPhase(state, "deal");
  if (!state.boxes.some((box) => box.status === "staked")) {
    return error("no_bets", "no box has an ante");
  }
  return null;
}

export function checkReshuffle(
  state: RussianState,
  command: HouseCommandOf<"reshuffle">,
): RussianError | null {
  if (state.phase !== "awaitingReshuffle") return wrongPhase(state, "reshuffle");
  const expected = [...state.discards].sort((a, b) => a - b).join(",");
  const given = [...command.cards].sort((a, b) => a - b).join(",");
  if (expected !== given) {
    return error("invalid_reshuffle", "a reshuffle must be a permutation of exactly the discards");
  }
  return null;
}

export function checkTimeout(state: RussianState): RussianError | null {
  return state.phase === "decisions" || state.phase === "noGameChoices"
    ? null
    : wrongPhase(state, "time out");
}
