/**
 * Helpers for the hand tests (not exported from the package): a table with
 * seats 1…n and the button on the last seat, so seat k is PHH's pk (seat 1 the
 * small blind, heads-up the big blind), a stacked deck, and a tiny script
 * language: "3 raise 70", "2 call", "1 show-my-hand" (S-2's choice; "1 auto-show" clears it).
 */
import { type Card, parseCards } from "../cards";
import { apply } from "./apply";
import { stackDeck } from "./deck";
import { startHand } from "./start";
import type {
  BlindPositions,
  Command,
  HandConfig,
  HandEvent,
  HandState,
  PotView,
  ShowdownChoice,
} from "./types";
import { viewFor } from "./view";

export interface TableSetup extends Partial<HandConfig> {
  stacks: number[];
  /** Seat of the button; default the last seat. */
  button?: number;
  /** Hole cards by seat order 1…n, e.g. ["AcKd", "7h7s"]; missing ones are filled from the deck. */
  hole?: string[];
  /** Up to five board cards, e.g. "AhKhQh2c3d". */
  board?: string;
  /** Blind posters named by seat (the table layer's T-7 … T-9); default T-2. */
  blinds?: BlindPositions;
  /** S-2 choices by seat order 1…n (absent: auto). */
  atShowdown?: (ShowdownChoice | undefined)[];
}

export function table(setup: TableSetup): { state: HandState; events: HandEvent[] } {
  const n = setup.stacks.length;
  const button = setup.button ?? n;
  const config: HandConfig = {
    game: setup.game ?? "holdem",
    betting: setup.betting ?? "no-limit",
    smallBlind: setup.smallBlind ?? 1,
    bigBlind: setup.bigBlind ?? 2,
    ...pick(setup, [
      "ante",
      "anteKind",
      "smallBet",
      "bigBet",
      "raiseCap",
      "capLiftedHeadsUp",
      "oddChips",
      "rake",
    ]),
  };
  // Dealing starts left of the button: seat button+1, …, wrapping round to the button.
  const holeBySeat = setup.hole ?? [];
  const holeInDealingOrder = Array.from({ length: n }, (_, k) => {
    const seatIndex = (button + k) % n; // 0-based index of seat button+1+k
    const text = holeBySeat[seatIndex];
    return text ? parseCards(text) : [];
  });
  const stacked = stackDeck(
    config.game,
    holeInDealingOrder,
    setup.board ? parseCards(setup.board) : [],
  );
  if (!stacked.ok) throw new Error(stacked.error.message);
  const result = startHand({
    type: "start",
    config,
    players: setup.stacks.map((stack, i) => {
      const atShowdown = setup.atShowdown?.[i];
      return { seat: i + 1, stack, ...(atShowdown ? { atShowdown } : {}) };
    }),
    button,
    deck: stacked.deck,
    ...(setup.blinds ? { blinds: setup.blinds } : {}),
  });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return { state: result.state, events: result.events };
}

function pick<T extends object, K extends keyof T>(object: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (object[key] !== undefined) out[key] = object[key];
  return out;
}

/** "3 raise 70" → { type: "betOrRaiseTo", seat: 3, amount: 70 }. */
export function command(line: string): Command {
  const [seatText, verb, amountText] = line.trim().split(/\s+/);
  const seat = Number(seatText);
  switch (verb) {
    case "bet":
    case "raise":
      return { type: "betOrRaiseTo", seat, amount: Number(amountText) };
    case "fold":
    case "check":
    case "call":
    case "timeout":
      return { type: verb, seat };
    // S-2: "3 show-my-hand" / "3 auto-show" set or clear the choice to show a beaten hand.
    case "show-my-hand":
    case "auto-show":
      return { type: "showMyHand", seat, show: verb === "show-my-hand" };
    default:
      throw new Error(`bad script line "${line}"`);
  }
}

/** Plays script lines, failing loudly on the first refused one; returns the last state and every event. */
export function play(state: HandState, lines: string[]): { state: HandState; events: HandEvent[] } {
  const events: HandEvent[] = [];
  let current = state;
  for (const line of lines) {
    const result = apply(current, command(line));
    if (!result.ok)
      throw new Error(`"${line}" refused: ${result.error.code} (${result.error.message})`);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

/** Everyone checks until the betting is over (the showdown plays itself); returns the last state and the events. */
export function checkDown(state: HandState): { state: HandState; events: HandEvent[] } {
  const events: HandEvent[] = [];
  let current = state;
  while (current.phase !== "complete" && current.toAct !== null) {
    const result = apply(current, { type: "check", seat: current.toAct });
    if (!result.ok) throw new Error(`seat ${current.toAct} cannot check: ${result.error.code}`);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

/** The error code `line` gets, or "ok". */
export function attempt(state: HandState, line: string): string {
  const result = apply(state, command(line));
  return result.ok ? "ok" : result.error.code;
}

export const stacksOf = (state: HandState): number[] => state.players.map((p) => p.stack);

export const potsOf = (state: HandState): PotView[] => viewFor(state, null).pots;

export const eventsOfType = <T extends HandEvent["type"]>(events: HandEvent[], type: T) =>
  events.filter((e): e is Extract<HandEvent, { type: T }> => e.type === type);

export const cards = (text: string): Card[] => parseCards(text);
