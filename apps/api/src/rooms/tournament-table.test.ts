/**
 * A tournament's table as the engine builds it for each game the admin may
 * choose: the betting comes from the game (B-4, B-5, B-6), the blinds and the
 * fixed-limit bets from the level the tournament plans (MT-3).
 */
import { applyTable, createTable, legalActions, type TableState } from "@felt/engine";
import { TOURNAMENT_GAMES } from "@felt/protocol/games";
import { describe, expect, it } from "vitest";
import { tournamentTableSetup, tournamentTiming } from "./tournament-table";

const ordered = Array.from({ length: 52 }, (_, card) => card);

/** Three players of 1,000 chips, and a hand at `bigBlind` (button 1, blinds 2 and 3). */
function firstHand(game: (typeof TOURNAMENT_GAMES)[number], bigBlind: number): TableState {
  const created = createTable(tournamentTableSetup(3, game));
  if (!created.ok) throw new Error(created.error.message);
  const seated = applyTable(created.state, {
    type: "seatPlayers",
    players: [1, 2, 3].map((seat) => ({
      seat,
      playerId: `p${seat}`,
      name: `P${seat}`,
      stack: 1000,
    })),
  });
  if (!seated.ok) throw new Error(seated.error.message);
  const dealt = applyTable(seated.state, {
    type: "startPlannedHand",
    deck: ordered,
    plan: {
      seats: [1, 2, 3],
      button: 1,
      smallBlind: 2,
      bigBlind: 3,
      blinds: { smallBlind: bigBlind / 2, bigBlind, ante: 0, anteKind: "big-blind" },
    },
  });
  if (!dealt.ok) throw new Error(dealt.error.message);
  return dealt.state;
}

const firstRaise = (t: TableState) => {
  const hand = t.hand as NonNullable<TableState["hand"]>;
  return legalActions(hand, hand.toAct as number).betOrRaise;
};

describe("a tournament table deals the tournament's game", () => {
  it("B-4 no-limit hold'em: two cards, the first raise goes up to the whole stack", () => {
    const t = firstHand("holdem-nl", 100);
    expect(t.hand?.rules).toMatchObject({ game: "holdem", betting: "no-limit" });
    expect(t.hand?.players[0]?.holeCards).toHaveLength(2);
    expect(firstRaise(t)).toMatchObject({ min: 200, max: 1000 });
  });

  it("B-5 pot-limit Omaha: four cards, the first raise at most the pot (blinds 50/100: to 350)", () => {
    const t = firstHand("omaha-pl", 100);
    expect(t.hand?.rules).toMatchObject({ game: "omaha", betting: "pot-limit" });
    expect(t.hand?.players.every((p) => p.holeCards.length === 4)).toBe(true);
    expect(firstRaise(t)).toMatchObject({ min: 200, max: 350 });
  });

  it("B-6 MT-3 fixed-limit hold'em: the bets follow the level (small bet = big blind, big bet = twice it)", () => {
    const low = firstHand("holdem-fl", 100);
    expect(low.hand?.rules).toMatchObject({
      game: "holdem",
      betting: "fixed-limit",
      smallBet: 100,
      bigBet: 200,
    });
    expect(firstRaise(low)).toMatchObject({ min: 200, max: 200 });
    const high = firstHand("holdem-fl", 400);
    expect(high.hand?.rules).toMatchObject({ smallBet: 400, bigBet: 800 });
    expect(firstRaise(high)).toMatchObject({ min: 800, max: 800 });
  });

  it("ST-1 ST-2 MT-3 seven-card stud: antes and the bring-in follow the level, no blinds posted", () => {
    const t = firstHand("stud7", 100);
    expect(t.hand?.rules).toMatchObject({
      game: "stud7",
      betting: "fixed-limit",
      bringIn: 50,
      smallBet: 100,
      bigBet: 200,
    });
    expect(t.hand?.players.every((p) => p.holeCards.length === 2 && p.upCards?.length === 1)).toBe(
      true,
    );
    // The lowest up card brings in: 50, or completes to the small bet.
    expect(firstRaise(t)).toMatchObject({ min: 50, max: 100, onlyMinOrMax: true });
    // No blinds and no ante at this level: nobody has put a chip in yet.
    expect(t.hand?.players.map((p) => p.stack)).toEqual([1000, 1000, 1000]);
    // ST-1: at most 8 seats; the admin's form refuses more (tournament-input.ts).
    expect(createTable(tournamentTableSetup(9, "stud7")).ok).toBe(false);
    expect(createTable(tournamentTableSetup(8, "stud7")).ok).toBe(true);
  });

  it("MT-7 every game's table takes no rake and any stack", () => {
    for (const game of TOURNAMENT_GAMES) {
      expect(tournamentTableSetup(9, game)).toMatchObject({
        seatCount: 9,
        rake: null,
        minBuyIn: 1,
      });
    }
  });
});

describe("a tournament table's clock", () => {
  it("is the tournament's action time and time bank; the refill never exceeds the bank", () => {
    expect(tournamentTiming(3000, { actionSeconds: 45, timeBankSeconds: 90 })).toMatchObject({
      actionMs: 45_000,
      timeBankMs: 90_000,
      timeBankRefillMs: 10_000,
      timeBankRefillHands: 5,
      nextHandDelayMs: 3000,
    });
    expect(tournamentTiming(3000, { actionSeconds: 5, timeBankSeconds: 0 })).toMatchObject({
      actionMs: 5_000,
      timeBankMs: 0,
      timeBankRefillMs: 0,
    });
  });
});
