import { describe, expect, it } from "vitest";
import { moveTarget } from "./tournament-moves";

const at = { tableId: "sunday-t1", fresh: true, playedHere: true };

describe("following tournament moves", () => {
  it("MT-4 a player moved from his table to another goes with it", () => {
    expect(moveTarget({ ...at, yourTable: "sunday-t2" })).toBe("sunday-t2");
  });

  it("stays while the tournament has him here, or has no table for him (out, or between seats)", () => {
    expect(moveTarget({ ...at, yourTable: "sunday-t1" })).toBeNull();
    expect(moveTarget({ ...at, yourTable: null })).toBeNull();
  });

  it("a player watching another table of his tournament is not pulled back to his own", () => {
    expect(moveTarget({ ...at, playedHere: false, yourTable: "sunday-t2" })).toBeNull();
  });

  it("does not act on an answer cached from before the page opened", () => {
    expect(moveTarget({ ...at, fresh: false, yourTable: "sunday-t2" })).toBeNull();
  });
});
