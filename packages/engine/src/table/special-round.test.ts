import { describe, expect, it } from "vitest";
import type { HandConfig } from "../hand";
import { checkDownEvents, deckFor } from "./home-test-support";
import { applyTable, chipsOnTable } from "./table";
import { NL, ok, player, run, sit, table } from "./test-support";
import type { TableEvent, TableGame, TableState } from "./types";
import { tableViewFor } from "./view";

const FL: HandConfig = { ...NL, betting: "fixed-limit" };
const NORMAL = { smallBlind: 1, bigBlind: 2, ante: 0, smallBet: 2, bigBet: 4 };
const DOUBLE = { smallBlind: 2, bigBlind: 4, ante: 0, smallBet: 4, bigBet: 8 };

/** Seat 1 makes aces full of kings at the showdown; seats 2 and 3 have nothing. */
const FULL_HOUSE = { hole: { 1: "AhAd", 2: "QcJc", 3: "9d8d" }, board: "AsKdKh7c2s" };
/** Seat 1 wins with a pair of aces. */
const PAIR = { hole: { 1: "AhAd", 2: "QcJc", 3: "9d8d" }, board: "3s4d8h7c2s" };

/** Deals a hand with `cards` and checks it down: the hand's rules and every event. */
function hand(
  state: TableState,
  cards: { hole: Record<number, string>; board: string },
): { state: TableState; events: TableEvent[]; limits: typeof NORMAL } {
  const dealt = ok(
    applyTable(state, { type: "startHand", deck: deckFor(state, cards.hole, cards.board) }),
  );
  const rules = dealt.state.hand?.rules;
  if (!rules) throw new Error("no hand");
  const { smallBlind, bigBlind, ante, smallBet, bigBet } = rules;
  const played = checkDownEvents(dealt.state);
  return {
    state: played.state,
    events: [...dealt.events, ...played.events].filter((e) => e.type !== "handEvent"),
    limits: { smallBlind, bigBlind, ante, smallBet, bigBet },
  };
}

const special = () =>
  run(table({ hand: FL, home: { specialRound: true } }), sit(1), sit(2), sit(3));
const roundView = (t: TableState) => tableViewFor(t, null).homeGame?.specialRound ?? null;

describe("H-5 the special round", () => {
  it("H-5 after a full house wins the showdown, one orbit (a hand per player) at double stakes", () => {
    let t = special();
    const first = hand(t, FULL_HOUSE);
    expect(first.limits).toEqual(NORMAL);
    expect(first.events.map((e) => e.type)).toEqual(["handSettled", "specialRoundDue"]);
    t = first.state;
    expect(roundView(t)).toEqual({ status: "due", hands: null, handsLeft: null });

    const seen: { limits: typeof NORMAL; events: string[]; left: number | null }[] = [];
    for (let i = 0; i < 4; i++) {
      const played = hand(t, PAIR);
      seen.push({
        limits: played.limits,
        events: played.events.map((e) => e.type),
        left: roundView(played.state)?.handsLeft ?? null,
      });
      t = played.state;
    }
    expect(seen).toEqual([
      { limits: DOUBLE, events: ["specialRoundStarted", "handSettled"], left: 2 },
      { limits: DOUBLE, events: ["handSettled"], left: 1 },
      { limits: DOUBLE, events: ["handSettled", "specialRoundEnded"], left: null },
      { limits: NORMAL, events: ["handSettled"], left: null },
    ]);
  });

  it("H-5 the round's length is the players dealt into its first hand; who comes or goes changes nothing", () => {
    let t = hand(special(), FULL_HOUSE).state;
    const started = ok(
      applyTable(t, { type: "startHand", deck: deckFor(t, PAIR.hole, PAIR.board) }),
    );
    expect(started.events).toContainEqual({ type: "specialRoundStarted", hands: 3 });
    expect(roundView(started.state)).toEqual({ status: "playing", hands: 3, handsLeft: 3 });
    t = checkDownEvents(started.state).state;
    // A fourth player sits down during the round: still two hands to go, not three.
    t = run(t, sit(4, 100, false));
    const limits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const played = hand(t, PAIR);
      limits.push(played.limits.bigBet);
      t = played.state;
    }
    expect(limits).toEqual([8, 8, 4]);
  });

  it("H-5 a full house during the round neither makes it longer nor starts another", () => {
    let t = hand(special(), FULL_HOUSE).state;
    const bets: number[] = [];
    const events: string[] = [];
    for (let i = 0; i < 4; i++) {
      const played = hand(t, FULL_HOUSE);
      bets.push(played.limits.bigBet);
      events.push(...played.events.map((e) => e.type));
      t = played.state;
    }
    // Three doubled hands; the fourth, at normal limits, won with a full house: due again.
    expect(bets).toEqual([8, 8, 8, 4]);
    expect(events.filter((e) => e.startsWith("specialRound"))).toEqual([
      "specialRoundStarted",
      "specialRoundEnded",
      "specialRoundDue",
    ]);
  });

  it("H-5 a pot won without a showdown starts nothing; a pair at the showdown neither", () => {
    let t = special();
    t = hand(t, PAIR).state;
    expect(t.homeGame?.specialRound).toBeNull();
    // Everyone folds to the big blind.
    t = run(t, { type: "startHand", deck: deckFor(t, FULL_HOUSE.hole, FULL_HOUSE.board) });
    while (t.hand && t.hand.phase !== "complete") {
      const seat = t.hand.toAct as number;
      t = run(t, { type: "act", playerId: player(seat), action: { type: "fold" } });
    }
    expect(t.homeGame?.specialRound).toBeNull();
  });

  it("H-5 the option off: a full house changes nothing", () => {
    const t = run(table({ hand: FL }), sit(1), sit(2), sit(3));
    const first = hand(t, FULL_HOUSE);
    const second = hand(first.state, PAIR);
    expect(first.events.map((e) => e.type)).toEqual(["handSettled"]);
    expect(second.limits).toEqual(NORMAL);
    expect(tableViewFor(second.state, null).homeGame).toBeNull();
  });

  it("H-5 at dealer's choice the orbit's game is doubled, whatever it is", () => {
    const games: TableGame[] = [
      { name: "Hold'em FL", hand: FL },
      { name: "Hold'em FL 2/4", hand: { ...FL, smallBlind: 2, bigBlind: 4 } },
    ];
    let t = run(
      table({ hand: undefined, games, home: { specialRound: true } }),
      sit(1),
      sit(2),
      sit(3),
      { type: "chooseGame", playerId: player(1), game: 1 },
    );
    t = hand(t, FULL_HOUSE).state;
    const played = hand(t, PAIR);
    expect(played.limits).toEqual({ smallBlind: 4, bigBlind: 8, ante: 0, smallBet: 8, bigBet: 16 });
  });

  it("H-5 chips are conserved through a doubled round", () => {
    let t = run(table({ hand: FL, home: { specialRound: true } }), sit(1), sit(2), sit(3));
    const chips = chipsOnTable(t);
    t = hand(t, FULL_HOUSE).state;
    for (let i = 0; i < 3; i++) t = hand(t, PAIR).state;
    expect(chipsOnTable(t)).toBe(chips);
  });
});
