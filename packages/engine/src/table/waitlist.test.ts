/** T-12: the waiting list of a full table (waitlist.ts). */
import { describe, expect, it } from "vitest";
import { must, tableWith } from "./room-test-support";
import {
  joinWaitlist,
  leaveWaitlist,
  maySit,
  SEAT_OFFER_MS,
  settleWaitlist,
  type Waitlist,
  waitingPlace,
  waitlistDeadline,
} from "./waitlist";

const full = () => tableWith([100, 100], 2);
const who = (id: string) => ({ playerId: id, name: id.toUpperCase() });

function joined(ids: string[], table = full(), now = 0): Waitlist {
  let list: Waitlist = [];
  for (const id of ids) {
    const r = joinWaitlist(list, table, who(id), now);
    if (!r.ok) throw new Error(r.code);
    list = r.list;
  }
  return list;
}

const leave = (table: ReturnType<typeof full>, id: string) =>
  must(table, { type: "leave", playerId: id }).state;

describe("T-12 joining and leaving", () => {
  it("keeps the order players joined in, none offered while the table is full", () => {
    const list = joined(["x", "y", "z"]);
    expect(list.map((w) => w.playerId)).toEqual(["x", "y", "z"]);
    expect(list.every((w) => w.offerUntil === null)).toBe(true);
    expect(waitingPlace(list, "y")).toEqual({ position: 2, offerUntil: null });
    expect(waitingPlace(list, "q")).toBeNull();
  });

  it("refuses a seated player, a second join, and a table with a free seat", () => {
    const table = full();
    const list = joined(["x"]);
    expect(joinWaitlist(list, table, who("a"), 0)).toEqual({ ok: false, code: "seated_here" });
    expect(joinWaitlist(list, table, who("x"), 0)).toEqual({ ok: false, code: "already_waiting" });
    expect(joinWaitlist([], tableWith([100], 2), who("x"), 0)).toEqual({
      ok: false,
      code: "seat_free",
    });
  });

  it("lets a player join while the only free seat is held for another", () => {
    const list = settleWaitlist(joined(["x"]), leave(full(), "b"), 5);
    const r = joinWaitlist(list, leave(full(), "b"), who("y"), 6);
    expect(r.ok && r.list.map((w) => [w.playerId, w.offerUntil])).toEqual([
      ["x", 5 + SEAT_OFFER_MS],
      ["y", null],
    ]);
  });

  it("refuses to leave a list one is not on", () => {
    expect(leaveWaitlist(joined(["x"]), full(), "y", 0)).toEqual({
      ok: false,
      code: "not_waiting",
    });
  });
});

describe("T-12 offers", () => {
  it("offers a freed seat to the first in line only, until SEAT_OFFER_MS later", () => {
    const table = leave(full(), "a");
    const list = settleWaitlist(joined(["x", "y"]), table, 1_000);
    expect(list.map((w) => w.offerUntil)).toEqual([1_000 + SEAT_OFFER_MS, null]);
    expect(waitlistDeadline(list)).toBe(1_000 + SEAT_OFFER_MS);
  });

  it("holds the seat: only the offered player may sit, listed or not", () => {
    const table = leave(full(), "a");
    const list = settleWaitlist(joined(["x", "y"]), table, 0);
    expect(maySit(list, table, "x")).toBe(true);
    expect(maySit(list, table, "y")).toBe(false);
    expect(maySit(list, table, "stranger")).toBe(false);
  });

  it("has no say when no seat is held: the table's own rules decide", () => {
    expect(maySit(joined(["x"]), full(), "stranger")).toBe(true);
    expect(maySit([], tableWith([100], 2), "stranger")).toBe(true);
  });

  it("passes the seat to the next when the offer runs out, and drops the one who let it", () => {
    const table = leave(full(), "a");
    const offered = settleWaitlist(joined(["x", "y"]), table, 0);
    const before = settleWaitlist(offered, table, SEAT_OFFER_MS - 1);
    expect(before).toEqual(offered);
    const after = settleWaitlist(offered, table, SEAT_OFFER_MS);
    expect(after).toEqual([{ playerId: "y", name: "Y", offerUntil: 2 * SEAT_OFFER_MS }]);
  });

  it("passes the seat to the next when the offered player declines", () => {
    const table = leave(full(), "a");
    const offered = settleWaitlist(joined(["x", "y"]), table, 0);
    const r = leaveWaitlist(offered, table, "x", 10);
    expect(r.ok && r.list).toEqual([{ playerId: "y", name: "Y", offerUntil: 10 + SEAT_OFFER_MS }]);
  });

  it("takes a player off the list when he sits down, and the rest keep waiting", () => {
    const freed = leave(full(), "a");
    const offered = settleWaitlist(joined(["x", "y"]), freed, 0);
    const seated = must(freed, {
      type: "sit",
      seat: 1,
      playerId: "x",
      name: "X",
      buyIn: 100,
    }).state;
    expect(settleWaitlist(offered, seated, 1)).toEqual([
      { playerId: "y", name: "Y", offerUntil: null },
    ]);
  });

  it("offers as many seats as are free, one per player in order", () => {
    const both = leave(leave(full(), "a"), "b");
    const list = settleWaitlist(joined(["x", "y", "z"]), both, 0);
    expect(list.map((w) => w.offerUntil !== null)).toEqual([true, true, false]);
    expect(maySit(list, both, "z")).toBe(false);
  });

  it("withdraws the latest offer when its seat is gone, the player keeping his place", () => {
    // A list that no longer fits the table: two offers, one seat free.
    const stale: Waitlist = [
      { playerId: "p", name: "P", offerUntil: 50 },
      { playerId: "q", name: "Q", offerUntil: 60 },
    ];
    expect(settleWaitlist(stale, leave(full(), "a"), 1)).toEqual([
      { playerId: "p", name: "P", offerUntil: 50 },
      { playerId: "q", name: "Q", offerUntil: null },
    ]);
  });

  it("has no deadline with no offer", () => {
    expect(waitlistDeadline(joined(["x"]))).toBeNull();
  });
});
