/**
 * Every settlement branch, each bet field's money asserted. Ante 10 (BET 20) throughout,
 * one player with 1000 chips unless stated, so the final chips show the box's net result.
 */
import { describe, expect, it } from "vitest";
import { apply } from "./machine";
import type { RussianTableOptions } from "./options";
import {
  cards,
  chipsOf,
  dealt,
  field,
  moneyOf,
  none,
  run,
  type ScriptedBox,
  settlementOf,
} from "./test-support";

const box0 = (hand: string, extra: Partial<ScriptedBox> = {}): ScriptedBox => ({
  playerId: "p1",
  box: 0,
  ante: 10,
  hand,
  ...extra,
});

const play = (insurance = 0) => ({ type: "play" as const, playerId: "p1", box: 0, insurance });
const sixth = { type: "buySixthCard" as const, playerId: "p1", box: 0 };
const takeAnte = { type: "takeAnte" as const, playerId: "p1", box: 0 };
const buyGame = { type: "buyGame" as const, playerId: "p1", box: 0 };
const exchange = (discard: string) => ({
  type: "exchange" as const,
  playerId: "p1",
  box: 0,
  cards: cards(discard),
});

const DEALER_ACE_KING = "AhKd9c5s3d";
const DEALER_KINGS = "KcKh9c5s3d";
const DEALER_NO_GAME = "Qh9d7c5s3d";

function oneBox(
  hand: string,
  dealer: string,
  draws = "",
  options: Partial<RussianTableOptions> = {},
  extra: Partial<ScriptedBox> = {},
) {
  return dealt({ options, boxes: [box0(hand, extra)], dealer, draws });
}

describe("RP-6 two combinations, paid in full rounds", () => {
  it("RP-6 A-A-K-8-9 pays pair + ace-king (1+1)", () => {
    const { state } = run(oneBox("AcAdKs8h9c", "AhKd7c5s3d"), play());
    const settlement = settlementOf(state, 0);
    expect(settlement.hand).toMatchObject({ first: "onePair", second: "aceKing" });
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 40, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1040);
  });

  it("RP-6 2-2-A-K-9 pays pair + ace-king (1+1)", () => {
    const { state } = run(oneBox("2c2dAsKh9c", "AhKd7c5s3d"), play());
    const settlement = settlementOf(state, 0);
    expect(settlement.hand).toMatchObject({ first: "onePair", second: "aceKing" });
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 40, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1040);
  });

  it("RP-6 A-A-A-A-7-7 pays four aces + full house (20+7)", () => {
    const { state } = run(oneBox("AcAdAhAs7c", "KcKd5h4s2c", "7d"), sixth, play());
    const settlement = settlementOf(state, 0);
    expect(settlement.hand).toMatchObject({ first: "fourOfAKind", second: "fullHouse" });
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 540, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: field(10, 0, 0, 10),
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1000 - 10 + 540);
  });

  it("RP-6 A-K-Q-J-T-9 pays two straights (4+4)", () => {
    const { state } = run(oneBox("AcKdQhJsTc", "2c2d5h6s8c", "9d"), sixth, play());
    const settlement = settlementOf(state, 0);
    expect(settlement.hand).toMatchObject({ first: "straight", second: "straight" });
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 160, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: field(10, 0, 0, 10),
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1150);
  });

  it("RP-6 A-K-Q-J-T-9 of one suit pays royal + straight flush (100+50)", () => {
    const { state } = run(oneBox("KsQsJsTs9s", "2c2d5h6h8c", "As"), sixth, play());
    const settlement = settlementOf(state, 0);
    expect(settlement.hand).toMatchObject({ first: "royalFlush", second: "straightFlush" });
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 3000, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: field(10, 0, 0, 10),
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1000 - 10 + 3000);
  });

  it("RP-6 A-A-A-A-9 pays only four of a kind (20)", () => {
    const { state } = run(oneBox("AcAdAhAs9c", "KcKd5h4s2c"), play());
    const settlement = settlementOf(state, 0);
    expect(settlement.hand).toMatchObject({ first: "fourOfAKind", second: null });
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 400, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1400);
  });

  it("RP-6 J-J-J-8-8 + sixth card J pays four jacks + full house = 27 bets", () => {
    const { state } = run(oneBox("JcJdJh8s8c", "KcKd5h4s2c", "Js"), sixth, play());
    const settlement = settlementOf(state, 0);
    expect(settlement.hand).toMatchObject({ first: "fourOfAKind", second: "fullHouse" });
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 27 * 20, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: field(10, 0, 0, 10),
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1000 - 10 + 540);
  });

  it("RP-6 the box is compared on its first combination only", () => {
    // Box: pair of queens + ace-king; dealer: pair of kings beats the queens, so nothing is paid.
    const { state } = run(oneBox("QcQdAsKs2c", DEALER_KINGS), play());
    expect(settlementOf(state, 0).outcome).toBe("lost");
  });
});

