/**
 * Every finished hand of every game has a history that replays to its
 * result: random hands of hold'em and Omaha (each betting structure), and of
 * five-card draw on both decks with every wild-card option, players drawing
 * greedily so the stub runs short and the discards are reshuffled (§4
 * five-card draw). Each hand is written the way a table stores it (the start
 * command read back from the finished hand, `startOfHand`, and its events),
 * read back, and replayed to the exact final stacks; so is each player's
 * own copy, with the cards he never saw as `??` (S-3: only the shown hands
 * decide the pots, S-2).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deckOf, handRanking, WILD_CARDS, type WildCards } from "../eval";
import {
  apply,
  type Command,
  type HandConfig,
  type HandEvent,
  type HandState,
  legalActions,
  raiseAmountAt,
  type StartHand,
  startHand,
  startOfHand,
} from "../hand";
import { shuffle } from "../hand/draw-test-support";
import { seededFloats } from "../seeded-random";
import { exportHand } from "./export";
import { parsePhh } from "./parse";
import { playersCopy } from "./redact";
import { replayHistory } from "./replay";
import { writePhh } from "./write";

/** Stud: PHH's F7S and Felt's F5S, F7SW, F5SW (ST-8). */
const STUD_GAMES = [
  { game: "stud7", betting: "fixed-limit" },
  { game: "stud5", betting: "fixed-limit" },
] as const;

/** The games a table deals: PHH's NT, FT, PO and Felt's F5D, P5D, N5D (dealer's choice deals them all). */
const GAMES = [
  { game: "holdem", betting: "no-limit" },
  { game: "holdem", betting: "fixed-limit" },
  { game: "omaha", betting: "pot-limit" },
  { game: "five-card-draw", betting: "fixed-limit" },
  { game: "five-card-draw", betting: "pot-limit" },
  { game: "five-card-draw", betting: "no-limit" },
] as const;

const specOf = (games: readonly (typeof GAMES | typeof STUD_GAMES)[number][]) =>
  fc
    .record({
      game: fc.constantFrom(...games),
      deckType: fc.constantFrom("52" as const, "7A" as const),
      wild: fc.constantFrom(...WILD_CARDS),
      players: fc.integer({ min: 2, max: 10 }),
      stacks: fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 10, maxLength: 10 }),
      blinds: fc.constantFrom([1, 2], [5, 10], [2, 2]),
      ante: fc.constantFrom(0, 0, 1),
      oddChips: fc.constantFrom("one-per-winner" as const, "pokerkit" as const),
      rake: fc.boolean(),
      button: fc.nat({ max: 10 }),
      /** How greedy the players are in the draw: 1 always draws as many as allowed. */
      greed: fc.constantFrom(0.5, 1, 1),
      seed: fc.integer(),
    })
    .filter(
      (s) =>
        s.game.game !== "five-card-draw" || handRanking({ deckType: s.deckType, wild: s.wild }).ok,
    )
    // Five cards each: at most six players on the 32-card deck (C-1); stud at most 8 (ST-1) and 10 (ST-5).
    .map((s) => ({
      ...s,
      players:
        s.game.game === "five-card-draw" && s.deckType === "7A"
          ? 2 + (s.players % 5)
          : s.game.game === "stud7"
            ? Math.min(s.players, 8)
            : s.players,
    }));

const handSpec = specOf([...GAMES]);
const studSpec = specOf([...STUD_GAMES]);

type Spec = typeof handSpec extends fc.Arbitrary<infer T> ? T : never;

function startOf(spec: Spec): StartHand {
  const [smallBlind = 1, bigBlind = 2] = spec.blinds;
  const draw = spec.game.game === "five-card-draw";
  const stud = spec.game.game === "stud7" || spec.game.game === "stud5";
  const studWild = spec.game.game === "stud7" ? "low-hole-card" : "lowest-card";
  const config: HandConfig = {
    ...spec.game,
    // Stud: stakes read as bring-in / small bet (2/2 would put the bring-in at the small bet).
    smallBlind: stud && smallBlind === bigBlind ? 1 : smallBlind,
    bigBlind,
    ...(stud ? { openPair: spec.greed !== 0.5, ...(spec.ante ? { wild: studWild } : {}) } : {}),
    ante: spec.ante,
    oddChips: spec.oddChips,
    ...(spec.rake ? { rake: { basisPoints: 500, cap: 3, noFlopNoDrop: true } } : {}),
    ...(draw ? { deckType: spec.deckType, wild: spec.wild as WildCards } : {}),
  };
  const cards = draw
    ? deckOf({ deckType: spec.deckType, wild: spec.wild })
    : deckOf({ deckType: "52", wild: "none" });
  const players = spec.stacks.slice(0, spec.players).map((stack, i) => ({ seat: i + 1, stack }));
  return {
    type: "start",
    config,
    players,
    button: 1 + (spec.button % spec.players),
    deck: shuffle(cards, seededFloats(spec.seed)),
  };
}

