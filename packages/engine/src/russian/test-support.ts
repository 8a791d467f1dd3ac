/** Helpers for this module's tests: scripted rounds from chosen hands. Not exported. */
import { type Card, parseCards } from "../cards";
import { houseActions, type LegalAction, legalActions } from "./legal-actions";
import { apply, startRound } from "./machine";
import { maxBonusFor, type RussianTableOptions } from "./options";
import { stackedDeck } from "./testing";
import type {
  ApplyResult,
  BoxSettlement,
  FieldResult,
  RussianCommand,
  RussianEvent,
  RussianState,
} from "./types";

export const cards = (text: string): Card[] => parseCards(text);

export function must(result: ApplyResult): { state: RussianState; events: RussianEvent[] } {
  if (!result.ok) throw new Error(`refused: ${result.error.code}: ${result.error.message}`);
  return { state: result.state, events: result.events };
}

/** Applies commands in order; every one must be accepted. */
export function run(
  state: RussianState,
  ...commands: RussianCommand[]
): { state: RussianState; events: RussianEvent[] } {
  let current = state;
  const events: RussianEvent[] = [];
  for (const command of commands) {
    const result = must(apply(current, command));
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

export interface ScriptedBox {
  playerId: string;
  box: number;
  ante: number;
  bonus?: number;
  /** Five cards, e.g. "AcAdKs8h9c". */
  hand: string;
}

export interface Script {
  options?: Partial<RussianTableOptions>;
  players?: { id: string; chips: number }[];
  /** Placed in this order (which decides open and closed boxes, RP-1). */
  boxes: ScriptedBox[];
  dealer: string;
  /** The next stub cards after the deal, in order: exchanges, sixth cards, dealer swaps. */
  draws?: string;
}

/** A round dealt from the script: bets placed, cards dealt, first decisions pending. */
export function dealt(script: Script): RussianState {
  const inBoxOrder = [...script.boxes].sort((a, b) => a.box - b.box);
  const deck = stackedDeck(
    inBoxOrder.map((box) => cards(box.hand)),
    cards(script.dealer),
    cards(script.draws ?? ""),
  );
  const players =
    script.players ??
    [...new Set(script.boxes.map((box) => box.playerId))].map((id) => ({ id, chips: 1000 }));
  const started = must(startRound({ options: script.options ?? {}, players, deck }));
  return run(
    started.state,
    ...script.boxes.map(
      (box): RussianCommand => ({
        type: "placeBets",
        playerId: box.playerId,
        box: box.box,
        ante: box.ante,
        bonus: box.bonus ?? 0,
      }),
    ),
    { type: "deal" },
  ).state;
}

export const field = (
  stake: number,
  paid: number,
  returned: number,
  lost: number,
): FieldResult => ({
  stake,
  paid,
  returned,
  lost,
});
export const none = field(0, 0, 0, 0);

export function settlementOf(state: RussianState, box: number): BoxSettlement {
  const settlement = state.settlements.find((candidate) => candidate.box === box);
  if (settlement === undefined) throw new Error(`box ${box} not settled (phase ${state.phase})`);
  return settlement;
}

/** Every bet field of a settlement, for one exhaustive assertion. */
export const moneyOf = (settlement: BoxSettlement) => ({
  ante: settlement.ante,
  bet: settlement.bet,
  bonus: settlement.bonus,
  insurance: settlement.insurance,
  exchangeFee: settlement.exchangeFee,
  sixthCardFee: settlement.sixthCardFee,
  buyGameFee: settlement.buyGameFee,
});

export const chipsOf = (state: RussianState, playerId: string): number =>
  state.players.find((player) => player.id === playerId)?.chips ?? Number.NaN;

/** A source of choices: an integer in [0, n). Tests feed it from fast-check. */
export type Choose = (n: number) => number;

export const tapeChooser = (tape: readonly number[]): Choose => {
  let position = 0;
  return (n) => {
    const value = tape[position % tape.length] ?? 0;
    position += 1;
    return n <= 1 ? 0 : value % n;
  };
};

export function shuffled<T>(items: readonly T[], choose: Choose): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = choose(i + 1);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

const pick = <T>(items: readonly T[], choose: Choose): T => items[choose(items.length)] as T;
const between = (min: number, max: number, choose: Choose): number =>
  max <= min ? min : min + choose(max - min + 1);

export function randomOptions(choose: Choose): Partial<RussianTableOptions> {
  const minAnte = between(1, 5, choose);
  return {
    boxesPerPlayer: pick([3, 4] as const, choose),
    bonusLimit: pick(["ante", "half-ante"] as const, choose),
    improve: pick(["once", "exchange-then-sixth"] as const, choose),
    antePaidOnWin: choose(2) === 1,
    maxPayout: pick([null, null, 50, 200, 1000], choose),
    minAnte,
    maxAnte: minAnte + between(0, 20, choose),
  };
}

/**
 * One legal command for the state, chosen at random among everything anyone may do now.
 * `heavy` fills the table and exchanges many cards, so that the stub runs out.
 */
export function randomLegalCommand(
  state: RussianState,
  choose: Choose,
  heavy = false,
): RussianCommand | null {
  if (state.phase === "awaitingReshuffle") {
    return { type: "reshuffle", cards: shuffled(state.discards, choose) };
  }
  let options: RussianCommand[] = [];
  for (const player of state.players) {
    for (const action of legalActions(state, player.id)) {
      const command = instantiate(state, player.id, action, choose, heavy);
      if (command !== null) options.push(command);
    }
  }
  if (heavy) {
    const preferred = options.filter((command) =>
      state.phase === "betting"
        ? command.type === "placeBets"
        : command.type === "exchange" ||
          command.type === "buySixthCard" ||
          command.type === "buyGame",
    );
    if (preferred.length > 0 && choose(5) !== 0) options = preferred;
  }
  // Closing bets and the clock compete with the players, but rarely win: rounds stay long.
  for (const action of houseActions(state)) {
    if (action.type === "deal" && (options.length === 0 || (!heavy && choose(4) === 0))) {
      options.push({ type: "deal" });
    }
    if (action.type === "timeout" && choose(12) === 0) options.push({ type: "timeout" });
  }
  return options.length === 0 ? null : pick(options, choose);
}

function instantiate(
  state: RussianState,
  playerId: string,
  action: LegalAction,
  choose: Choose,
  heavy: boolean,
): RussianCommand | null {
  switch (action.type) {
    case "placeBets": {
      const chips = state.players.find((player) => player.id === playerId)?.chips ?? 0;
      const ante = between(action.ante.min, action.ante.max, choose);
      const spare = chips - ante * (action.closed ? 3 : 1);
      const maxBonus = Math.min(maxBonusFor(state.options, ante), spare);
      const bonus = choose(2) === 0 ? 0 : between(0, maxBonus, choose);
      return { type: "placeBets", playerId, box: pick(action.boxes, choose), ante, bonus };
    }
    case "play": {
      const insurance =
        action.insurance !== null && choose(3) !== 0
          ? between(action.insurance.min, action.insurance.max, choose)
          : 0;
      return { type: "play", playerId, box: action.box, insurance };
    }
    case "exchange": {
      const hand = state.boxes[action.box]?.cards ?? [];
      const most = Math.min(action.cards.max, hand.length);
      const count = heavy && choose(2) === 0 ? most : between(action.cards.min, most, choose);
      const discard = shuffled(hand, choose).slice(0, count);
      return { type: "exchange", playerId, box: action.box, cards: discard };
    }
    case "clearBets":
      // Rare, or betting could go on for ever.
      return choose(8) === 0 ? { type: "clearBets", playerId, box: action.box } : null;
    default:
      return { type: action.type, playerId, box: action.box };
  }
}

export interface RandomRound {
  states: RussianState[];
  commands: RussianCommand[];
  events: RussianEvent[];
}

/** Plays a whole round with random legal decisions; every offered action must be accepted. */
export function randomRound(choose: Choose, heavy = choose(3) === 0, maxSteps = 300): RandomRound {
  const playerCount = heavy ? between(2, 6, choose) : between(1, 4, choose);
  const players = Array.from({ length: playerCount }, (_, i) => ({
    id: `p${i + 1}`,
    chips: heavy ? 5000 : pick([0, 5, 40, 300, 5000, 5000], choose),
  }));
  const deck = shuffled(
    Array.from({ length: 52 }, (_, card) => card),
    choose,
  );
  const started = must(startRound({ options: randomOptions(choose), players, deck }));
  const round: RandomRound = { states: [started.state], commands: [], events: started.events };
  let state = started.state;
  for (let step = 0; step < maxSteps && state.phase !== "settled"; step++) {
    const command = randomLegalCommand(state, choose, heavy);
    if (command === null) break;
    const result = apply(state, command);
    if (!result.ok) {
      throw new Error(`legal action refused: ${JSON.stringify(command)} → ${result.error.code}`);
    }
    state = result.state;
    round.states.push(state);
    round.commands.push(command);
    round.events.push(...result.events);
  }
  return round;
}

/** Chips still riding on boxes (insurance already settled at the reveal is not). */
export function chipsOnBoxes(state: RussianState): number {
  if (state.phase === "settled") return 0;
  return state.boxes.reduce(
    (sum, box) =>
      sum +
      box.ante +
      box.bet +
      box.bonus +
      (box.insuranceResult === null ? box.insurance : 0) +
      box.fees.exchange +
      box.fees.sixthCard +
      box.fees.buyGame,
    0,
  );
}

/** Every card is in exactly one place: a box, the dealer's hand, the stub or the discards. */
export function cardsAccountedFor(state: RussianState): boolean {
  const all = [
    ...state.boxes.flatMap((box) => box.cards),
    ...state.dealer.cards,
    ...state.stub,
    ...state.discards,
  ];
  return all.length === 52 && new Set(all).size === 52;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
