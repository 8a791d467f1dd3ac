import {
  applyTable,
  createTable,
  deckOf,
  deckOfTable,
  legalActions,
  type TableState,
} from "@felt/engine";
import { newSeed, seedToHex, shuffleWithSeed } from "@felt/fairness";
import { describe, expect, it } from "vitest";
import { withReshuffles } from "./game-deck";

const DRAW_7A = {
  game: "five-card-draw" as const,
  betting: "fixed-limit" as const,
  smallBlind: 1,
  bigBlind: 2,
  deckType: "7A" as const,
};

function sixHanded(): TableState {
  const created = createTable({ hand: DRAW_7A, seatCount: 6, minBuyIn: 40, maxBuyIn: 200 });
  if (!created.ok) throw new Error(created.error.message);
  let t = created.state;
  for (let seat = 1; seat <= 6; seat++) {
    const sat = applyTable(t, {
      type: "sit",
      seat,
      playerId: `p${seat}`,
      name: `P${seat}`,
      buyIn: 100,
    });
    if (!sat.ok) throw new Error(sat.error.message);
    t = sat.state;
  }
  return t;
}

describe("the room's deck and reshuffles", () => {
  it("deals the game's own deck: 52 cards, 32 for 7–A, plus the wild jokers", () => {
    expect(deckOfTable(sixHanded())).toEqual(deckOf({ deckType: "7A", wild: "none" }));
    const created = createTable({
      hand: { ...DRAW_7A, deckType: "52", wild: "two-jokers" },
      seatCount: 6,
      minBuyIn: 40,
      maxBuyIn: 200,
    });
    expect(created.ok && deckOfTable(created.state)).toHaveLength(54);
  });

  it("reshuffles the muck in the seed's order as soon as the stub runs short", async () => {
    const seed = newSeed();
    const dealt = applyTable(sixHanded(), { type: "startHand", deck: deckOfTable(sixHanded()) });
    if (!dealt.ok) throw new Error(dealt.error.message);
    let t = dealt.state;
    let reshuffled = 0;
    while (t.hand && t.hand.phase !== "complete") {
      const seat = t.hand.toAct as number;
      const legal = legalActions(t.hand, seat);
      const cards = t.hand.players.find((p) => p.seat === seat)?.holeCards ?? [];
      const action = legal.draw
        ? { type: "draw" as const, discard: cards.slice(0, Math.min(2, legal.draw.max)) }
        : legal.check
          ? { type: "check" as const }
          : legal.call
            ? { type: "call" as const }
            : { type: "show" as const };
      const result = applyTable(t, { type: "act", playerId: `p${seat}`, action });
      const need = result.ok ? result.state.hand?.needsReshuffle : null;
      const after = await withReshuffles(result, seedToHex(seed));
      if (!after.ok) throw new Error(after.error.message);
      expect(after.state.hand?.needsReshuffle ?? null).toBeNull();
      if (need && result.ok) {
        reshuffled += 1;
        // The same as the room sending the seed's permutation itself: verifiable from the seed.
        const order = await shuffleWithSeed(seed, need.cards);
        const expected = applyTable(result.state, { type: "reshuffle", order });
        expect(expected.ok && expected.state).toEqual(after.state);
        expect(after.events.map((e) => e.type === "handEvent" && e.event.type)).toContain(
          "discardsReshuffled",
        );
      }
      t = after.state;
    }
    expect(reshuffled).toBeGreaterThan(0);
  });

  it("without a seed the command is refused rather than leaving the hand stuck", async () => {
    const dealt = applyTable(sixHanded(), { type: "startHand", deck: deckOfTable(sixHanded()) });
    if (!dealt.ok) throw new Error(dealt.error.message);
    const stuck = {
      ok: true as const,
      state: {
        ...dealt.state,
        hand: {
          ...(dealt.state.hand as NonNullable<TableState["hand"]>),
          needsReshuffle: { seat: 1, cards: [], owed: 1, dealt: [], setAside: [] },
        },
      },
      events: [],
    };
    expect(await withReshuffles(stuck, null)).toMatchObject({
      ok: false,
      error: { code: "reshuffle_failed" },
    });
  });
});
