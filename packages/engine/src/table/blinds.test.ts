import { describe, expect, it } from "vitest";
import { legalActions } from "../hand";
import { applyTable } from "./table";
import {
  type Dealt,
  deck,
  expectRefused,
  ok,
  player,
  playHand,
  run,
  sit,
  spots,
  table,
} from "./test-support";
import type { TableState } from "./types";
import { tableViewFor } from "./view";

/** Plays `count` hands, returning the state and each deal. */
function hands(state: TableState, count: number): { state: TableState; deals: Dealt[] } {
  let t = state;
  const deals: Dealt[] = [];
  for (let i = 0; i < count; i++) {
    const played = playHand(t);
    t = played.state;
    deals.push(played.dealt);
  }
  return { state: t, deals };
}

const owesOf = (t: TableState, seat: number) => t.seats[seat - 1]?.owes;

describe("T-9 the dead button", () => {
  it("T-1 T-9 with everyone playing the button and blinds move one seat a hand", () => {
    const { deals } = hands(run(table(), sit(1), sit(2), sit(3), sit(4)), 5);
    expect(deals.map(spots)).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      [3, 4, 1],
      [4, 1, 2],
      [1, 2, 3],
    ]);
  });

  it("T-9 the big blind leaves: the small blind is dead, the button goes to who posted the small blind, then a dead button", () => {
    let { state: t, deals } = hands(run(table(), sit(1), sit(2), sit(3), sit(4), sit(5)), 2);
    expect(deals.map(spots)).toEqual([
      [1, 2, 3],
      [2, 3, 4],
    ]);
    t = run(t, { type: "leave", playerId: player(4) });
    const later = hands(t, 4);
    expect(later.deals.map(spots)).toEqual([
      [3, null, 5], // seat 4's small blind is dead; seat 3 posted the last small blind
      [4, 5, 1], // the button on the empty seat 4
      [5, 1, 2],
      [1, 2, 3],
    ]);
    // Post-flop the first player left of the dead button acts first: seat 5, the small blind.
    expect(later.deals[1]?.dealt).toEqual([1, 2, 3, 5]);
  });

  it("T-9 the button leaves: the blinds move on and the small blind's player gets the button", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4)), 1);
    t = run(t, { type: "leave", playerId: player(1) });
    const { deals } = hands(t, 3);
    expect(deals.map(spots)).toEqual([
      [2, 3, 4],
      [3, 4, 2],
      [4, 2, 3],
    ]);
  });

  it("T-9 every player posts both blinds before getting the button, over leaves, busts and sit-outs", () => {
    let t = run(table(), sit(1), sit(2), sit(3), sit(4), sit(5), sit(6));
    const posted = new Map<string, Set<"small" | "big">>();
    let checked = 0;
    const check = (d: Dealt) => {
      const { seats, positions } = d.at;
      const holder = seats[d.button - 1];
      if (d.dealt.length > 2 && holder && d.dealt.includes(d.button) && !positions?.newGame) {
        expect(posted.get(holder.playerId)).toEqual(new Set(["small", "big"]));
        checked++;
      }
      const note = (seat: number | null, blind: "small" | "big") => {
        const id = seat === null ? undefined : seats[seat - 1]?.playerId;
        if (id) posted.set(id, new Set([...(posted.get(id) ?? []), blind]));
      };
      if (positions?.newGame) {
        for (const seat of d.dealt) {
          note(seat, "small");
          note(seat, "big");
        }
      }
      note(d.smallBlind, "small");
      note(d.bigBlind, "big");
      for (const seat of d.extraBigBlinds) note(seat, "big");
      for (const seat of d.deadSmallBlinds) note(seat, "small");
    };
    const script: ((s: TableState) => TableState)[] = [
      (s) => s,
      (s) => run(s, { type: "leave", playerId: player(3) }),
      (s) => s,
      (s) => run(s, { type: "sitOut", playerId: player(5) }),
      (s) => s,
      (s) => run(s, sit(3, 100, false)),
      (s) => s,
      (s) => run(s, { type: "sitIn", playerId: player(5), waitForBigBlind: false }),
      (s) => run(s, { type: "leave", playerId: player(1) }),
      (s) => s,
      (s) => run(s, { type: "sitOut", playerId: player(2) }),
      (s) => s,
      (s) => run(s, { type: "sitIn", playerId: player(2) }),
      (s) => s,
      (s) => s,
      (s) => s,
    ];
    const bigBlinds: number[] = [];
    const sequence: (number | string | null)[][] = [];
    for (const step of script) {
      t = step(t);
      const played = playHand(t);
      t = played.state;
      check(played.dealt);
      bigBlinds.push(played.dealt.bigBlind);
      sequence.push([...spots(played.dealt), played.dealt.dealt.join("")]);
    }
    // [button, small blind (null = dead), big blind, seats dealt in]
    expect(sequence).toEqual([
      [1, 2, 3, "123456"],
      [2, null, 4, "12456"], // seat 3 left: his small blind is dead
      [3, 4, 5, "12456"], // the button on his empty seat
      [4, null, 6, "1246"], // seat 5 sits out: his small blind is dead (MS)
      [5, 6, 1, "1246"], // a dead button on the player sitting out
      [6, 1, 2, "1246"], // a newcomer in seat 3 would post, but the big blind reaches him next hand
      [1, 2, 3, "12346"],
      [2, 3, 4, "12346"], // seat 5 is back and would post: the big blind is his next hand too
      [3, 4, 5, "23456"], // seat 1 left after the last hand
      [4, 5, 6, "23456"],
      [5, 6, 3, "3456"], // seat 2 sits out: the big blind passes him (MB) and the empty seat 1
      [6, 3, 4, "3456"],
      [3, 4, 5, "3456"], // seat 2 is back, waiting for the big blind
      [4, 5, 6, "3456"],
      [5, 6, 2, "23456"],
      [6, 2, 3, "23456"],
    ]);
    expect(checked).toBeGreaterThan(8);
    // The big blind never stays on a seat two hands running.
    for (let i = 1; i < bigBlinds.length; i++) expect(bigBlinds[i]).not.toBe(bigBlinds[i - 1]);
  });

  it("T-2 T-9 three players down to two: the big blind moves on and the other player has the button and the small blind", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3)), 1); // 1, 2, 3
    t = run(t, { type: "leave", playerId: player(3) });
    const { deals } = hands(t, 3);
    expect(deals.map(spots)).toEqual([
      [2, 2, 1],
      [1, 1, 2],
      [2, 2, 1],
    ]);
  });

  it("T-2 T-7 two players up to three: a newcomer on the button's seat waits, then the big blind reaches him", () => {
    let { state: t, deals } = hands(run(table(), sit(1), sit(3)), 1);
    expect(deals.map(spots)).toEqual([[1, 1, 3]]);
    t = run(t, sit(2));
    const later = hands(t, 3);
    expect(later.deals.map(spots)).toEqual([
      [3, 3, 1], // seat 2 would be the button: he waits
      [3, 1, 2], // the big blind reaches him: he plays, and the button stays with who posted the small blind
      [1, 2, 3],
    ]);
    expect(later.deals.map((d) => d.dealt)).toEqual([
      [1, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it("T-2 T-7 T-9 a newcomer who would post is not dealt in heads-up on the button: the game starts again", () => {
    // Shrunk from the random sessions (property.test.ts, seed 291).
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4), sit(5)), 1); // 1, 2, 3
    t = run(t, { type: "leave", playerId: player(2) });
    const second = hands(t, 1);
    expect(second.deals.map(spots)).toEqual([[2, 3, 4]]);
    t = run(
      second.state,
      { type: "sitOut", playerId: player(1) },
      { type: "leave", playerId: player(3) },
      { type: "leave", playerId: player(4) },
      sit(6, 40, false),
      sit(2, 40, false),
    );
    // Seat 5 alone is in the game, and the big blind moves to him. Seat 6 waits for the big blind
    // (his next hand). Heads-up, seat 2 would get the button and the small blind without having
    // paid a big blind, and the button again the hand after, as the one who posted the small
    // blind: so nobody is left to play with seat 5, and the game starts again with all three.
    const { deals } = hands(t, 3);
    expect(deals.map(spots)).toEqual([
      [6, 2, 5],
      [2, 5, 6],
      [5, 6, 2],
    ]);
    expect(deals.map((d) => d.dealt)).toEqual([
      [2, 5, 6],
      [2, 5, 6],
      [2, 5, 6],
    ]);
    expect(deals[0]?.at.positions?.newGame).toBe(true);
    expect(deals.map((d) => [...d.extraBigBlinds, ...d.deadSmallBlinds])).toEqual([[], [], []]);
  });
});