describe("RP-9 dealer has a game", () => {
  it("RP-9 box higher: BET paid by the pay table, ANTE returned unpaid", () => {
    const { state } = run(oneBox("QcQd7h4s2c", DEALER_ACE_KING), play());
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("won");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 20, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1020);
  });

  it("RP-9 dealer higher: ANTE and BET lost", () => {
    const { state } = run(oneBox("QcQd7h4s2c", DEALER_KINGS), play());
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("lost");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 0, 10),
      bet: field(20, 0, 0, 20),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(970);
    expect(state.houseResult).toBe(30);
  });

  it("RP-9 equal hands (stay): ANTE and BET returned", () => {
    const { state } = run(oneBox("QcQd7h4s2c", "QhQs7d4c2d"), play());
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("stay");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1000);
  });

  it("RP-9 ace-king against ace-king is decided by the kickers", () => {
    const { state } = run(oneBox("AcKcQh4s2c", "AhKd9c5s3d"), play());
    expect(settlementOf(state, 0).outcome).toBe("won");
    expect(settlementOf(state, 0).bet).toEqual(field(20, 20, 20, 0));
  });

  it("RP-9 option antePaidOnWin (Caribbean rule) pays the ANTE 1:1 on a win", () => {
    const { state } = run(
      oneBox("QcQd7h4s2c", DEALER_ACE_KING, "", { antePaidOnWin: true }),
      play(),
    );
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 10, 10, 0),
      bet: field(20, 20, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1030);
  });

  it("RP-4 a folded box loses its ANTE (and its bonus, RP-2)", () => {
    const { state } = run(oneBox("QcQd7h4s2c", DEALER_ACE_KING, "", {}, { bonus: 5 }), {
      type: "fold",
      playerId: "p1",
      box: 0,
    });
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("folded");
    expect(settlement.hand).toBeNull();
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 0, 10),
      bet: none,
      bonus: field(5, 0, 0, 5),
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(985);
  });
});

