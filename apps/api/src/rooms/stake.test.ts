import { describe, expect, it } from "vitest";
import {
  NEXT_HAND_DELAY_MS,
  SIT_OUT_EXPIRY_MS,
  type StakeRow,
  tablePlanOf,
  unplayableReason,
} from "./stake";

const stake: StakeRow = {
  game: "holdem",
  betting: "no-limit",
  smallBlind: 1,
  bigBlind: 2,
  ante: 0,
  minBuyInBb: 20,
  maxBuyInBb: 100,
  seats: 6,
  deck: "52",
  wild: "none",
  games: null,
  smallBet: null,
  bigBet: null,
  rakeBasisPoints: 500,
  rakeCap: 6,
  noFlopNoDrop: true,
  actionSeconds: 20,
  timeBankSeconds: 60,
  timeBankRefillSeconds: 10,
  timeBankRefillHands: 5,
  russian: null,
  chat: "players",
};

// How a stake becomes the engine's table (limits, rake, timers, games) is the
// engine's stake-plan.ts, tested there; here, the room's side: which stakes can be played.
describe("a stake as a table", () => {
  it("the stake's plan is the engine's, with the players' names for dealer's choice games", () => {
    const plan = tablePlanOf({ ...stake, game: "dealers-choice", games: ["draw-7a"] });
    expect(plan.ok && plan.setup.games?.map((g) => g.name)).toEqual(["Draw 7–A"]);
    expect(plan.ok && plan.timing).toMatchObject({
      nextHandDelayMs: NEXT_HAND_DELAY_MS,
      sitOutExpiryMs: SIT_OUT_EXPIRY_MS,
    });
    expect(NEXT_HAND_DELAY_MS).toBe(3_000);
    expect(SIT_OUT_EXPIRY_MS).toBe(600_000);
  });

  it("games the engine cannot play yet are refused with a reason", () => {
    expect(tablePlanOf({ ...stake, game: "russian" })).toMatchObject({ ok: false });
    expect(unplayableReason({ ...stake, wild: "deuces" })).toBe(
      "the 7–A deck and wild cards are for draw games, not holdem",
    );
    // Russian poker is dealt by its own room (russian/), from the same stake row.
    expect(unplayableReason({ ...stake, game: "russian" })).toBeNull();
    expect(unplayableReason({ ...stake, game: "russian", smallBlind: 0 })).toMatch(/minAnte/);
    expect(unplayableReason(stake)).toBeNull();
  });

  it("dealer's choice stakes list games the engine plays", () => {
    const dc: StakeRow = {
      ...stake,
      game: "dealers-choice",
      ante: 1,
      games: ["holdem-nl", "draw-7a", "draw-joker", "omaha-pl"],
    };
    expect(unplayableReason(dc)).toBeNull();
    expect(unplayableReason({ ...dc, games: [] })).toMatch(/no games/);
    expect(unplayableReason({ ...dc, games: null })).toMatch(/no games/);
  });
});