describe("T-7 new players", () => {
  it("T-7 a newcomer waits for the big blind by default and then posts it", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(5)), 1); // 1, 2, 3
    const sat = ok(applyTable(t, sit(6)));
    expect(sat.events).toContainEqual({ type: "blindsOwed", seat: 6, owes: "newPlayer" });
    t = sat.state;
    const { deals } = hands(t, 3);
    // Next hand the big blind goes to seat 5; the one after, it reaches seat 6.
    expect(deals.map((d) => d.dealt.includes(6))).toEqual([false, true, true]);
    expect(deals.map((d) => d.bigBlind)).toEqual([5, 6, 1]);
    expect(deals[1]?.events).toContainEqual({ type: "blindsOwed", seat: 6, owes: null });
  });

  it("T-7 a newcomer who sits in the big blind's seat plays at once as the big blind", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(5)), 1); // 1, 2, 3
    t = run(t, sit(4));
    const { dealt } = playHand(t);
    expect(spots(dealt)).toEqual([2, 3, 4]);
    expect(dealt.extraBigBlinds).toEqual([]);
  });

  it("T-7 a newcomer may post a big blind to play at once; it is live (the option)", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4), sit(5)), 1); // 1, 2, 3
    t = run(t, sit(6, 100, false));
    // Next: button 2, small blind 3, big blind 4; seat 6 posts and acts after seat 5.
    const started = ok(applyTable(t, { type: "startHand", deck: deck() }));
    const hand = started.state.hand as NonNullable<TableState["hand"]>;
    expect(hand.players.map((p) => p.seat)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hand.players.find((p) => p.seat === 6)).toMatchObject({ bet: 2, stack: 98, ante: 0 });
    expect(hand.toAct).toBe(5);
    const after = run(started.state, {
      type: "act",
      playerId: player(5),
      action: { type: "call" },
    });
    expect(after.hand?.toAct).toBe(6);
    expect(legalActions(after.hand as NonNullable<TableState["hand"]>, 6).check).toBe(true);
    expect(started.state.seats[5]?.owes).toBeNull();
  });

  it("T-7 a newcomer the big blind reaches next hand waits for it rather than pay two in a row", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4)), 1); // 1, 2, 3
    t = run(t, sit(5, 100, false));
    const { deals } = hands(t, 2);
    expect(deals.map(spots)).toEqual([
      [2, 3, 4],
      [3, 4, 5],
    ]);
    expect(deals.map((d) => d.extraBigBlinds)).toEqual([[], []]);
  });

  it("T-7 a newcomer between the button and the blinds waits until the button passes, even if he would post", () => {
    // Seats 1, 2, 4, 5: button 1, small blind 2, big blind 4. Seat 3 sits down between the blinds.
    let { state: t, deals } = hands(run(table(), sit(1), sit(2), sit(4), sit(5)), 1);
    expect(deals.map(spots)).toEqual([[1, 2, 4]]);
    t = run(t, sit(3, 100, false));
    const later = hands(t, 2);
    expect(later.deals.map(spots)).toEqual([
      [2, 4, 5], // seat 3 is between the button (2) and the big blind (5): he waits
      [4, 5, 1], // the button has passed him: he posts his big blind and plays
    ]);
    expect(later.deals.map((d) => d.extraBigBlinds)).toEqual([[], [3]]);
  });

  it("T-7 the choice can be changed between hands, and is refused without a seat or a boolean", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3)), 1);
    t = run(t, sit(5));
    const set = ok(applyTable(t, { type: "waitForBigBlind", playerId: player(5), wait: false }));
    expect(set.events).toEqual([{ type: "waitForBigBlindSet", seat: 5, wait: false }]);
    expect(tableViewFor(set.state, null).seats[4]).toMatchObject({
      owes: "newPlayer",
      waitForBigBlind: false,
    });
    expectRefused(t, { type: "waitForBigBlind", playerId: "nobody", wait: true }, "not_seated");
    expectRefused(
      t,
      { type: "waitForBigBlind", playerId: player(5), wait: "yes" as unknown as boolean },
      "invalid_command",
    );
  });
});