describe("RP-8 dealer has no game", () => {
  it("RP-8 taking the ANTE: paid 1:1 and the BET returned, whatever the hand", () => {
    const dealtState = oneBox("KcKd8h6s4c", DEALER_NO_GAME);
    const { state, events } = run(dealtState, play(), takeAnte);
    expect(events.some((event) => event.type === "dealerRevealed" && !event.hasGame)).toBe(true);
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 10, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(settlementOf(state, 0).outcome).toBe("antePaid");
    expect(chipsOf(state, "p1")).toBe(1010);
  });

  it("RP-8 a box with no combination is paid the ANTE without being asked", () => {
    const { state, events } = run(oneBox("Jc8h6d4s2c", DEALER_NO_GAME), play());
    expect(state.phase).toBe("settled");
    expect(events).toContainEqual(
      expect.objectContaining({ type: "noGameChoiceMade", choice: "takeAnte", automatic: true }),
    );
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 10, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
  });

  it("RP-8 buying a game needs ace-king or better", () => {
    const dealtState = oneBox("Jc8h6d4s2c", DEALER_NO_GAME);
    // Two boxes so that the round waits for the other box's choice.
    const twoBoxes = dealt({
      boxes: [box0("Jc8h6d4s2c"), { playerId: "p2", box: 1, ante: 10, hand: "KcKd8s6c4d" }],
      dealer: DEALER_NO_GAME,
    });
    const waiting = run(twoBoxes, play(), { type: "play", playerId: "p2", box: 1 }).state;
    expect(waiting.phase).toBe("noGameChoices");
    const refused = apply(waiting, buyGame);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe("buy_game_not_allowed");
    expect(dealtState.phase).toBe("decisions");
  });

  it("RP-8 buy a game, dealer gets a game and the box wins: BET paid, ANTE not paid, fee lost", () => {
    const { state } = run(oneBox("KcKd8h6s4c", DEALER_NO_GAME, "9s"), play(), buyGame);
    expect(state.dealer.swaps).toEqual([expect.objectContaining({ free: false })]);
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("won");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 20, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: field(10, 0, 0, 10),
    });
    expect(chipsOf(state, "p1")).toBe(1010);
  });

  it("RP-8 buy a game, the dealer's new game wins: ANTE and BET lost, fee lost", () => {
    const { state } = run(oneBox("4c4d8h6s2c", DEALER_NO_GAME, "9s"), play(), buyGame);
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("lost");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 0, 10),
      bet: field(20, 0, 0, 20),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: field(10, 0, 0, 10),
    });
    expect(chipsOf(state, "p1")).toBe(960);
  });

  it("RP-8 buy a game, tie: ANTE and BET returned, fee lost", () => {
    const { state } = run(oneBox("9c9h7d5h3c", DEALER_NO_GAME, "9s"), play(), buyGame);
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("stay");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: field(10, 0, 0, 10),
    });
    expect(chipsOf(state, "p1")).toBe(990);
  });

  it("RP-8 buy a game, still no game: ANTE and BET returned unpaid, fee lost", () => {
    const { state } = run(oneBox("KcKd8h6s4c", DEALER_NO_GAME, "8s"), play(), buyGame);
    expect(state.dealer.swaps).toHaveLength(1);
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("noGameAfterBuy");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: field(10, 0, 0, 10),
    });
    expect(chipsOf(state, "p1")).toBe(990);
  });

  it("RP-8 the same rank comes out and still no game: one free second swap", () => {
    const { state, events } = run(oneBox("KcKd8h6s4c", DEALER_NO_GAME, "Qs9s"), play(), buyGame);
    expect(events.filter((event) => event.type === "dealerCardSwapped")).toEqual([
      { type: "dealerCardSwapped", out: 42, in: 43, free: false },
      { type: "dealerCardSwapped", out: 43, in: 31, free: true },
    ]);
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("won");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 20, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: field(10, 0, 0, 10),
    });
  });

  it("RP-8 the second swap is the last: still no game, ANTE and BET returned, fee lost", () => {
    const { state } = run(oneBox("KcKd8h6s4c", DEALER_NO_GAME, "Qs8s9h"), play(), buyGame);
    expect(state.dealer.swaps).toHaveLength(2);
    const settlement = settlementOf(state, 0);
    expect(settlement.outcome).toBe("noGameAfterBuy");
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: field(10, 0, 0, 10),
    });
  });

  it("RP-8 boxes that buy share the dealer's one swap; the others keep their paid ANTE", () => {
    const state0 = dealt({
      boxes: [
        box0("KcKd8h6s4c"),
        { playerId: "p2", box: 1, ante: 10, hand: "AcAdJh6c4h" },
        { playerId: "p3", box: 2, ante: 10, hand: "2c2d3h4d6d" },
      ],
      dealer: DEALER_NO_GAME,
      draws: "9s",
    });
    const { state } = run(
      state0,
      play(),
      { type: "play", playerId: "p2", box: 1 },
      { type: "play", playerId: "p3", box: 2 },
      buyGame,
      { type: "takeAnte", playerId: "p3", box: 2 },
      { type: "buyGame", playerId: "p2", box: 1 },
    );
    expect(state.dealer.swaps).toHaveLength(1);
    expect(settlementOf(state, 0).bet).toEqual(field(20, 20, 20, 0));
    expect(settlementOf(state, 1).bet).toEqual(field(20, 20, 20, 0));
    expect(moneyOf(settlementOf(state, 2))).toEqual({
      ante: field(10, 10, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
  });

  it("RP-1 a closed box takes the ANTE 1:1 when the dealer has no game (no buying)", () => {
    const state0 = dealt({
      boxes: [
        box0("KcKd8h6s4c"),
        { playerId: "p1", box: 1, ante: 10, hand: "AcAdJh6c4h" },
        { playerId: "p1", box: 2, ante: 10, hand: "2c2d3h4d6d" },
      ],
      dealer: DEALER_NO_GAME,
    });
    expect(state0.boxes[2]?.closed).toBe(true);
    const waiting = run(state0, play(), { type: "play", playerId: "p1", box: 1 }).state;
    const refused = apply(waiting, { type: "buyGame", playerId: "p1", box: 2 });
    expect(refused.ok || refused.error.code).toBe("closed_box");
    const { state } = run(waiting, takeAnte, { type: "takeAnte", playerId: "p1", box: 1 });
    expect(moneyOf(settlementOf(state, 2))).toEqual({
      ante: field(10, 10, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
  });
});

describe("RP-10 insurance", () => {
  const TRIPS = "8c8d8h6s4c";

  it("RP-10 dealer has no game: insurance paid 1:1, then the RP-8 choice", () => {
    const afterPlay = run(oneBox(TRIPS, DEALER_NO_GAME), play(20));
    expect(afterPlay.state.phase).toBe("noGameChoices");
    expect(afterPlay.events).toContainEqual({
      type: "insuranceSettled",
      box: 0,
      result: field(20, 20, 20, 0),
    });
    expect(chipsOf(afterPlay.state, "p1")).toBe(1000 - 10 - 20 - 20 + 40);
    const { state } = run(afterPlay.state, takeAnte);
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 10, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: field(20, 20, 20, 0),
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1030);
  });

  it("RP-10 insurance paid, then a bought game won: BET paid too, fee lost", () => {
    const { state } = run(oneBox(TRIPS, DEALER_NO_GAME, "9s"), play(40), buyGame);
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 60, 20, 0),
      bonus: none,
      insurance: field(40, 40, 40, 0),
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: field(10, 0, 0, 10),
    });
    expect(chipsOf(state, "p1")).toBe(1000 + 40 + 60 - 10);
  });

  it("RP-10 dealer has a game and the box wins: insurance lost, BET paid", () => {
    const { state } = run(oneBox(TRIPS, DEALER_ACE_KING), play(60));
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 60, 20, 0),
      bonus: none,
      insurance: field(60, 0, 0, 60),
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1000);
  });

  it("RP-10 dealer has a game and it is a stay: insurance lost, ANTE and BET returned", () => {
    const { state } = run(oneBox("5c6d7h8s9c", "5d6h7s8c9d"), play(20));
    expect(settlementOf(state, 0).outcome).toBe("stay");
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: field(20, 0, 0, 20),
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(980);
  });

  it("RP-10 the dealer's game beats the box: insurance returned, ANTE and BET lost", () => {
    const { state } = run(oneBox(TRIPS, "KcKhKd5s3d"), play(30));
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 0, 0, 10),
      bet: field(20, 0, 0, 20),
      bonus: none,
      insurance: field(30, 0, 30, 0),
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(970);
  });

  it("RP-10 insurance needs three of a kind or better", () => {
    const result = apply(oneBox("8c8d7h6s4c", DEALER_NO_GAME), play(20));
    expect(result.ok || result.error.code).toBe("insurance_not_allowed");
  });

  it("RP-10 insurance goes from the BET up to the box's full possible win", () => {
    const state = oneBox(TRIPS, DEALER_NO_GAME);
    for (const amount of [19, 61]) {
      const result = apply(state, play(amount));
      expect(result.ok || result.error.code).toBe("insurance_out_of_range");
    }
    for (const amount of [20, 60]) expect(apply(state, play(amount)).ok).toBe(true);
  });

  it("RP-10 insurance after improving: the full win counts both combinations", () => {
    // A-A-A + sixth card K: trips + ace-king, full win 3+1 BETs = 80.
    const state = run(oneBox("AcAdAh6s4c", DEALER_NO_GAME, "Ks"), sixth).state;
    expect(apply(state, play(80)).ok).toBe(true);
    const over = apply(state, play(81));
    expect(over.ok || over.error.code).toBe("insurance_out_of_range");
  });

  it("RP-10 malformed insurance amounts are invalid_amount", () => {
    const state = oneBox(TRIPS, DEALER_NO_GAME);
    for (const amount of [-20, 20.5, Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
      const result = apply(state, play(amount));
      expect(result.ok || result.error.code).toBe("invalid_amount");
    }
  });
});

