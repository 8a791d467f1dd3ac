import { describe, expect, it } from "vitest";
import { deckOf } from "../eval/ranking";
import type { HandConfig } from "../hand";
import { choiceDue, nextHandConfig } from "./dealers-choice";
import { deckOfTable, readyToDeal } from "./ready";
import { applyTable, createTable } from "./table";
import { deck, expectRefused, NL, ok, player, playHand, run, sit, table } from "./test-support";
import type { TableGame, TableState } from "./types";
import { tableViewFor } from "./view";

const OMAHA_PL: HandConfig = { game: "omaha", betting: "pot-limit", smallBlind: 1, bigBlind: 2 };
const HOLDEM_FL: HandConfig = {
  game: "holdem",
  betting: "fixed-limit",
  smallBlind: 1,
  bigBlind: 2,
};
const GAMES: TableGame[] = [
  { name: "Hold'em NL", hand: NL },
  { name: "Omaha PL", hand: OMAHA_PL },
  { name: "Hold'em FL", hand: HOLDEM_FL },
];

const choiceTable = (seatCount = 6) => table({ hand: undefined, games: GAMES, seatCount });
const choose = (seat: number, game: number) =>
  ({ type: "chooseGame", playerId: player(seat), game }) as const;
const gameOf = (t: TableState) => `${t.hand?.rules.game} ${t.hand?.rules.betting}`;

