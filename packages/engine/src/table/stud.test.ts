/**
 * Stud at the table (ST-1, ST-5): no blinds, so every player who can play is
 * dealt in, newcomers included, nobody is marked for a missed blind, and the
 * table seats no more than the deck serves.
 */
import { describe, expect, it } from "vitest";
import type { HandConfig } from "../hand";
import { createTable } from "./table";
import { playHand, run, sit, table } from "./test-support";

const STUD7: HandConfig = {
  game: "stud7",
  betting: "fixed-limit",
  smallBlind: 1,
  bigBlind: 2,
  ante: 1,
  bringIn: 1,
};
const STUD5: HandConfig = { ...STUD7, game: "stud5" };

const setup = { seatCount: 6, minBuyIn: 40, maxBuyIn: 200 };

describe("stud tables", () => {
  it("ST-1, ST-5: seven-card stud seats at most 8, five-card stud 10, also in a dealer's choice list", () => {
    expect(createTable({ ...setup, hand: STUD7, seatCount: 8 }).ok).toBe(true);
    expect(createTable({ ...setup, hand: STUD7, seatCount: 9 })).toMatchObject({
      ok: false,
      error: { code: "invalid_config" },
    });
    expect(createTable({ ...setup, hand: STUD5, seatCount: 10 }).ok).toBe(true);
    const games = [
      {
        name: "Hold'em",
        hand: { game: "holdem" as const, betting: "no-limit" as const, smallBlind: 1, bigBlind: 2 },
      },
      { name: "Stud", hand: STUD7 },
    ];
    expect(createTable({ ...setup, games, seatCount: 9 }).ok).toBe(false);
    expect(createTable({ ...setup, games, seatCount: 8 }).ok).toBe(true);
  });

  it("ST-1: a newcomer is dealt in at once (no big blind to wait for), and antes, not blinds, are posted", () => {
    let t = run(table({ hand: STUD7 }), sit(1), sit(2), sit(3));
    t = playHand(t).state;
    // Seat 5 sits down between hands, asking to wait for the big blind: stud has none.
    t = run(t, sit(5, 100, true));
    const { dealt, state } = playHand(t);
    expect(dealt.dealt).toEqual([1, 2, 3, 5]);
    expect(dealt.smallBlind).toBeNull();
    const antes = dealt.events.flatMap((e) =>
      e.type === "handEvent" && e.event.type === "antePosted" ? [e.event.seat] : [],
    );
    expect(antes).toEqual([1, 2, 3, 5]);
    expect(state.seats[4]?.owes).toBeNull();
    // Chips are conserved over the two hands.
    const total = state.seats.reduce((sum, o) => sum + (o?.stack ?? 0), 0);
    expect(total).toBe(400);
  });

  it("a player sitting out of a stud hand is not marked for a missed blind", () => {
    let t = run(table({ hand: STUD5 }), sit(1), sit(2), sit(3), sit(4));
    t = playHand(t).state;
    t = run(t, { type: "sitOut", playerId: "p2" });
    for (let i = 0; i < 3; i++) t = playHand(t).state;
    expect(t.seats[1]?.owes).toBeNull();
    t = run(t, { type: "sitIn", playerId: "p2" });
    expect(playHand(t).dealt.dealt).toEqual([1, 2, 3, 4]);
  });
});
