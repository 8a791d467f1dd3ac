/**
 * PHH for five-card draw (Felt's F5D/P5D/N5D codes, README.md here): `pN sd`
 * discards, `d dh pN` deals the replacements, `_felt_deck`/`_felt_wild` carry
 * the home-game options, and a written hand replays to the same stacks.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, parseCards } from "../cards";
import { deckOf, handRanking, WILD_CARDS, type WildCards } from "../eval";
import {
  apply,
  type Command,
  type HandConfig,
  type HandState,
  legalActions,
  raiseAmountAt,
  type StartHand,
  stackDrawDeck,
  startHand,
} from "../hand";
import { shuffle } from "../hand/draw-test-support";
import { seededFloats } from "../seeded-random";
import { exportHand } from "./export";
import { parsePhh } from "./parse";
import { playersCopy } from "./redact";
import { replayHistory } from "./replay";
import { writePhh } from "./write";

/** Plays a random hand to the end: draws as greedy as `greed`, reshuffles from the seed. */
function playRandom(
  start: StartHand,
  seed: number,
  greed: number,
): { commands: Command[]; final: HandState } {
  const started = startHand(start);
  if (!started.ok) throw new Error(started.error.message);
  const random = seededFloats(seed);
  let state = started.state;
  const commands: Command[] = [];
  while (state.phase !== "complete") {
    let command: Command;
    if (state.needsReshuffle) {
      command = { type: "reshuffle", order: shuffle(state.needsReshuffle.cards, random) };
    } else {
      const seat = state.toAct as number;
      const legal = legalActions(state, seat);
      if (legal.draw) {
        const hand = state.players.find((p) => p.seat === seat)?.holeCards ?? [];
        const count =
          random() < greed ? legal.draw.max : Math.floor(random() * (legal.draw.max + 1));
        command = { type: "draw", seat, discard: shuffle(hand, random).slice(0, count) };
      } else {
        const options: Command[] = [];
        if (legal.fold && random() < 0.3) options.push({ type: "fold", seat });
        if (legal.check) options.push({ type: "check", seat });
        if (legal.call) options.push({ type: "call", seat });
        if (legal.betOrRaise) {
          options.push({
            type: "betOrRaiseTo",
            seat,
            amount: raiseAmountAt(legal.betOrRaise, random()),
          });
        }
        if (options.length === 0 && legal.fold) options.push({ type: "fold", seat });
        command = options[Math.floor(random() * options.length)] as Command;
      }
    }
    const result = apply(state, command);
    if (!result.ok) throw new Error(`${JSON.stringify(command)}: ${result.error.code}`);
    state = result.state;
    commands.push(command);
  }
  return { commands, final: state };
}

const randomDraw = fc
  .record({
    deckType: fc.constantFrom("52" as const, "7A" as const),
    wild: fc.constantFrom(...WILD_CARDS),
    players: fc.integer({ min: 2, max: 10 }),
    stacks: fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 10, maxLength: 10 }),
    betting: fc.constantFrom("fixed-limit" as const, "pot-limit" as const, "no-limit" as const),
    ante: fc.constantFrom(0, 1),
    raiseCap: fc.constantFrom(undefined, 3, null),
    flushBeatsFullHouse: fc.constantFrom(undefined, true, false),
    greed: fc.constantFrom(0.3, 1),
    seed: fc.integer(),
  })
  .filter(({ deckType, wild }) => handRanking({ deckType, wild }).ok)
  .map((spec) => ({
    ...spec,
    players: spec.deckType === "7A" ? 2 + (spec.players % 5) : spec.players,
  }));

