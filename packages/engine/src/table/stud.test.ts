/**
 * Stud at the table (ST-1, ST-5): no blinds, so every player who can play is
 * dealt in, newcomers included, nobody is marked for a missed blind, and the
 * table seats no more than the deck serves.
 */
import { describe, expect, it } from "vitest";
import type { HandConfig } from "../hand";
import { type HandEvent, legalActions } from "../hand";
import {
  DEALERS_CHOICE_IDS,
  type DealersChoiceNames,
  dealersChoiceGamesOf,
  type StakeTerms,
} from "./stake-plan";
import { applyTable, chipsOnTable, createTable } from "./table";
import { deck, ok, player, playHand, run, sit, table } from "./test-support";
import type { TableEvent } from "./types";

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

  it("ST-5 ST-6 ten players of five-card stud (the burn skipped on fifth street) and eight of seven-card stud play to the showdown", () => {
    for (const [hand, seats] of [
      [STUD5, 10],
      [STUD7, 8],
    ] as const) {
      let t = table({ hand, seatCount: seats });
      for (let seat = 1; seat <= seats; seat++) t = run(t, sit(seat));
      t = ok(applyTable(t, { type: "startHand", deck: deck() })).state;
      while (t.hand && t.hand.phase !== "complete") {
        const seat = t.hand.toAct as number;
        const legal = legalActions(t.hand, seat);
        const action = legal.check
          ? { type: "check" as const }
          : legal.call
            ? { type: "call" as const }
            : { type: "betOrRaiseTo" as const, amount: legal.betOrRaise?.min as number };
        t = run(t, { type: "act", playerId: player(seat), action });
      }
      // Nobody folded: every player was dealt his whole hand, and the chips are all still there.
      const cards = hand.game === "stud5" ? 5 : 7;
      for (const p of t.hand?.players ?? [])
        expect(p.holeCards.length + (p.upCards?.length ?? 0) + (t.hand?.board.length ?? 0)).toBe(
          cards,
        );
      expect(chipsOnTable(t)).toBe(100 * seats);
    }
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

  it("§4 ST-1: stud in a dealer's choice list: chosen by the button, dealt with antes and the bring-in, no blinds", () => {
    const names = Object.fromEntries(
      DEALERS_CHOICE_IDS.map((id) => [id, id]),
    ) as DealersChoiceNames;
    const stake = {
      smallBlind: 1,
      bigBlind: 2,
      ante: 1,
      smallBet: null,
      bigBet: null,
      games: ["holdem-nl", "stud7", "stud5"],
    };
    const listed = dealersChoiceGamesOf(stake as unknown as StakeTerms, names);
    if (!listed.ok) throw new Error(listed.reason);
    expect(listed.games[1]?.hand).toEqual({
      game: "stud7",
      betting: "fixed-limit",
      smallBlind: 1,
      bigBlind: 2,
      ante: 1,
      anteKind: "each",
      smallBet: 2,
      bigBet: 4,
    });
    let t = run(
      table({ hand: undefined, games: listed.games, seatCount: 8 }),
      sit(1),
      sit(2),
      sit(3),
    );
    t = run(t, { type: "chooseGame", playerId: player(1), game: 1 });
    const dealt = ok(applyTable(t, { type: "startHand", deck: deck() }));
    expect(dealt.state.hand?.rules.game).toBe("stud7");
    const events = handEvents(dealt.events);
    expect(events.filter((e) => e.type === "blindPosted")).toEqual([]);
    expect(events.filter((e) => e.type === "antePosted").map((e) => e.seat)).toEqual([1, 2, 3]);
    const done = playHand(t).state;
    expect(done.seats.reduce((sum, o) => sum + (o?.stack ?? 0), 0)).toBe(300);
  });

  it("MT-3 ST-1 a planned (tournament) stud hand: the big-blind ante is shared out among the players, the small blind brings in", () => {
    let t = run(table({ hand: { ...STUD7, ante: 0 }, seatCount: 8 }), {
      type: "seatPlayers",
      players: [1, 2, 3, 4].map((seat) => ({
        seat,
        playerId: player(seat),
        name: `Player ${seat}`,
        stack: 1000,
      })),
    });
    const started = ok(
      applyTable(t, {
        type: "startPlannedHand",
        deck: deck(),
        plan: {
          seats: [1, 2, 3, 4],
          button: 4,
          smallBlind: 1,
          bigBlind: 2,
          blinds: { smallBlind: 50, bigBlind: 100, ante: 100, anteKind: "big-blind" },
        },
      }),
    );
    t = started.state;
    expect(t.hand?.rules).toMatchObject({
      game: "stud7",
      ante: 25,
      anteKind: "each",
      bringIn: 50,
      smallBet: 100,
      bigBet: 200,
    });
    const antes = handEvents(started.events).filter((e) => e.type === "antePosted");
    expect(antes.map((e) => e.type === "antePosted" && e.amount)).toEqual([25, 25, 25, 25]);
    while (t.hand && t.hand.phase !== "complete") {
      const seat = t.hand.toAct as number;
      const legal = legalActions(t.hand, seat);
      const action = legal.check
        ? { type: "check" as const }
        : legal.call
          ? { type: "call" as const }
          : { type: "betOrRaiseTo" as const, amount: legal.betOrRaise?.min as number };
      t = run(t, { type: "act", playerId: player(seat), action });
    }
    expect(chipsOnTable(t)).toBe(4000);
  });
});

const handEvents = (events: TableEvent[]): HandEvent[] =>
  events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));
