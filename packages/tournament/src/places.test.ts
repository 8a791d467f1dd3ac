import { describe, expect, it } from "vitest";
import {
  type Bust,
  type EliminationGroup,
  placesOfGroup,
  prizesOfGroup,
  splitPrize,
  standingsOf,
} from "./places";

const bust = (
  playerId: string,
  startingStack: number,
  positionFromButton = 1,
  table = 1,
): Bust => ({
  playerId,
  entry: 1,
  startingStack,
  table,
  positionFromButton,
});

describe("places of players busted together", () => {
  it("MT-5 the larger starting stack places higher", () => {
    const group: EliminationGroup = {
      busts: [bust("small", 300), bust("big", 900)],
      aliveBefore: 10,
      entriesBefore: 50,
    };
    expect(placesOfGroup(group, 50)).toEqual([
      { playerId: "big", entry: 1, place: { from: 9, to: 9 } },
      { playerId: "small", entry: 1, place: { from: 10, to: 10 } },
    ]);
  });

  it("MT-5 equal stacks share the places they span", () => {
    const group: EliminationGroup = {
      busts: [bust("a", 500, 3), bust("b", 500, 1), bust("c", 800, 2)],
      aliveBefore: 6,
      entriesBefore: 20,
    };
    const places = placesOfGroup(group, 20);
    expect(places.map((p) => [p.playerId, p.place.from, p.place.to])).toEqual([
      ["c", 4, 4],
      ["b", 5, 6],
      ["a", 5, 6],
    ]);
  });

  it("MT-1 entries registered after a bust finish above it (places are provisional during late registration)", () => {
    const group: EliminationGroup = {
      busts: [bust("early", 1_000)],
      aliveBefore: 30,
      entriesBefore: 30,
    };
    expect(placesOfGroup(group, 30)[0]?.place).toEqual({ from: 30, to: 30 });
    expect(placesOfGroup(group, 37)[0]?.place).toEqual({ from: 37, to: 37 });
  });
});

describe("sharing prizes", () => {
  it("MT-5 tied players split the combined prizes; odd units go one each in seat order", () => {
    // Places 2 and 3 pay 301 + 200 = 501 between two players: 251 and 250.
    expect(splitPrize([500, 301, 200], { from: 2, to: 3 }, 2)).toEqual([251, 250]);
    // Places 3 and 4: only 3 is paid.
    expect(splitPrize([500, 300, 201], { from: 3, to: 4 }, 2)).toEqual([101, 100]);
    expect(splitPrize([500, 300, 200], { from: 4, to: 5 }, 2)).toEqual([0, 0]);
  });

  it("MT-5 a shared prize never pays more than the places it spans", () => {
    const amounts = [1_000, 333, 333, 334];
    for (let tied = 1; tied <= 4; tied++) {
      const shares = splitPrize(amounts, { from: 1, to: tied }, tied);
      const spanned = amounts.slice(0, tied).reduce((a, b) => a + b, 0);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(spanned);
    }
  });

  it("MT-5 the odd unit goes to the first tied player clockwise from the button", () => {
    const group: EliminationGroup = {
      busts: [bust("late", 500, 4), bust("early", 500, 2)],
      aliveBefore: 3,
      entriesBefore: 3,
    };
    // Places 2 and 3 pay 31 + 0 here.
    expect(prizesOfGroup(group, 3, [69, 31]).map((s) => [s.playerId, s.prize])).toEqual([
      ["early", 16],
      ["late", 15],
    ]);
  });

  it("MT-2 MT-5 standings pay out exactly the pool, first place first", () => {
    const groups: EliminationGroup[] = [
      { busts: [bust("p5", 100)], aliveBefore: 5, entriesBefore: 5 },
      { busts: [bust("p3", 200, 1), bust("p4", 200, 2)], aliveBefore: 4, entriesBefore: 5 },
      { busts: [bust("p2", 700)], aliveBefore: 2, entriesBefore: 5 },
    ];
    const amounts = [501, 300, 200];
    const standings = standingsOf(groups, { playerId: "p1", entry: 1 }, 5, amounts);
    expect(standings.map((s) => [s.playerId, s.place.from, s.prize])).toEqual([
      ["p1", 1, 501],
      ["p2", 2, 300],
      ["p3", 3, 100],
      ["p4", 3, 100],
      ["p5", 5, 0],
    ]);
    expect(standings.reduce((sum, s) => sum + s.prize, 0)).toBe(1_001);
  });
});