describe("RP-11 maximum payout", () => {
  it("RP-11 the BET's payment is cut to the table's maximum payout", () => {
    const { state } = run(oneBox("AcAdAhAs9c", "KcKd5h4s2c", "", { maxPayout: 100 }), play());
    const settlement = settlementOf(state, 0);
    expect(settlement.capped).toBe(true);
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 100, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1100);
  });

  it("RP-11 insurance plus BET never exceed the maximum payout", () => {
    const { state } = run(
      oneBox("8c8d8h6s4c", DEALER_NO_GAME, "9s", { maxPayout: 70 }),
      play(60),
      buyGame,
    );
    const settlement = settlementOf(state, 0);
    expect(settlement.capped).toBe(true);
    expect(moneyOf(settlement)).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 10, 20, 0),
      bonus: none,
      insurance: field(60, 60, 60, 0),
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: field(10, 0, 0, 10),
    });
  });

  it("RP-11 the ANTE paid 1:1 counts toward the cap after insurance", () => {
    const { state } = run(
      oneBox("8c8d8h6s4c", DEALER_NO_GAME, "", { maxPayout: 65 }),
      play(60),
      takeAnte,
    );
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 5, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: field(60, 60, 60, 0),
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
  });

  it("RP-11 insurance is limited to the maximum payout, and refused below the BET", () => {
    const capped = oneBox("8c8d8h6s4c", DEALER_NO_GAME, "", { maxPayout: 30 });
    expect(apply(capped, play(30)).ok).toBe(true);
    const over = apply(capped, play(31));
    expect(over.ok || over.error.code).toBe("insurance_out_of_range");
    const tiny = oneBox("8c8d8h6s4c", DEALER_NO_GAME, "", { maxPayout: 10 });
    const refused = apply(tiny, play(20));
    expect(refused.ok || refused.error.code).toBe("insurance_not_allowed");
  });

  it("RP-11 the bonus is a separate side bet and is not capped", () => {
    const { state } = run(
      oneBox("7d7h7s5h2c", DEALER_NO_GAME, "", { maxPayout: 50 }, { bonus: 10 }),
      play(),
      takeAnte,
    );
    expect(settlementOf(state, 0).bonus).toEqual(field(10, 200, 10, 0));
  });
});

