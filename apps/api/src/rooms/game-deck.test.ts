import {
  applyTable,
  createTable,
  deckOf,
  deckOfTable,
  legalActions,
  type TableState,
} from "@felt/engine";
import { reshuffleOrder, seedFromHex } from "@felt/fairness";
import { describe, expect, it } from "vitest";
import { secretFor } from "../../test/engine-tables";
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

  it("reshuffles the muck in the server seed's order as soon as the stub runs short", async () => {
    const secret = await secretFor(1, deckOfTable(sixHanded()));
    const seed = seedFromHex(secret.seed) as Uint8Array;
    const dealt = applyTable(sixHanded(), { type: "startHand", deck: secret.deck });
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
          : { type: "call" as const };
      const result = applyTable(t, { type: "act", playerId: `p${seat}`, action });
      const need = result.ok ? result.state.hand?.needsReshuffle : null;
      const after = await withReshuffles(result, secret);
      if (!after.ok) throw new Error(after.error.message);
      expect(after.state.hand?.needsReshuffle ?? null).toBeNull();
      if (need && result.ok) {
        reshuffled += 1;
        // The same as the room sending the seed's permutation itself: the auditor can redo it.
        const order = await reshuffleOrder(seed, 1, [], 0, need.cards);
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

  it("a draw hand dealt before this scheme (a room stored across the upgrade) is still reshuffled", async () => {
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
        : {
            type: legal.check ? ("check" as const) : ("call" as const),
          };
      const result = applyTable(t, { type: "act", playerId: `p${seat}`, action });
      if (result.ok && result.state.hand?.needsReshuffle) reshuffled += 1;
      const after = await withReshuffles(result, null);
      if (!after.ok) throw new Error(after.error.message);
      t = after.state;
    }
    expect(reshuffled).toBeGreaterThan(0);
  });
});
