import { describe, expect, it } from "vitest";
import {
  type DealersChoiceNames,
  NEXT_HAND_DELAY_MS,
  SIT_OUT_EXPIRY_MS,
  type StakeTerms,
  tablePlan,
} from "./stake-plan";

/** The names the players see (the protocol's list; any names do here). */
const NAMES: DealersChoiceNames = {
  "holdem-nl": "Hold'em NL",
  "holdem-fl": "Hold'em FL",
  "omaha-pl": "Omaha PL",
  "draw-fl": "Draw FL",
  "draw-7a": "Draw 7–A",
  "draw-joker": "Draw, joker wild",
  stud7: "Seven-card stud",
  stud5: "Five-card stud",
};

const tablePlanOf = (stake: StakeTerms) => tablePlan(stake, NAMES);

const stake: StakeTerms = {
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
};

describe("a stake as a table", () => {
  it("T-4 buy-ins in chips, T-10 rake, the clock in ms", () => {
    expect(tablePlanOf(stake)).toEqual({
      ok: true,
      setup: {
        hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
        seatCount: 6,
        minBuyIn: 40,
        maxBuyIn: 200,
        rake: { basisPoints: 500, cap: 6, noFlopNoDrop: true },
      },
      timing: {
        actionMs: 20_000,
        timeBankMs: 60_000,
        timeBankRefillMs: 10_000,
        timeBankRefillHands: 5,
        nextHandDelayMs: NEXT_HAND_DELAY_MS,
        sitOutExpiryMs: SIT_OUT_EXPIRY_MS,
      },
    });
    expect(NEXT_HAND_DELAY_MS).toBe(3_000);
    expect(SIT_OUT_EXPIRY_MS).toBe(600_000);
  });

  it("fixed-limit bet units and antes; no rake when there is none", () => {
    const plan = tablePlanOf({
      ...stake,
      betting: "fixed-limit",
      smallBet: 2,
      bigBet: 4,
      ante: 1,
      rakeBasisPoints: 0,
    });
    expect(plan.ok && plan.setup.hand).toEqual({
      game: "holdem",
      betting: "fixed-limit",
      smallBlind: 1,
      bigBlind: 2,
      ante: 1,
      anteKind: "each",
      smallBet: 2,
      bigBet: 4,
    });
    expect(plan.ok && plan.setup.rake).toBeNull();
  });

  it("five-card draw: the 32-card deck is the engine's 7–A deck, wild cards by the engine's names", () => {
    const draw = {
      ...stake,
      game: "draw" as const,
      betting: "fixed-limit" as const,
      smallBet: 2,
      bigBet: 4,
    };
    expect(tablePlanOf(draw)).toMatchObject({
      ok: true,
      setup: { hand: { game: "five-card-draw", betting: "fixed-limit", smallBet: 2, bigBet: 4 } },
    });
    const plain = tablePlanOf(draw);
    expect(plain.ok && plain.setup.hand).not.toHaveProperty("deckType");
    const cases = [
      ["52", "joker", "52", "joker"],
      ["32", "none", "7A", "none"],
      ["32", "deuces-and-joker", "7A", "deuces-joker"],
      ["52", "lowest-in-hand", "52", "lowest-card"],
      ["52", "one-eyed-jacks", "52", "one-eyed-jacks"],
    ] as const;
    for (const [deck, wild, deckType, engineWild] of cases) {
      const plan = tablePlanOf({ ...draw, deck, wild });
      expect(plan.ok && plan.setup.hand).toMatchObject({ deckType, wild: engineWild });
    }
  });

  it("ST-1 … ST-7 stud: fixed limit, antes from everyone, the small blind column is the bring-in, ST-7 wild by name", () => {
    const stud = {
      ...stake,
      game: "stud7",
      betting: "fixed-limit" as const,
      smallBlind: 1,
      bigBlind: 4,
      ante: 1,
      smallBet: 4,
      bigBet: 8,
      seats: 8,
    };
    const plan = tablePlanOf(stud);
    expect(plan.ok && plan.setup.hand).toEqual({
      game: "stud7",
      betting: "fixed-limit",
      smallBlind: 1,
      bigBlind: 4,
      bringIn: 1,
      ante: 1,
      anteKind: "each",
      smallBet: 4,
      bigBet: 8,
    });
    expect(plan.ok && plan.setup.seatCount).toBe(8);
    const wild7 = tablePlanOf({ ...stud, wild: "low-hole-card" });
    expect(wild7.ok && wild7.setup.hand).toMatchObject({ wild: "low-hole-card" });
    const wild5 = tablePlanOf({ ...stud, game: "stud5", seats: 10, wild: "lowest-in-hand" });
    expect(wild5.ok && wild5.setup.hand).toMatchObject({ game: "stud5", wild: "lowest-card" });
    // Without bet columns: the big blind and twice it (B-6).
    const units = tablePlanOf({ ...stud, smallBet: null, bigBet: null });
    expect(units.ok && units.setup.hand).toMatchObject({ smallBet: 4, bigBet: 8 });
  });

  it("games the engine cannot play yet are refused with a reason", () => {
    expect(tablePlanOf({ ...stake, game: "russian" })).toEqual({
      ok: false,
      reason: "russian tables cannot be played yet",
    });
    expect(tablePlanOf({ ...stake, game: "dealers-choice", games: ["stud"] })).toEqual({
      ok: false,
      reason: "stud is not a dealer's choice game",
    });
  });

  it("dealer's choice: the listed games, named, built from the blinds; fixed-limit units 1 and 2 big blinds", () => {
    const dc: StakeTerms = {
      ...stake,
      game: "dealers-choice",
      ante: 1,
      games: ["holdem-nl", "draw-7a", "draw-joker", "omaha-pl"],
    };
    const plan = tablePlanOf(dc);
    expect(plan.ok && plan.setup.hand).toBeUndefined();
    const blinds = { smallBlind: 1, bigBlind: 2, ante: 1, anteKind: "each" };
    expect(plan.ok && plan.setup.games).toEqual([
      { name: "Hold'em NL", hand: { game: "holdem", betting: "no-limit", ...blinds } },
      {
        name: "Draw 7–A",
        hand: {
          game: "five-card-draw",
          betting: "fixed-limit",
          deckType: "7A",
          ...blinds,
          smallBet: 2,
          bigBet: 4,
        },
      },
      {
        name: "Draw, joker wild",
        hand: {
          game: "five-card-draw",
          betting: "fixed-limit",
          wild: "joker",
          ...blinds,
          smallBet: 2,
          bigBet: 4,
        },
      },
      { name: "Omaha PL", hand: { game: "omaha", betting: "pot-limit", ...blinds } },
    ]);
    // A fixed-limit stake's own bet units are the fixed-limit games' too.
    const units = tablePlanOf({ ...dc, betting: "fixed-limit", smallBet: 3, bigBet: 6 });
    expect(units.ok && units.setup.games?.[1]?.hand).toMatchObject({ smallBet: 3, bigBet: 6 });
    expect(tablePlanOf({ ...dc, games: [] })).toMatchObject({ ok: false, reason: /no games/ });
    expect(tablePlanOf({ ...dc, games: null })).toMatchObject({ ok: false, reason: /no games/ });
  });
});
