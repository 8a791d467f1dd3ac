import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkHistories } from "./bots-histories";

const HAND = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
finishing_stacks = [99, 101, 100]
`;
/** A player's copy of a draw hand whose stub ran short twice (others' cards `??`). */
const DRAW_COPY = readFileSync(
  new URL("../../engine/src/phh/fixtures/felt-f5d-reshuffle-players-copy.phh", import.meta.url),
  "utf8",
);

describe("felt bots --save-histories: exactly one history per hand played, each replaying", () => {
  it("§4 every hand has its history and each replays, a reshuffled draw copy too", () => {
    const played = new Map([
      ["t1", 2],
      ["t2", 1],
    ]);
    const saved = new Map([
      ["t1:1", HAND],
      ["t1:2", DRAW_COPY],
      ["t2:1", HAND],
    ]);
    expect(checkHistories(played, saved)).toEqual({
      saved: 3,
      missing: [],
      unexpected: [],
      unreplayable: [],
    });
  });

  it("names the hands without a history, the histories of hands not counted, and those that do not replay", () => {
    const played = new Map([["t1", 3]]);
    const saved = new Map([
      ["t1:1", HAND],
      ["t1:2", HAND.replace("[99, 101, 100]", "[100, 100, 100]")],
      ["t1:4", HAND.replace("'p3 f'", "'p1 f'")],
    ]);
    expect(checkHistories(played, saved)).toEqual({
      saved: 3,
      missing: ["t1:3"],
      unexpected: ["t1:4"],
      unreplayable: [
        { handId: "t1:2", error: "finishing_stacks differ" },
        { handId: "t1:4", error: expect.stringMatching(/^not_your_turn: /) },
      ],
    });
  });
});