/** A command legalActions offers; in the draw, `greed` of the time as many cards as allowed. */
function pick(state: HandState, random: () => number, greed: number): Command {
  if (state.needsReshuffle)
    return { type: "reshuffle", order: shuffle(state.needsReshuffle.cards, random) };
  const seat = state.toAct as number;
  const legal = legalActions(state, seat);
  if (legal.draw) {
    const hand = state.players.find((p) => p.seat === seat)?.holeCards ?? [];
    const count = random() < greed ? legal.draw.max : Math.floor(random() * (legal.draw.max + 1));
    return { type: "draw", seat, discard: shuffle(hand, random).slice(0, count) };
  }
  const options: Command[] = [];
  if (legal.fold && random() < 0.25) options.push({ type: "fold", seat });
  if (legal.check) options.push({ type: "check", seat });
  if (legal.call) options.push({ type: "call", seat });
  // S-2: now and then a player asks to show his hand even when beaten (the showdown plays itself).
  if (random() < 0.1) options.push({ type: "showMyHand", seat, show: random() < 0.5 });
  if (legal.betOrRaise && random() < 0.5)
    options.push({ type: "betOrRaiseTo", seat, amount: raiseAmountAt(legal.betOrRaise, random()) });
  // ST-2: the bring-in may not check or fold: he posts it.
  if (options.length === 0 && !legal.fold && legal.betOrRaise)
    options.push({ type: "betOrRaiseTo", seat, amount: legal.betOrRaise.min });
  if (options.length === 0) options.push({ type: "fold", seat });
  return options[Math.floor(random() * options.length)] as Command;
}

const stats = { hands: 0, draws: 0, reshuffled: 0, copies: 0, copiesWithReshuffle: 0, stud: 0 };

function playAndReplay(spec: Spec): void {
  const started = startHand(startOf(spec));
  if (!started.ok) throw new Error(`start refused: ${started.error.message}`);
  const random = seededFloats(spec.seed ^ 0x5eed);
  let state = started.state;
  const events: HandEvent[] = [...started.events];
  for (let step = 0; state.phase !== "complete"; step++) {
    if (step > 400) throw new Error("the hand does not end");
    const result = apply(state, pick(state, random, spec.greed));
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    state = result.state;
    events.push(...result.events);
  }
  const reshuffled = events.some((e) => e.type === "discardsReshuffled");
  stats.hands++;
  if (spec.game.game === "five-card-draw") stats.draws++;
  if (spec.game.game === "stud7" || spec.game.game === "stud5") stats.stud++;
  if (reshuffled) stats.reshuffled++;

  // As a table stores it: the start read back from the finished hand, and its events.
  const exported = exportHand(startOfHand(state, events), events, { hand: 7, table: "t" });
  if (!exported.ok) throw new Error(`export: ${exported.error.code} ${exported.error.message}`);
  const text = writePhh(exported.history);
  const parsed = parsePhh(text);
  if (!parsed.ok) throw new Error(`parse: ${parsed.error.message}\n${text}`);
  const replayed = replayHistory(parsed.history);
  if (!replayed.ok)
    throw new Error(`replay: ${replayed.error.code} ${replayed.error.message}\n${text}`);
  // PHH order: the first player left of the button first.
  const n = state.players.length;
  const final = state.players.map((_, k) => state.players[(state.buttonIndex + 1 + k) % n]?.stack);
  expect(exported.history.finishingStacks).toEqual(final);
  expect(replayed.finishingStacks).toEqual(final);
  expect(replayed.matches).toBe(true);

  // Each player's own copy replays to the same stacks.
  for (let viewer = 0; viewer < n; viewer++) {
    const copy = writePhh(playersCopy(parsed.history, viewer));
    const again = parsePhh(copy);
    if (!again.ok) throw new Error(`parse copy: ${again.error.message}`);
    const result = replayHistory(again.history);
    if (!result.ok)
      throw new Error(
        `p${viewer + 1}'s copy: ${result.error.code} ${result.error.message}\n${copy}\nfull:\n${text}`,
      );
    expect(result.finishingStacks).toEqual(final);
    stats.copies++;
    if (reshuffled) stats.copiesWithReshuffle++;
  }
}

describe("every finished hand has a history that replays to its result", () => {
  it("§4 five-card draw reshuffles, C-1, W-1…W-5, S-2, S-3: random hands of every game, the stored history and each player's copy", () => {
    fc.assert(fc.property(handSpec, playAndReplay), { numRuns: 300, seed: 47 });
    // The runs reach what they are about: draw hands, many of them with a reshuffle.
    expect(stats.draws).toBeGreaterThan(100);
    expect(stats.reshuffled).toBeGreaterThan(40);
    expect(stats.copiesWithReshuffle).toBeGreaterThan(200);
  }, 60_000);

  it("ST-1…ST-8 random stud hands, seven- and five-card, wild or not, open pair or not: the stored history and each player's copy", () => {
    fc.assert(fc.property(studSpec, playAndReplay), { numRuns: 100, seed: 47 });
    expect(stats.stud).toBe(100);
  }, 60_000);
});