describe("RP-12 fees are never returned", () => {
  it("RP-12 the exchange fee is lost even when the box wins", () => {
    const { state } = run(
      oneBox("QcQd7h4s2c", DEALER_ACE_KING, "Qh8h3c"),
      exchange("7h4s2c"),
      play(),
    );
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 60, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: field(10, 0, 0, 10),
      sixthCardFee: none,
      buyGameFee: none,
    });
  });

  it("RP-12 the exchange fee is lost when the dealer has no game", () => {
    const { state } = run(
      oneBox("QcQd7h4s2c", DEALER_NO_GAME, "8h"),
      exchange("2c"),
      play(),
      takeAnte,
    );
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 10, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: none,
      insurance: none,
      exchangeFee: field(10, 0, 0, 10),
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1000);
  });

  it("RP-12 the sixth card's fee is lost on a stay, and after a fold", () => {
    const stay = run(oneBox("5c6d7h8s9c", "5d6h7s8c9d", "2h"), sixth, play()).state;
    expect(settlementOf(stay, 0).outcome).toBe("stay");
    expect(settlementOf(stay, 0).sixthCardFee).toEqual(field(10, 0, 0, 10));
    const folded = run(oneBox("QcQd7h4s2c", DEALER_ACE_KING, "3h"), sixth, {
      type: "fold",
      playerId: "p1",
      box: 0,
    }).state;
    expect(moneyOf(settlementOf(folded, 0))).toEqual({
      ante: field(10, 0, 0, 10),
      bet: none,
      bonus: none,
      insurance: none,
      exchangeFee: none,
      sixthCardFee: field(10, 0, 0, 10),
      buyGameFee: none,
    });
    expect(chipsOf(folded, "p1")).toBe(980);
  });
});