describe("PHH for five-card draw", () => {
  it("§4 PHH a random draw hand → export → write → parse → replay: the same stacks and hands", () => {
    let reshuffled = 0;
    fc.assert(
      fc.property(randomDraw, (spec) => {
        const config: HandConfig = {
          game: "five-card-draw",
          betting: spec.betting,
          smallBlind: 1,
          bigBlind: 2,
          ante: spec.ante,
          deckType: spec.deckType,
          wild: spec.wild as WildCards,
          ...(spec.raiseCap === undefined ? {} : { raiseCap: spec.raiseCap }),
          ...(spec.flushBeatsFullHouse === undefined
            ? {}
            : { flushBeatsFullHouse: spec.flushBeatsFullHouse }),
        };
        const start: StartHand = {
          type: "start",
          config,
          players: spec.stacks
            .slice(0, spec.players)
            .map((stack, i) => ({ seat: 2 * i + 1, stack })),
          button: 1,
          deck: shuffle(
            deckOf({ deckType: spec.deckType, wild: spec.wild }),
            seededFloats(spec.seed),
          ),
        };
        const { commands, final } = playRandom(start, spec.seed ^ 0x5eed, spec.greed);
        if (commands.some((command) => command.type === "reshuffle")) reshuffled++;
        const exported = exportHand(start, commands);
        if (!exported.ok) throw new Error(exported.error.message);
        const text = writePhh(exported.history);
        const parsed = parsePhh(text);
        if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}\n${text}`);
        const replayed = replayHistory(parsed.history);
        if (!replayed.ok)
          throw new Error(`${replayed.error.code}: ${replayed.error.message}\n${text}`);
        // PHH order starts left of the button (seat 3 here), the button (seat 1) last.
        const n = spec.players;
        const inPhhOrder = Array.from(
          { length: n },
          (_, k) => final.players[(k + 1) % n] as HandState["players"][number],
        );
        expect(replayed.finishingStacks).toEqual(inPhhOrder.map((p) => p.stack));
        expect(replayed.matches).toBe(true);
        expect(replayed.state.players.map((p) => p.holeCards)).toEqual(
          inPhhOrder.map((p) => p.holeCards),
        );
      }),
      { numRuns: 600 },
    );
    expect(reshuffled).toBeGreaterThan(20);
  }, 120_000);

  /** Four players, button seat 4; seat 1 draws one card, seat 2 stands pat, seat 3 folded. */
  const example = (): { start: StartHand; commands: Command[] } => {
    const config: HandConfig = {
      game: "five-card-draw",
      betting: "fixed-limit",
      smallBlind: 1,
      bigBlind: 2,
    };
    const holes = ["AcAdKhKs7c", "2c3d4h5s6c", "QhQdJc8s6d", "ThTd9h8h3c"].map(parseCards);
    const deck = stackDrawDeck({ deckType: "52", wild: "none" }, holes, parseCards("AhKd9c"));
    if (!deck.ok) throw new Error(deck.error.message);
    const start: StartHand = {
      type: "start",
      config,
      players: [1, 2, 3, 4].map((seat) => ({ seat, stack: 50 })),
      button: 4,
      deck: deck.deck,
    };
    const commands: Command[] = [
      { type: "fold", seat: 3 },
      { type: "call", seat: 4 },
      { type: "call", seat: 1 },
      { type: "check", seat: 2 },
      { type: "draw", seat: 1, discard: parseCards("7c") },
      { type: "draw", seat: 2, discard: [] },
      { type: "draw", seat: 4, discard: parseCards("3cTd") },
      { type: "betOrRaiseTo", seat: 1, amount: 4 },
      { type: "call", seat: 2 },
      { type: "fold", seat: 4 },
    ];
    return { start, commands };
  };

  it("§4 PHH the written hand: F5D, `sd` discards or stands pat, `d dh` deals the replacements", () => {
    const { start, commands } = example();
    const exported = exportHand(start, commands);
    if (!exported.ok) throw new Error(exported.error.message);
    const text = writePhh(exported.history);
    expect(text).toContain("variant = 'F5D'");
    expect(text).toContain("small_bet = 2\nbig_bet = 4");
    const actions = exported.history.actions.map((a) => a.kind);
    expect(actions.slice(0, 4)).toEqual(["dealHole", "dealHole", "dealHole", "dealHole"]);
    expect(text).toContain(
      [
        "  'p1 sd 7c',",
        "  'd dh p1 Ah',",
        "  'p2 sd',",
        "  'p4 sd 3cTd',",
        "  'd dh p4 Kd9c',",
      ].join("\n"),
    );
    expect(text).toContain("_felt_deck = '52'\n_felt_wild = 'none'");
    const replayed = replayHistory(parsePhhOrThrow(text));
    expect(replayed).toMatchObject({ ok: true, matches: true });
  });

  it("§4 PHH a replacement card another player holds is refused", () => {
    const { start, commands } = example();
    const exported = exportHand(start, commands);
    if (!exported.ok) throw new Error(exported.error.message);
    const text = writePhh(exported.history).replace("'d dh p4 Kd9c'", "'d dh p4 Kd2c'");
    expect(parsePhh(text)).toMatchObject({ ok: false, error: { code: "phh_bad_card" } });
  });

  it("W-1 C-1 PHH the deck and wild cards travel in `_felt_` fields; jokers are written Jk and Jr", () => {
    const deck = stackDrawDeck(
      { deckType: "7A", wild: "two-jokers" },
      ["JkAcAdAhAs", "JrKcKdKhKs"].map(parseCards),
    );
    if (!deck.ok) throw new Error(deck.error.message);
    const start: StartHand = {
      type: "start",
      config: {
        game: "five-card-draw",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: 2,
        deckType: "7A",
        wild: "two-jokers",
      },
      players: [
        { seat: 1, stack: 20 },
        { seat: 2, stack: 20 },
      ],
      button: 2,
      deck: deck.deck,
    };
    const commands: Command[] = [
      { type: "betOrRaiseTo", seat: 2, amount: 20 },
      { type: "call", seat: 1 },
      { type: "draw", seat: 1, discard: [] },
      { type: "draw", seat: 2, discard: [] },
    ];
    const exported = exportHand(start, commands);
    if (!exported.ok) throw new Error(exported.error.message);
    const text = writePhh(exported.history);
    expect(text).toContain("variant = 'N5D'");
    expect(text).toContain("'d dh p1 JkAcAdAhAs'");
    expect(text).toContain("_felt_deck = '7A'\n_felt_wild = 'two-jokers'");
    const replayed = replayHistory(parsePhhOrThrow(text));
    // Five aces beat five kings (W-6).
    expect(replayed).toMatchObject({ ok: true, finishingStacks: [40, 0], matches: true });
  });

  it("PHH refuses what a draw file cannot hold", () => {
    const base = [
      "variant = 'F5D'",
      "antes = [0, 0]",
      "blinds_or_straddles = [1, 2]",
      "small_bet = 2",
      "big_bet = 4",
      "starting_stacks = [20, 20]",
    ].join("\n");
    const withActions = (...actions: string[]) =>
      `${base}\nactions = [${actions.map((a) => `'${a}'`).join(", ")}]\n`;
    const deal = ["d dh p1 AcAdKhKs7c", "d dh p2 2c3d4h5s6c"];
    const code = (text: string) => {
      const parsed = parsePhh(text);
      return parsed.ok ? "ok" : parsed.error.code;
    };
    expect(code(withActions(...deal, "p2 cc", "p1 cc", "p1 sd 7c", "d dh p1 Ah"))).toBe("ok");
    expect(code(withActions(...deal, "d db AhKhQh"))).toBe("phh_bad_action");
    expect(code(withActions(...deal, "d dh p1 Ah"))).toBe("phh_bad_action");
    expect(code(withActions(...deal, "p1 sd 2c"))).toBe("phh_card_mismatch");
    expect(code(withActions(...deal, "p1 sd 7c", "d dh p1 AhKd"))).toBe("phh_bad_action");
    expect(code(withActions(...deal, "p1 sd 7c", "d dh p1 Kh"))).toBe("phh_bad_card");
    expect(code(withActions(...deal, "p1 sd", "p1 sd"))).toBe("phh_bad_action");
    expect(code(withActions("d dh p1 AcAdKhKs", "d dh p2 2c3d4h5s6c"))).toBe("phh_bad_action");
    // Jokers only in Felt's draw files.
    expect(code(withActions("d dh p1 JkAdKhKs7c", "d dh p2 2c3d4h5s6c"))).toBe("ok");
    // Unknown cards (a player's copy) replay when they decide nothing: p1's hand wins unseen.
    const hidden = parsePhhOrThrow(withActions("d dh p1 ??????????", "d dh p2 2c3d4h5s6c", "p2 f"));
    expect(replayHistory(hidden)).toMatchObject({ ok: true, finishingStacks: [21, 19] });
    // An unknown hand that would decide a pot at showdown is refused, not guessed (S-2).
    const undecided = parsePhhOrThrow(
      withActions(
        "d dh p1 ??????????",
        "d dh p2 2c3d4h5s6c",
        "p2 cc # all in: the big blind and the call are all the chips",
        "p1 sd ????",
        "d dh p1 ????",
        "p2 sd",
        "p2 sm 2c3d4h5s6c",
      ).replace("starting_stacks = [20, 20]", "starting_stacks = [2, 2]"),
    );
    expect(replayHistory(undecided)).toMatchObject({
      ok: false,
      error: { code: "phh_incomplete" },
    });
  });

  it("§4 a player's copy of a reshuffled draw replays: his cards after the reshuffle were folded unseen", () => {
    // Six players on the 7–A deck: 30 cards dealt, a stub of 2.
    const start: StartHand = {
      type: "start",
      config: {
        game: "five-card-draw",
        betting: "fixed-limit",
        smallBlind: 1,
        bigBlind: 2,
        deckType: "7A",
      },
      players: [1, 2, 3, 4, 5, 6].map((seat) => ({ seat, stack: 50 })),
      button: 6,
      deck: deckOf({ deckType: "7A", wild: "none" }),
    };
    const started = startHand(start);
    if (!started.ok) throw new Error(started.error.message);
    let state = started.state;
    const commands: Command[] = [];
    const play = (command: Command) => {
      const result = apply(state, command);
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      state = result.state;
      commands.push(command);
    };
    const hand = (seat: number) => state.players.find((p) => p.seat === seat)?.holeCards ?? [];
    // Seats 4 and 5 fold unseen; the other four call or check.
    for (const command of ["call 3", "fold 4", "fold 5", "call 6", "call 1", "check 2"]) {
      const [type, seat] = command.split(" ");
      play({ type, seat: Number(seat) } as Command);
    }
    // Seat 1 draws three: two from the stub, then the folded hands are reshuffled; the others
    // draw from that new stub, so every card after the stub is one nobody but its folder saw.
    for (const seat of [1, 2, 3, 6]) {
      play({ type: "draw", seat, discard: hand(seat).slice(0, 3) });
      if (state.needsReshuffle)
        play({ type: "reshuffle", order: state.needsReshuffle.cards.slice().reverse() });
    }
    play({ type: "check", seat: 1 });
    play({ type: "check", seat: 2 });
    play({ type: "betOrRaiseTo", seat: 3, amount: 4 });
    play({ type: "call", seat: 6 });
    play({ type: "fold", seat: 1 });
    play({ type: "fold", seat: 2 });
    expect(state.phase).toBe("complete");
    const exported = exportHand(start, commands);
    if (!exported.ok) throw new Error(exported.error.message);
    expect(writePhh(exported.history)).toContain("discards reshuffled");
    const full = replayHistory(exported.history);
    expect(full).toMatchObject({ ok: true, matches: true });
    for (const viewer of [0, 2, 5]) {
      const copy = parsePhhOrThrow(writePhh(playersCopy(exported.history, viewer)));
      expect(writePhh(copy)).toContain("??");
      expect(replayHistory(copy)).toMatchObject({
        ok: true,
        matches: true,
        finishingStacks: (full as { finishingStacks: number[] }).finishingStacks,
      });
    }
  });
});

function parsePhhOrThrow(text: string) {
  const parsed = parsePhh(text);
  if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
  return parsed.history;
}

export type { Card };