describe("T-8 missed blinds", () => {
  it("T-8 MB: sitting out as the big blind passes marks him; he posts a live big blind and a dead small blind to come back", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4), sit(5)), 1); // 1, 2, 3
    t = run(t, { type: "sitOut", playerId: player(4) });
    const passed = playHand(t); // the big blind moves past seat 4: the next player is asked to post it
    expect(spots(passed.dealt)).toEqual([2, 3, 5]);
    expect(passed.dealt.events).toContainEqual({ type: "blindsOwed", seat: 4, owes: "missedBig" });
    t = run(passed.state, { type: "sitIn", playerId: player(4), waitForBigBlind: false });
    // Next: button 3, small blind 5, big blind 1: seat 4 sits between the button and the blinds.
    const waiting = playHand(t);
    expect(spots(waiting.dealt)).toEqual([3, 5, 1]);
    expect(waiting.dealt.dealt).toEqual([1, 2, 3, 5]);
    const back = playHand(waiting.state);
    expect(spots(back.dealt)).toEqual([5, 1, 2]);
    expect(back.dealt.extraBigBlinds).toEqual([4]);
    expect(back.dealt.deadSmallBlinds).toEqual([4]);
    const p4 = back.dealt.at.hand?.players.find((p) => p.seat === 4);
    expect(p4).toMatchObject({ startingStack: 100, stack: 97, bet: 2, ante: 1 });
    expect(back.dealt.events).toContainEqual({ type: "blindsOwed", seat: 4, owes: null });
    expect(owesOf(back.state, 4)).toBeNull();
  });

  it("T-8 MB: waiting for the big blind instead costs only the big blind", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4)), 1);
    t = run(t, { type: "sitOut", playerId: player(4) });
    t = playHand(t).state; // 2, 3, 1: seat 4 missed the big blind
    t = run(t, { type: "sitIn", playerId: player(4) });
    const { deals } = hands(t, 3);
    expect(deals.map(spots)).toEqual([
      [3, 1, 2],
      [1, 2, 3],
      [2, 3, 4],
    ]);
    expect(deals.map((d) => d.dealt.includes(4))).toEqual([false, false, true]);
    expect(deals[2]?.deadSmallBlinds).toEqual([]);
  });

  it("T-8 MS: the big blind sits out, his small blind is dead; he comes back after the button passes, posting a dead small blind", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4), sit(5)), 1); // 1, 2, 3
    t = run(t, { type: "sitOut", playerId: player(3) });
    const missed = playHand(t);
    expect(spots(missed.dealt)).toEqual([2, null, 4]);
    expect(missed.dealt.events).toContainEqual({
      type: "blindsOwed",
      seat: 3,
      owes: "missedSmall",
    });
    t = run(missed.state, { type: "sitIn", playerId: player(3), waitForBigBlind: false });
    const onButton = playHand(t); // the button is on seat 3: he may not come back yet
    expect(spots(onButton.dealt)).toEqual([3, 4, 5]);
    expect(onButton.dealt.dealt).toEqual([1, 2, 4, 5]);
    const back = playHand(onButton.state);
    expect(spots(back.dealt)).toEqual([4, 5, 1]);
    expect(back.dealt.dealt).toEqual([1, 2, 3, 4, 5]);
    expect(back.dealt.deadSmallBlinds).toEqual([3]);
    expect(back.dealt.extraBigBlinds).toEqual([]);
    // The dead chip is not his bet: he still has the big blind to call.
    const p3 = back.dealt.at.hand?.players.find((p) => p.seat === 3);
    expect(p3).toMatchObject({ bet: 0, ante: 1 });
    expect(p3?.stack).toBe((p3?.startingStack as number) - 1);
  });

  it("T-8 a player who missed the small blind and then the big blind owes both", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4), sit(5)), 1); // 1, 2, 3
    t = run(t, { type: "sitOut", playerId: player(3) });
    const { state: after, deals } = hands(t, 5);
    expect(deals[0]?.events).toContainEqual({ type: "blindsOwed", seat: 3, owes: "missedSmall" });
    expect(deals.flatMap((d) => d.events)).toContainEqual({
      type: "blindsOwed",
      seat: 3,
      owes: "missedBig",
    });
    expect(tableViewFor(after, null).seats[2]).toMatchObject({
      owes: "missedBig",
      status: "sittingOut",
    });
  });

  it("T-8 a busted player is marked as the blinds pass and owes them when he comes back", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3), sit(4)), 1);
    // Seat 4 goes broke: model it by sitting out with no chips, as the table does after a bust.
    t = {
      ...t,
      seats: t.seats.map((o) =>
        o?.seat === 4 ? { ...o, stack: 0, status: "sittingOut" as const } : o,
      ),
    };
    const passed = playHand(t);
    expect(passed.dealt.events).toContainEqual({ type: "blindsOwed", seat: 4, owes: "missedBig" });
    t = run(
      passed.state,
      { type: "addChips", playerId: player(4), amount: 50 },
      { type: "sitIn", playerId: player(4) },
    );
    expect(owesOf(t, 4)).toBe("missedBig");
  });

  it("T-8 with fewer than two players left in the game it starts again: nobody owes anything", () => {
    let { state: t } = hands(run(table(), sit(1), sit(2), sit(3)), 1); // 1, 2, 3
    t = run(t, { type: "leave", playerId: player(2) }, { type: "leave", playerId: player(3) });
    t = run(t, sit(2));
    // Seat 1 alone is in the game and the big blind is his: the newcomer would wait for ever.
    const restart = playHand(t);
    expect(restart.dealt.dealt).toEqual([1, 2]);
    expect(spots(restart.dealt)).toEqual([2, 2, 1]);
    expect(restart.state.positions?.newGame).toBe(true);
    expect(restart.dealt.events).toContainEqual({ type: "blindsOwed", seat: 2, owes: null });
    expect(owesOf(restart.state, 2)).toBeNull();
  });
});
