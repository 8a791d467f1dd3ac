import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, formatCard } from "../cards";
import { apply } from "./machine";
import { cards, dealt, randomRound, run, tapeChooser } from "./test-support";
import type { RussianEvent, RussianState } from "./types";
import { viewFor } from "./views";

/** The cards `viewer` must not see in this state, by the rules in views.ts. */
function hiddenFrom(state: RussianState, viewer: string | null): Card[] {
  const hidden = new Set<Card>([...state.stub, ...state.discards]);
  if (!state.dealer.revealed) {
    for (const card of state.dealer.cards) if (card !== state.dealer.upCard) hidden.add(card);
  }
  for (const box of state.boxes) {
    const owner = viewer !== null && box.ownerId === viewer;
    const ownOpenBox = owner && !box.closed;
    const atShowdown = state.phase === "settled" && (box.status === "playing" || owner);
    if (!ownOpenBox && !atShowdown) for (const card of box.cards) hidden.add(card);
  }
  // Cards the dealer swapped out were shown face up at the table.
  for (const swap of state.dealer.swaps) hidden.delete(swap.out);
  return [...hidden];
}

/** Fails with the first hidden card found in the serialised view. */
function expectNoLeak(state: RussianState, viewer: string | null): void {
  const text = JSON.stringify(viewFor(state, viewer));
  const leaked = hiddenFrom(state, viewer).filter((card) => text.includes(`"${formatCard(card)}"`));
  expect({ viewer, phase: state.phase, leaked: leaked.map(formatCard) }).toEqual({
    viewer,
    phase: state.phase,
    leaked: [],
  });
}

const CARD_KEYS = new Set(["cards", "dealerUpCard", "out", "in"]);

function cardsIn(value: unknown, key = ""): Card[] {
  if (Array.isArray(value)) return value.flatMap((item) => cardsIn(item, key));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([inner, item]) => cardsIn(item, inner));
  }
  return CARD_KEYS.has(key) && typeof value === "number" ? [value] : [];
}

/** Events are public: every card in them must already be on show to a spectator. */
function expectPublicEvents(events: RussianEvent[], after: RussianState): void {
  const spectatorView = JSON.stringify(viewFor(after, null));
  const unseen = cardsIn(events).filter((card) => !spectatorView.includes(`"${formatCard(card)}"`));
  expect(unseen.map(formatCard)).toEqual([]);
}

describe("views", () => {
  const script = {
    players: ["p1", "p2"].map((id) => ({ id, chips: 1000 })),
    boxes: [
      { playerId: "p1", box: 0, ante: 10, hand: "KcKd8h6s4c" },
      { playerId: "p1", box: 1, ante: 10, hand: "2c2d3h4d6d" },
      { playerId: "p1", box: 2, ante: 10, hand: "TcTdJcJd2s" },
      { playerId: "p2", box: 4, ante: 10, hand: "AcAdJh6c4h" },
    ],
    dealer: "Qh9d7c5s3d",
    draws: "9s8c",
  };

  it("hide the dealer's four cards, the deck and other boxes until the reveal", () => {
    const states: RussianState[] = [dealt(script)];
    const steps = [
      { type: "exchange" as const, playerId: "p1", box: 1, cards: cards("3h") },
      { type: "play" as const, playerId: "p1", box: 0 },
      { type: "play" as const, playerId: "p2", box: 4 },
      { type: "fold" as const, playerId: "p1", box: 1 },
      { type: "takeAnte" as const, playerId: "p2", box: 4 },
      { type: "buyGame" as const, playerId: "p1", box: 0 },
    ];
    for (const step of steps) states.push(run(states.at(-1) as RussianState, step).state);
    expect(states.map((state) => state.phase)).toEqual([
      "decisions",
      "decisions",
      "decisions",
      "decisions",
      "noGameChoices",
      "noGameChoices",
      "settled",
    ]);
    for (const state of states)
      for (const viewer of ["p1", "p2", null]) expectNoLeak(state, viewer);
  });

  it("show a player his own open boxes only, and the closed box to nobody before settlement", () => {
    const state = dealt(script);
    const mine = viewFor(state, "p1");
    expect(mine.boxes.map((box) => box.cards)).toEqual([
      ["Kc", "Kd", "8h", "6s", "4c"],
      ["2c", "2d", "3h", "4d", "6d"],
      null,
      null,
      null,
      null,
    ]);
    expect(mine.boxes[2]?.cardCount).toBe(5);
    expect(mine.dealer).toEqual({
      upCard: "3d",
      cards: null,
      cardCount: 5,
      hasGame: null,
      swaps: [],
    });
    expect(viewFor(state, null).boxes.every((box) => box.cards === null)).toBe(true);
    expect(viewFor(state, null).legalActions).toEqual([]);
    expect(mine.legalActions.length).toBeGreaterThan(0);
    expect(JSON.stringify(viewFor(state, "p2"))).not.toContain('"Kc"');
  });

  it("after settlement everyone sees the boxes that went to the showdown, not folded ones", () => {
    const state = run(
      dealt(script),
      { type: "fold", playerId: "p1", box: 0 },
      { type: "play", playerId: "p1", box: 1 },
      { type: "play", playerId: "p2", box: 4 },
      { type: "takeAnte", playerId: "p1", box: 1 },
      { type: "takeAnte", playerId: "p2", box: 4 },
    ).state;
    expect(state.phase).toBe("settled");
    const spectator = viewFor(state, null);
    expect(spectator.boxes.map((box) => box.cards)).toEqual([
      null,
      ["2c", "2d", "3h", "4d", "6d"],
      ["Tc", "Td", "Jc", "Jd", "2s"],
      null,
      ["Ac", "Ad", "Jh", "6c", "4h"],
      null,
    ]);
    expect(spectator.settlements[0]?.hand).toBeNull();
    expect(spectator.houseResult).toBe(state.houseResult);
    expectNoLeak(state, null);
  });

  it("never leak a hidden card in random rounds, to any player or a spectator", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 64, maxLength: 512 }),
        (numbers) => {
          const round = randomRound(tapeChooser(numbers));
          const viewers = [null, ...(round.states[0]?.players.map((player) => player.id) ?? [])];
          for (const state of round.states)
            for (const viewer of viewers) expectNoLeak(state, viewer);
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it("events carry only cards already on show to a spectator", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 64, maxLength: 512 }),
        (numbers) => {
          const round = randomRound(tapeChooser(numbers));
          // Replayed step by step so that each batch of events meets the state it produced.
          let state = round.states[0] as RussianState;
          for (const command of round.commands) {
            const result = apply(state, command);
            if (!result.ok) throw new Error(result.error.code);
            expectPublicEvents(result.events, result.state);
            state = result.state;
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});
