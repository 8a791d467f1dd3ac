/**
 * Helpers for the draw tests (not exported from the package): a draw table
 * with seats 1…n and the button on the last seat (seat k is PHH's pk), hands
 * and stub given as text, and script lines that add "2 draw AcKd" / "2 pat"
 * to test-support's "3 raise 70".
 */
import { type Card, parseCards } from "../cards";
import { apply } from "./apply";
import { stackDrawDeck } from "./draw-deck";
import { startHand } from "./start";
import { command as bettingCommand } from "./test-support";
import type { Command, HandConfig, HandEvent, HandState } from "./types";

export interface DrawSetup extends Partial<HandConfig> {
  stacks: number[];
  /** Five cards per seat, seat order 1…n, e.g. ["AcKdQhJsTc", …]; missing ones come from the deck. */
  hole?: string[];
  /** The first cards of the stub, in the order the draw takes them. */
  stub?: string;
  button?: number;
}

export function drawTable(setup: DrawSetup): { state: HandState; events: HandEvent[] } {
  const n = setup.stacks.length;
  const button = setup.button ?? n;
  const config: HandConfig = {
    game: "five-card-draw",
    betting: "fixed-limit",
    smallBlind: 1,
    bigBlind: 2,
    ...setup,
  };
  for (const key of ["stacks", "hole", "stub", "button"] as const)
    delete (config as unknown as Record<string, unknown>)[key];
  const holes = Array.from({ length: n }, (_, k) => {
    const text = setup.hole?.[(button + k) % n];
    return text ? parseCards(text) : [];
  });
  const deck = stackDrawDeck(
    { deckType: config.deckType ?? "52", wild: config.wild ?? "none" },
    holes,
    setup.stub ? parseCards(setup.stub) : [],
  );
  if (!deck.ok) throw new Error(deck.error.message);
  const result = startHand({
    type: "start",
    config,
    players: setup.stacks.map((stack, i) => ({ seat: i + 1, stack })),
    button,
    deck: deck.deck,
  });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return { state: result.state, events: result.events };
}

/** "2 draw AcKd" (discard those), "2 pat" (stand pat), or any line of test-support's script. */
export function drawCommand(line: string): Command {
  const [seatText, verb, cards] = line.trim().split(/\s+/);
  const seat = Number(seatText);
  if (verb === "pat") return { type: "draw", seat, discard: [] };
  if (verb === "draw") return { type: "draw", seat, discard: parseCards(cards ?? "") };
  return bettingCommand(line);
}

export function playDraw(
  state: HandState,
  lines: string[],
): { state: HandState; events: HandEvent[] } {
  const events: HandEvent[] = [];
  let current = state;
  for (const line of lines) {
    const result = apply(current, drawCommand(line));
    if (!result.ok)
      throw new Error(`"${line}" refused: ${result.error.code} (${result.error.message})`);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

export const attemptDraw = (state: HandState, command: unknown): string => {
  const result = apply(state, command as Command);
  return result.ok ? "ok" : result.error.code;
};

export const handOf = (state: HandState, seat: number): Card[] =>
  (state.players.find((p) => p.seat === seat)?.holeCards ?? []).slice();

/** A shuffled copy of `items` (Fisher–Yates from the back) driven by a test's seeded floats. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
