import { describe, expect, it } from "vitest";
import { type Card, formatCards, STANDARD_DECK } from "../cards";
import { houseActions, legalActions } from "./legal-actions";
import { apply, startRound } from "./machine";
import type { RussianTableOptions } from "./options";
import {
  cards,
  cardsAccountedFor,
  chipsOf,
  dealt,
  deepFreeze,
  must,
  run,
  settlementOf,
} from "./test-support";
import { stackedDeck } from "./testing";
import type { RussianCommand, RussianState } from "./types";

const DECK = [...STANDARD_DECK];

function betting(
  options: Partial<RussianTableOptions> = {},
  players = [
    { id: "p1", chips: 1000 },
    { id: "p2", chips: 1000 },
  ],
): RussianState {
  return must(startRound({ options, players, deck: DECK })).state;
}

const place = (playerId: string, box: number, ante = 10, bonus = 0): RussianCommand => ({
  type: "placeBets",
  playerId,
  box,
  ante,
  bonus,
});

function refusal(state: RussianState, command: unknown): string {
  const result = apply(state, command as RussianCommand);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(command)}`);
  return result.error.code;
}

describe("starting a round", () => {
  it("validates the players, their chips and the deck", () => {
    const code = (command: unknown) => {
      const result = startRound(command as Parameters<typeof startRound>[0]);
      return result.ok ? "ok" : result.error.code;
    };
    const players = [{ id: "p1", chips: 100 }];
    expect(code({ players, deck: DECK })).toBe("ok");
    expect(code({ players: [], deck: DECK })).toBe("invalid_players");
    expect(code({ players: [...players, ...players], deck: DECK })).toBe("invalid_players");
    expect(code({ players: [{ id: "", chips: 1 }], deck: DECK })).toBe("invalid_players");
    expect(code({ players: [{ id: "p1", chips: -1 }], deck: DECK })).toBe("invalid_amount");
    expect(code({ players: [{ id: "p1", chips: 1.5 }], deck: DECK })).toBe("invalid_amount");
    expect(code({ players, deck: DECK.slice(1) })).toBe("invalid_deck");
    expect(code({ players, deck: [...DECK.slice(1), 0, 0] })).toBe("invalid_deck");
    expect(code({ players, deck: DECK, options: { boxesPerPlayer: 5 } })).toBe(
      "invalid_boxes_per_player",
    );
  });

  it("state is plain JSON and starts at version 0 in the betting phase", () => {
    const state = betting();
    expect(state.version).toBe(0);
    expect(state.phase).toBe("betting");
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe("commands and errors", () => {
  it("each accepted command increments the version; a refused one leaves the state as it was", () => {
    const state = deepFreeze(betting());
    const before = JSON.stringify(state);
    const placed = must(apply(state, place("p1", 0)));
    expect(placed.state.version).toBe(1);
    expect(refusal(state, place("p1", 0, -5))).toBe("invalid_amount");
    expect(JSON.stringify(state)).toBe(before);
    expect(must(apply(placed.state, place("p1", 1))).state.version).toBe(2);
  });

  it("stale_version: a command for an older version is refused", () => {
    const state = run(betting(), place("p1", 0)).state;
    expect(refusal(state, { ...place("p2", 1), expectedVersion: 0 })).toBe("stale_version");
    expect(apply(state, { ...place("p2", 1), expectedVersion: 1 }).ok).toBe(true);
  });

  it("invalid_amount: negative, fractional, NaN, infinite, huge and non-numeric amounts", () => {
    const state = betting();
    for (const ante of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 1e13, 2 ** 60, "10", null]) {
      expect(refusal(state, { type: "placeBets", playerId: "p1", box: 0, ante })).toBe(
        "invalid_amount",
      );
    }
    expect(refusal(state, { ...place("p1", 0), bonus: -1 })).toBe("invalid_amount");
  });

  it("unknown_command, invalid_command, invalid_box, unknown_player, not_your_box, wrong_phase", () => {
    const state = run(betting(), place("p1", 0)).state;
    expect(refusal(state, { type: "raise" })).toBe("unknown_command");
    expect(refusal(state, null)).toBe("invalid_command");
    expect(refusal(state, { type: "fold", box: 0 })).toBe("invalid_command");
    expect(refusal(state, place("p1", 6))).toBe("invalid_box");
    expect(refusal(state, place("p1", 1.5))).toBe("invalid_box");
    expect(refusal(state, place("ghost", 1))).toBe("unknown_player");
    expect(refusal(state, { type: "clearBets", playerId: "p2", box: 0 })).toBe("not_your_box");
    expect(refusal(state, { type: "fold", playerId: "p1", box: 0 })).toBe("wrong_phase");
    expect(refusal(state, { type: "reshuffle", cards: [] })).toBe("wrong_phase");
    expect(refusal(state, { type: "timeout" })).toBe("wrong_phase");
    expect(refusal(state, place("p2", 0))).toBe("box_taken");
  });

  it("no_bets: the dealer does not deal to an empty table", () => {
    expect(refusal(betting(), { type: "deal" })).toBe("no_bets");
  });

  it("insufficient_chips: a box bets only the chips its owner has at the table", () => {
    const poor = betting({}, [{ id: "p1", chips: 25 }]);
    expect(refusal(poor, place("p1", 0, 26))).toBe("insufficient_chips");
    expect(refusal(poor, place("p1", 0, 20, 6))).toBe("insufficient_chips");
    const state = dealt({
      players: [{ id: "p1", chips: 25 }],
      boxes: [{ playerId: "p1", box: 0, ante: 10, hand: "2c2d5h8s9h" }],
      dealer: "AhKd9c5s3d",
    });
    expect(chipsOf(state, "p1")).toBe(15);
    expect(refusal(state, { type: "play", playerId: "p1", box: 0 })).toBe("insufficient_chips");
    expect(legalActions(state, "p1").map((action) => action.type)).toEqual([
      "fold",
      "exchange",
      "buySixthCard",
    ]);
  });
});

describe("RP-1 boxes, antes and closed boxes", () => {
  it("RP-1 a player's 3rd and 4th boxes are closed: ANTE and BET (2A) placed at once", () => {
    const { state, events } = run(
      betting(),
      place("p1", 0),
      place("p1", 2),
      place("p1", 4),
      place("p1", 5),
    );
    expect(state.boxes.map((box) => [box.ownerId, box.closed, box.bet])).toEqual([
      ["p1", false, 0],
      [null, false, 0],
      ["p1", false, 0],
      [null, false, 0],
      ["p1", true, 20],
      ["p1", true, 20],
    ]);
    expect(chipsOf(state, "p1")).toBe(1000 - 10 - 10 - 30 - 30);
    expect(events.at(-1)).toEqual({
      type: "betsPlaced",
      box: 5,
      playerId: "p1",
      closed: true,
      ante: 10,
      bet: 20,
      bonus: 0,
    });
    expect(refusal(state, place("p1", 1))).toBe("too_many_boxes");
  });

  it("RP-1 option: at most 3 boxes per player", () => {
    const state = run(
      betting({ boxesPerPlayer: 3 }),
      place("p1", 0),
      place("p1", 1),
      place("p1", 2),
    ).state;
    expect(state.boxes[2]?.closed).toBe(true);
    expect(refusal(state, place("p1", 3))).toBe("too_many_boxes");
  });

  it("RP-1 the same ANTE on all of a player's boxes, within the table's min and max", () => {
    const state = run(betting({ minAnte: 5, maxAnte: 50 }), place("p1", 0, 10)).state;
    expect(refusal(state, place("p1", 1, 20))).toBe("ante_mismatch");
    expect(apply(state, place("p2", 1, 20)).ok).toBe(true);
    expect(refusal(state, place("p2", 1, 4))).toBe("ante_out_of_range");
    expect(refusal(state, place("p2", 1, 51))).toBe("ante_out_of_range");
  });

  it("RP-1 clearing a box during betting refunds it and frees its place", () => {
    const { state, events } = run(
      betting(),
      place("p1", 0, 10, 5),
      place("p1", 1),
      place("p1", 2),
      { type: "clearBets", playerId: "p1", box: 0 },
    );
    expect(events.at(-1)).toEqual({ type: "betsCleared", box: 0, playerId: "p1", refunded: 15 });
    expect(chipsOf(state, "p1")).toBe(1000 - 10 - 30);
    // One open box left, so the next box is open again.
    expect(run(state, place("p1", 3)).state.boxes[3]?.closed).toBe(false);
  });

  it("RP-1 a closed box has no options", () => {
    const state = dealt({
      boxes: [
        { playerId: "p1", box: 0, ante: 10, hand: "2c2d5h8s9h" },
        { playerId: "p1", box: 1, ante: 10, hand: "3c3d5c8c9c" },
        { playerId: "p1", box: 2, ante: 10, hand: "4c4d5d8d9d" },
      ],
      dealer: "AhKh9s5s3s",
    });
    expect(state.boxes[2]?.status).toBe("playing");
    const target = { playerId: "p1", box: 2 };
    expect(refusal(state, { type: "fold", ...target })).toBe("closed_box");
    expect(refusal(state, { type: "play", ...target })).toBe("closed_box");
    expect(refusal(state, { type: "buySixthCard", ...target })).toBe("closed_box");
    expect(refusal(state, { type: "exchange", ...target, cards: cards("4c") })).toBe("closed_box");
    expect(legalActions(state, 2)).toEqual([]);
  });
});

describe("RP-2 bonus limits", () => {
  it("RP-2 the bonus is at most the ANTE", () => {
    const state = betting();
    expect(refusal(state, place("p1", 0, 10, 11))).toBe("bonus_too_large");
    expect(apply(state, place("p1", 0, 10, 10)).ok).toBe(true);
  });

  it("RP-2 option: at most half the ANTE, rounded down", () => {
    const state = betting({ bonusLimit: "half-ante" });
    expect(refusal(state, place("p1", 0, 10, 6))).toBe("bonus_too_large");
    expect(apply(state, place("p1", 0, 10, 5)).ok).toBe(true);
    expect(refusal(state, place("p1", 0, 11, 6))).toBe("bonus_too_large");
    expect(apply(state, place("p1", 0, 11, 5)).ok).toBe(true);
  });
});

describe("RP-3 the deal", () => {
  it("RP-3 five cards each, one at a time from box 0, the dealer last with his last card face up", () => {
    const started = must(startRound({ players: [{ id: "p1", chips: 100 }], deck: DECK })).state;
    const { state, events } = run(started, place("p1", 1), place("p1", 4), { type: "deal" });
    expect(formatCards(state.boxes[1]?.cards ?? [])).toBe("2c2s3h4d5c");
    expect(formatCards(state.boxes[4]?.cards ?? [])).toBe("2d3c3s4h5d");
    expect(formatCards(state.dealer.cards)).toBe("2h3d4c4s5h");
    expect(events.at(-1)).toEqual({
      type: "cardsDealt",
      boxes: [1, 4],
      dealerUpCard: cards("5h")[0],
    });
    expect(state.dealer.upCard).toBe(state.dealer.cards[4]);
    expect(state.stub).toEqual(DECK.slice(15));
    expect(state.phase).toBe("decisions");
  });
});

describe("RP-4 decisions", () => {
  const threeBoxes = () =>
    dealt({
      boxes: [
        { playerId: "p1", box: 0, ante: 10, hand: "2c2d5h8s9h" },
        { playerId: "p2", box: 1, ante: 10, hand: "3c3d5c8c9c" },
        { playerId: "p3", box: 3, ante: 10, hand: "4c4d5d8d9d" },
      ],
      dealer: "AhKh9s5s3s",
      draws: "JcJdJhJsQc",
    });

  it("RP-4 play places the BET, two antes", () => {
    const { state, events } = run(threeBoxes(), { type: "play", playerId: "p1", box: 0 });
    expect(state.boxes[0]?.bet).toBe(20);
    expect(events).toContainEqual({ type: "boxPlayed", box: 0, bet: 20, insurance: 0 });
    expect(chipsOf(state, "p1")).toBe(1000 - 30);
  });

  it("RP-4 exchanges and sixth cards are dealt from the last box backwards, once all have decided", () => {
    const state0 = threeBoxes();
    const first = run(
      state0,
      { type: "exchange", playerId: "p1", box: 0, cards: cards("5h8s") },
      { type: "exchange", playerId: "p3", box: 3, cards: cards("5d") },
    );
    // Box 1 has not decided yet: nothing is dealt.
    expect(first.state.boxes.map((box) => box.status)).toEqual([
      "improving",
      "deciding",
      "empty",
      "improving",
      "empty",
      "empty",
    ]);
    const { state, events } = run(first.state, { type: "buySixthCard", playerId: "p2", box: 1 });
    expect(events.map((event) => event.type)).toEqual([
      "sixthCardBought",
      "cardsExchanged",
      "sixthCardDealt",
      "cardsExchanged",
    ]);
    expect(formatCards(state.boxes[3]?.cards ?? [])).toBe("4c4dJc8d9d");
    expect(formatCards(state.boxes[1]?.cards ?? [])).toBe("3c3d5c8c9cJd");
    expect(formatCards(state.boxes[0]?.cards ?? [])).toBe("2c2dJhJs9h");
    expect(state.boxes.filter((box) => box.ownerId).map((box) => box.fees)).toEqual([
      { exchange: 10, sixthCard: 0, buyGame: 0 },
      { exchange: 0, sixthCard: 10, buyGame: 0 },
      { exchange: 10, sixthCard: 0, buyGame: 0 },
    ]);
    expect(cardsAccountedFor(state)).toBe(true);
  });

  it("RP-4 exchange 1 to 5 distinct cards of the box's own hand", () => {
    const state = threeBoxes();
    const exchange = (discard: Card[]) =>
      refusal(state, { type: "exchange", playerId: "p1", box: 0, cards: discard });
    expect(exchange([])).toBe("invalid_exchange");
    expect(exchange(cards("2c2c"))).toBe("invalid_exchange");
    expect(exchange(cards("3c"))).toBe("invalid_exchange");
    expect(exchange([...cards("2c2d5h8s9h"), 0])).toBe("invalid_exchange");
    expect(exchange([99])).toBe("invalid_exchange");
    expect(
      apply(state, { type: "exchange", playerId: "p1", box: 0, cards: cards("2c2d5h8s9h") }).ok,
    ).toBe(true);
  });

  it("RP-4 Decision: a box improves once (exchange or sixth card)", () => {
    const exchanged = run(
      threeBoxes(),
      { type: "exchange", playerId: "p1", box: 0, cards: cards("9h") },
      { type: "fold", playerId: "p2", box: 1 },
      { type: "fold", playerId: "p3", box: 3 },
    ).state;
    expect(exchanged.boxes[0]?.status).toBe("deciding");
    expect(refusal(exchanged, { type: "buySixthCard", playerId: "p1", box: 0 })).toBe(
      "already_improved",
    );
    expect(
      refusal(exchanged, { type: "exchange", playerId: "p1", box: 0, cards: cards("2c") }),
    ).toBe("already_improved");
    // RP-4: after improving, the box decides again: fold, play, or play with insurance.
    expect(legalActions(exchanged, "p1")).toEqual([
      { type: "fold", box: 0 },
      { type: "play", box: 0, bet: 20, insurance: null },
    ]);
  });

  it("RP-4 option exchange-then-sixth: a sixth card after the exchange, never the reverse", () => {
    const options = { improve: "exchange-then-sixth" as const };
    const script = {
      options,
      boxes: [{ playerId: "p1", box: 0, ante: 10, hand: "2c2d5h8s9h" }],
      dealer: "AhKh9s5s3s",
      draws: "2h2s",
    };
    const exchanged = run(dealt(script), {
      type: "exchange",
      playerId: "p1",
      box: 0,
      cards: cards("5h"),
    }).state;
    expect(legalActions(exchanged, 0).map((action) => action.type)).toEqual([
      "fold",
      "play",
      "buySixthCard",
    ]);
    const { state } = run(
      exchanged,
      { type: "buySixthCard", playerId: "p1", box: 0 },
      { type: "play", playerId: "p1", box: 0 },
    );
    expect(formatCards(state.boxes[0]?.cards ?? [])).toBe("2c2d2h8s9h2s");
    expect(settlementOf(state, 0).hand?.first).toBe("fourOfAKind");
    expect(chipsOf(state, "p1")).toBe(1000 - 20 + 400);

    const sixthFirst = run(dealt(script), { type: "buySixthCard", playerId: "p1", box: 0 }).state;
    expect(
      refusal(sixthFirst, { type: "exchange", playerId: "p1", box: 0, cards: cards("5h") }),
    ).toBe("already_improved");
  });

  it("RP-4 insurance is offered with the BET to an improved box holding three of a kind", () => {
    const state = run(
      dealt({
        boxes: [{ playerId: "p1", box: 0, ante: 10, hand: "2c2d5h8s9h" }],
        dealer: "AhKh9s5s3s",
        draws: "2h",
      }),
      { type: "buySixthCard", playerId: "p1", box: 0 },
    ).state;
    expect(legalActions(state, "p1")).toEqual([
      { type: "fold", box: 0 },
      { type: "play", box: 0, bet: 20, insurance: { min: 20, max: 60 } },
    ]);
  });
});

describe("the stub running out", () => {
  // Six open boxes; boxes 5, 4 and 3 exchange five cards and box 2 two: 17 cards, the whole stub.
  const fullTable = () =>
    dealt({
      players: ["p1", "p2", "p3"].map((id) => ({ id, chips: 1000 })),
      boxes: [
        { playerId: "p1", box: 0, ante: 10, hand: "KcKd8h6s4c" },
        { playerId: "p1", box: 1, ante: 10, hand: "2c2d3h4d6d" },
        { playerId: "p2", box: 2, ante: 10, hand: "AcAdJh6c4h" },
        { playerId: "p2", box: 3, ante: 10, hand: "2h3c5c8c9c" },
        { playerId: "p3", box: 4, ante: 10, hand: "TcTdJcJd2s" },
        { playerId: "p3", box: 5, ante: 10, hand: "QcQd3s4s5d" },
      ],
      dealer: "Qh9d7c5s3d",
    });
  const exchangeAll = (playerId: string, box: number, state: RussianState): RussianCommand => ({
    type: "exchange",
    playerId,
    box,
    cards: [...(state.boxes[box]?.cards ?? [])],
  });

  it("RP-4 when the stub runs out mid-exchange the house reshuffles the discards", () => {
    const table = fullTable();
    const stalled = run(
      table,
      { type: "play", playerId: "p1", box: 0 },
      { type: "play", playerId: "p1", box: 1 },
      { type: "exchange", playerId: "p2", box: 2, cards: cards("Jh6c4h") },
      exchangeAll("p2", 3, table),
      exchangeAll("p3", 4, table),
      exchangeAll("p3", 5, table),
    );
    // Boxes 5, 4 and 3 took 15 of the 17 stub cards; box 2 needs 3.
    expect(stalled.state.phase).toBe("awaitingReshuffle");
    expect(stalled.state.stub).toHaveLength(2);
    expect(stalled.events.at(-1)).toEqual({
      type: "reshuffleRequired",
      needed: 3,
      discardCount: 15,
    });
    // Box 2's own discards are not in the pile being shuffled.
    expect(stalled.state.discards).not.toContain(cards("Jh")[0]);
    expect(cardsAccountedFor(stalled.state)).toBe(true);

    const order = [...stalled.state.discards].reverse();
    const lastTwo = [...stalled.state.stub];
    const { state, events } = run(stalled.state, { type: "reshuffle", cards: order });
    expect(events.map((event) => event.type)).toEqual(["deckReshuffled", "cardsExchanged"]);
    expect(state.boxes[2]?.cards).toEqual([...cards("AcAd"), ...lastTwo, order[0]]);
    expect(state.stub).toEqual(order.slice(1));
    expect(state.phase).toBe("decisions");
    expect(cardsAccountedFor(state)).toBe(true);
  });

  it("RP-8 a reshuffle mid buy-a-game: the dealer's swap waits for the shuffled discards", () => {
    const table = fullTable();
    const exchanged = run(
      table,
      { type: "play", playerId: "p1", box: 0 },
      { type: "play", playerId: "p1", box: 1 },
      { type: "exchange", playerId: "p2", box: 2, cards: cards("Jh6c") },
      exchangeAll("p2", 3, table),
      exchangeAll("p3", 4, table),
      exchangeAll("p3", 5, table),
    ).state;
    const folded = run(
      exchanged,
      { type: "fold", playerId: "p2", box: 2 },
      { type: "fold", playerId: "p2", box: 3 },
      { type: "fold", playerId: "p3", box: 4 },
      { type: "fold", playerId: "p3", box: 5 },
    ).state;
    expect(folded.phase).toBe("noGameChoices");
    const stalled = run(
      folded,
      { type: "takeAnte", playerId: "p1", box: 1 },
      { type: "buyGame", playerId: "p1", box: 0 },
    );
    expect(stalled.state.phase).toBe("awaitingReshuffle");
    expect(stalled.events.at(-1)).toEqual({
      type: "reshuffleRequired",
      needed: 1,
      discardCount: stalled.state.discards.length,
    });
    expect(houseActions(stalled.state)).toEqual([
      { type: "reshuffle", discardCount: stalled.state.discards.length },
    ]);
    expect(
      refusal(stalled.state, { type: "reshuffle", cards: stalled.state.discards.slice(1) }),
    ).toBe("invalid_reshuffle");
    expect(refusal(stalled.state, { type: "buyGame", playerId: "p1", box: 1 })).toBe("wrong_phase");
    const order = [...stalled.state.discards].reverse();
    const { state } = run(stalled.state, { type: "reshuffle", cards: order });
    expect(state.dealer.swaps[0]?.in).toBe(order[0]);
    expect(state.phase).toBe("settled");
    expect(cardsAccountedFor(state)).toBe(true);
  });
});

describe("the action clock", () => {
  it("timeout folds undecided boxes, and takes the ANTE for undecided no-game choices", () => {
    const script = {
      boxes: [
        { playerId: "p1", box: 0, ante: 10, hand: "KcKd8h6s4c" },
        { playerId: "p2", box: 1, ante: 10, hand: "AcAdJh6c4h" },
      ],
      dealer: "Qh9d7c5s3d",
    };
    const decided = run(dealt(script), { type: "play", playerId: "p1", box: 0 });
    const timedOut = run(decided.state, { type: "timeout" });
    expect(timedOut.events).toContainEqual({ type: "boxFolded", box: 1 });
    expect(timedOut.state.phase).toBe("noGameChoices");
    const { state, events } = run(timedOut.state, { type: "timeout" });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "noGameChoiceMade",
        box: 0,
        choice: "takeAnte",
        automatic: true,
      }),
    );
    expect(state.phase).toBe("settled");
    expect(settlementOf(state, 0).outcome).toBe("antePaid");
  });
});

describe("legal actions", () => {
  it("while betting: free boxes, the ante range the chips allow, and the bonus limit", () => {
    const state = run(
      betting({}, [{ id: "p1", chips: 100 }]),
      place("p1", 0, 10),
      place("p1", 1, 10),
    ).state;
    expect(legalActions(state, "p1")).toEqual([
      {
        type: "placeBets",
        boxes: [2, 3, 4, 5],
        closed: true,
        ante: { min: 10, max: 10 },
        bonusLimit: "ante",
      },
      { type: "clearBets", box: 0 },
      { type: "clearBets", box: 1 },
    ]);
    expect(legalActions(state, "nobody")).toEqual([]);
    expect(legalActions(state, 3)).toEqual([]);
    expect(houseActions(state)).toEqual([{ type: "deal" }]);
  });

  it("no-game choices: take the ANTE or buy a game for one ANTE", () => {
    const state = run(
      dealt({
        boxes: [{ playerId: "p1", box: 0, ante: 10, hand: "KcKd8h6s4c" }],
        dealer: "Qh9d7c5s3d",
      }),
      { type: "play", playerId: "p1", box: 0 },
    ).state;
    expect(legalActions(state, 0)).toEqual([
      { type: "takeAnte", box: 0 },
      { type: "buyGame", box: 0, fee: 10 },
    ]);
    expect(houseActions(state)).toEqual([{ type: "timeout" }]);
  });

  it("a settled round offers nothing", () => {
    const state = run(
      dealt({
        boxes: [{ playerId: "p1", box: 0, ante: 10, hand: "KcKd8h6s4c" }],
        dealer: "AhKh9s5s3d",
      }),
      { type: "fold", playerId: "p1", box: 0 },
    ).state;
    expect(state.phase).toBe("settled");
    expect(legalActions(state, "p1")).toEqual([]);
    expect(houseActions(state)).toEqual([]);
    expect(stackedDeck([], cards("AhKh9s5s3d"))).toHaveLength(52);
  });
});