describe("RP-2 bonus", () => {
  it("RP-2 paid on the first five cards even when the dealer has no game", () => {
    const { state } = run(
      oneBox("7d7h7s5h2c", DEALER_NO_GAME, "", {}, { bonus: 10 }),
      play(),
      takeAnte,
    );
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 10, 10, 0),
      bet: field(20, 0, 20, 0),
      bonus: field(10, 200, 10, 0),
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1210);
  });

  it("RP-2 paid even when the box loses to the dealer", () => {
    const { state } = run(oneBox("7c7dKhKs3c", "AcAdAh5s2c", "", {}, { bonus: 4 }), play());
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 0, 0, 10),
      bet: field(20, 0, 0, 20),
      bonus: field(4, 20, 4, 0),
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
    expect(chipsOf(state, "p1")).toBe(1000 - 30 + 20);
  });

  it("RP-2 lost when the box exchanges, even if the hand gets better", () => {
    const { state } = run(
      oneBox("7c7d7h5h2c", DEALER_ACE_KING, "7s", {}, { bonus: 10 }),
      exchange("2c"),
      play(),
    );
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 400, 20, 0),
      bonus: field(10, 0, 0, 10),
      insurance: none,
      exchangeFee: field(10, 0, 0, 10),
      sixthCardFee: none,
      buyGameFee: none,
    });
  });

  it("RP-2 lost when the box buys a sixth card", () => {
    const { state } = run(
      oneBox("7c7d7h5h2c", DEALER_ACE_KING, "3h", {}, { bonus: 10 }),
      sixth,
      play(),
    );
    expect(moneyOf(settlementOf(state, 0))).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 60, 20, 0),
      bonus: field(10, 0, 0, 10),
      insurance: none,
      exchangeFee: none,
      sixthCardFee: field(10, 0, 0, 10),
      buyGameFee: none,
    });
  });

  it("RP-2 paid on a closed box", () => {
    const state0 = dealt({
      boxes: [
        box0("2c3c5c8s9h"),
        { playerId: "p1", box: 1, ante: 10, hand: "4c4d6h6sJc" },
        { playerId: "p1", box: 2, ante: 10, bonus: 10, hand: "2h3h5h8hTh" },
      ],
      dealer: DEALER_ACE_KING,
    });
    const { state } = run(
      state0,
      { type: "fold", playerId: "p1", box: 0 },
      { type: "fold", playerId: "p1", box: 1 },
    );
    expect(moneyOf(settlementOf(state, 2))).toEqual({
      ante: field(10, 0, 10, 0),
      bet: field(20, 100, 20, 0),
      bonus: field(10, 500, 10, 0),
      insurance: none,
      exchangeFee: none,
      sixthCardFee: none,
      buyGameFee: none,
    });
  });
});