describe("dealer's choice (§4)", () => {
  it("§4 the button picks the game before the orbit's first hand; nothing is dealt until he does", () => {
    const t = run(choiceTable(), sit(1), sit(2), sit(3));
    expect(tableViewFor(t, null).dealersChoice).toEqual({
      games: ["Hold'em NL", "Omaha PL", "Hold'em FL"],
      playing: null,
      chooser: 1,
      chosen: null,
      orbit: null,
    });
    expectRefused(t, { type: "startHand", deck: deck() }, "game_not_chosen");
    expectRefused(t, choose(2, 1), "not_your_choice");
    expectRefused(t, choose(1, 3), "invalid_game");
    expectRefused(t, choose(1, 0.5), "invalid_game");
    const chosen = ok(applyTable(t, choose(1, 1)));
    expect(chosen.events).toEqual([
      { type: "gameChosen", seat: 1, game: 1, name: "Omaha PL", by: "player" },
    ]);
    expect(tableViewFor(chosen.state, null).dealersChoice).toMatchObject({
      chooser: null,
      chosen: 1,
    });
    const dealt = run(chosen.state, { type: "startHand", deck: deck() });
    expect(gameOf(dealt)).toBe("omaha pot-limit");
    expect(dealt.hand?.players[0]?.holeCards).toHaveLength(4);
    expect(tableViewFor(dealt, null).dealersChoice).toMatchObject({ playing: 1, chooser: null });
    expectRefused(dealt, choose(2, 0), "hand_in_progress");
  });

  it("§4 the game lasts until the button is back on the chooser; then the next button chooses", () => {
    let t = run(choiceTable(), sit(1), sit(2), sit(3), choose(1, 1));
    const games: string[] = [];
    const buttons: number[] = [];
    for (let hand = 0; hand < 4; hand++) {
      const played = playHand(t);
      games.push(gameOf(played.dealt.at));
      buttons.push(played.dealt.button);
      t = played.state;
    }
    // Buttons 1, 2, 3 and 1 again: the chooser deals his game first and last.
    expect(buttons).toEqual([1, 2, 3, 1]);
    expect(new Set(games)).toEqual(new Set(["omaha pot-limit"]));
    expect(tableViewFor(t, null).dealersChoice).toMatchObject({ playing: 1, chooser: 2 });
    expectRefused(t, { type: "startHand", deck: deck() }, "game_not_chosen");
    expectRefused(t, choose(1, 0), "not_your_choice");
    t = run(t, choose(2, 2));
    const next = playHand(t);
    expect(next.dealt.button).toBe(2);
    expect(gameOf(next.dealt.at)).toBe("holdem fixed-limit");
  });

  it("§4 the view counts the orbit: three players, hands 1 to 4 of 4; heads-up, 1 to 3 of 3 (issue 48, bug 6)", () => {
    let t = run(choiceTable(), sit(1), sit(3), sit(5), choose(1, 1));
    const counted: string[] = [];
    for (let hand = 0; hand < 4; hand++) {
      const played = playHand(t);
      const during = tableViewFor(played.dealt.at, null).dealersChoice?.orbit;
      t = played.state;
      const after = tableViewFor(t, null).dealersChoice?.orbit;
      // The count holds from the deal until the next one.
      expect(after).toEqual(during);
      counted.push(`${during?.hand} of ${during?.hands}`);
    }
    expect(counted).toEqual(["1 of 4", "2 of 4", "3 of 4", "4 of 4"]);

    let headsUp = run(choiceTable(), sit(2), sit(6), { type: "timeout" });
    const heads: string[] = [];
    for (let hand = 0; hand < 3; hand++) {
      headsUp = playHand(headsUp).state;
      const orbit = tableViewFor(headsUp, null).dealersChoice?.orbit;
      heads.push(`${orbit?.hand} of ${orbit?.hands}`);
    }
    expect(heads).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    // The next orbit's chooser is due: the count is the last orbit's until the next deal.
    expect(tableViewFor(headsUp, null).dealersChoice).toMatchObject({ chooser: 6 });
  });

  it("§4 when the chooser's clock runs out the next game in the list is played", () => {
    let t = run(choiceTable(), sit(1), sit(2));
    const first = ok(applyTable(t, { type: "timeout" }));
    expect(first.events).toEqual([
      { type: "gameChosen", seat: 1, game: 0, name: "Hold'em NL", by: "timeout" },
    ]);
    t = first.state;
    // Heads-up on seats 1 and 2 of 6: buttons 1, 2, 1 make the orbit (the button moves 1 + 5 seats).
    for (let hand = 0; hand < 3; hand++) t = playHand(t).state;
    expect(tableViewFor(t, null).dealersChoice).toMatchObject({ playing: 0, chooser: 2 });
    const timedOut = ok(applyTable(t, { type: "timeout" }));
    expect(timedOut.events).toEqual([
      { type: "gameChosen", seat: 2, game: 1, name: "Omaha PL", by: "timeout" },
    ]);
    // Once chosen, a second timeout has nothing to decide.
    expectRefused(timedOut.state, { type: "timeout" }, "no_hand_in_progress");
    expect(gameOf(playHand(timedOut.state).dealt.at)).toBe("omaha pot-limit");
  });

  it("§4 T-9 a dead button chooses nothing: the next game in the list is dealt", () => {
    let t = run(choiceTable(4), sit(1), sit(2), sit(3), sit(4), choose(1, 2));
    // Seats 1–4 of 4: buttons 1, 2, 3, 4, 1 make the orbit; seat 2 would choose next.
    for (let hand = 0; hand < 5; hand++) t = playHand(t).state;
    expect(tableViewFor(t, null).dealersChoice).toMatchObject({ chooser: 2 });
    t = run(t, { type: "leave", playerId: player(2) });
    expect(tableViewFor(t, null).dealersChoice).toMatchObject({ chooser: null });
    const dealt = ok(applyTable(t, { type: "startHand", deck: deck() }));
    expect(dealt.state.button).toBe(2);
    expect(dealt.events[0]).toEqual({
      type: "gameChosen",
      seat: null,
      game: 0,
      name: "Hold'em NL",
      by: "deadButton",
    });
    expect(gameOf(dealt.state)).toBe("holdem no-limit");
  });

  it("§4 C-1 W-1 each hand is dealt with the deck of its own game: a 7–A or joker draw chosen after hold'em", () => {
    const draw = {
      game: "five-card-draw",
      betting: "fixed-limit",
      smallBlind: 1,
      bigBlind: 2,
    } as const;
    const games: TableGame[] = [
      { name: "Hold'em NL", hand: NL },
      { name: "Draw 7–A", hand: { ...draw, deckType: "7A" } },
      { name: "Draw, joker wild", hand: { ...draw, wild: "joker" } },
    ];
    let t = run(table({ hand: undefined, games, seatCount: 6 }), sit(1), sit(2));
    // Before the choice: no hand can be dealt, and the deck is the first game's.
    expect(choiceDue(t)).toEqual({ seat: 1, playerId: player(1) });
    expect(nextHandConfig(t)).toBeNull();
    expect(readyToDeal(t)).toBe(false);
    expect(deckOfTable(t)).toHaveLength(52);
    t = run(t, choose(1, 1));
    expect(choiceDue(t)).toBeNull();
    expect(nextHandConfig(t)?.deckType).toBe("7A");
    const short = deckOfTable(t);
    expect(short).toHaveLength(32);
    expect(short).toEqual(deckOf({ deckType: "7A", wild: "none" }));
    expect(readyToDeal(t)).toBe(true);
    expectRefused(t, { type: "startHand", deck: deck() }, "bad_deck");
    const dealt = run(t, { type: "startHand", deck: short });
    expect(dealt.hand?.rules).toMatchObject({ game: "five-card-draw", deckType: "7A" });
    // During the hand, the hand's own deck.
    expect(deckOfTable(dealt)).toHaveLength(32);
    // The joker game: 53 cards.
    let j = run(table({ hand: undefined, games, seatCount: 6 }), sit(1), sit(2), choose(1, 2));
    expect(deckOfTable(j)).toHaveLength(53);
    j = run(j, { type: "startHand", deck: deckOfTable(j) });
    expect(j.hand?.rules.wild).toBe("joker");
  });

  it("§4 a table with one game has no choice to make", () => {
    const t = run(table(), sit(1), sit(2));
    expectRefused(t, choose(1, 0), "no_choice_due");
    expect(tableViewFor(t, null).dealersChoice).toBeNull();
  });

  it.each([
    ["no games", []],
    ["a game without a name", [{ name: " ", hand: NL }]],
    ["a game with bad rules", [{ name: "Stud", hand: { ...NL, game: "stud" } }]],
    ["too many games", Array.from({ length: 21 }, () => ({ name: "NL", hand: NL }))],
  ])("refuses a dealer's-choice table with %s", (_name, games) => {
    const created = createTable({
      games: games as TableGame[],
      seatCount: 6,
      minBuyIn: 40,
      maxBuyIn: 200,
    });
    expect(created.ok ? "ok" : created.error.code).toBe("invalid_config");
  });
});
