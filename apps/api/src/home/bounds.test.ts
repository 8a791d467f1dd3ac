/**
 * H-1: a host chooses within the bounds the admin sets. The admin reads and
 * replaces them (admin.homeBounds); a host's choice beyond them is refused
 * with the bound's code, at creation and at a change of stakes.
 */
import { describe, expect, it } from "vitest";
import { call, newAdmin, newPlayer } from "../../test/trpc";
import { DEFAULT_HOME_BOUNDS } from "./bounds";

const GAME = {
  name: "Bounded",
  game: "holdem",
  betting: "no-limit",
  smallBlind: 1,
  bigBlind: 2,
  minBuyInBb: 20,
  maxBuyInBb: 100,
  seats: 6,
};

describe("home games: the admin's bounds (H-1)", () => {
  it("H-1: the admin sets the bounds; a host's choice beyond them is refused with its code, within them accepted", async () => {
    const admin = await newAdmin();
    const host = await newPlayer();
    const read = await call("admin.homeBounds.get", undefined, { token: admin.token });
    expect(read.data).toEqual({ bounds: DEFAULT_HOME_BOUNDS, defaults: DEFAULT_HOME_BOUNDS });
    // Hosts see them too (their form), but only an admin changes them.
    expect((await call("home.bounds", undefined, { token: host.token })).data).toEqual(
      DEFAULT_HOME_BOUNDS,
    );
    const byHost = await call("admin.homeBounds.set", DEFAULT_HOME_BOUNDS, { token: host.token });
    expect(byHost.error?.code).toBe("FORBIDDEN");

    // At the defaults a 200,000 big blind is too big; a deep 300-bb maximum buy-in is fine.
    const big = await call(
      "home.create",
      { ...GAME, smallBlind: 100_000, bigBlind: 200_000 },
      { token: host.token },
    );
    expect(big.error?.fieldCodes?.bigBlind).toEqual({ code: "too_big", maximum: 100_000 });
    const deepBefore = await call(
      "home.create",
      { ...GAME, maxBuyInBb: 300 },
      { token: host.token },
    );
    expect(deepBefore.error).toBeNull();

    // The admin narrows the buy-in and widens the blinds.
    const narrowed = {
      ...DEFAULT_HOME_BOUNDS,
      bigBlind: { max: 1_000_000 },
      maxBuyInBb: { min: 10, max: 200 },
    };
    const set = await call("admin.homeBounds.set", narrowed, { token: admin.token });
    expect(set.error).toBeNull();
    expect((await call("home.bounds", undefined, { token: host.token })).data).toEqual(narrowed);

    const deep = await call("home.create", { ...GAME, maxBuyInBb: 300 }, { token: host.token });
    expect(deep.error?.reason).toBe("too_big");
    expect(deep.error?.fieldCodes?.maxBuyInBb).toEqual({ code: "too_big", maximum: 200 });
    const bigNow = await call(
      "home.create",
      { ...GAME, smallBlind: 100_000, bigBlind: 200_000, minBuyInBb: 10, maxBuyInBb: 20 },
      { token: host.token },
    );
    expect(bigNow.error).toBeNull();

    // A change of stakes is held to the same bounds.
    const { tableId } = bigNow.data as { tableId: string };
    const stakes = { ...GAME, smallBlind: 1, bigBlind: 2, seats: undefined, name: undefined };
    const tooDeep = await call(
      "home.changeStakes",
      { tableId, stakes: { ...stakes, maxBuyInBb: 250 } },
      { token: host.token },
    );
    expect(tooDeep.error?.fieldCodes?.["stakes.maxBuyInBb"]).toEqual({
      code: "too_big",
      maximum: 200,
    });
    const within = await call(
      "home.changeStakes",
      { tableId, stakes: { ...stakes, maxBuyInBb: 150 } },
      { token: host.token },
    );
    expect(within.error).toBeNull();

    // The admin's own limits hold: a min above its max, or a bound no stake could have.
    const crossed = await call(
      "admin.homeBounds.set",
      { ...DEFAULT_HOME_BOUNDS, actionSeconds: { min: 60, max: 30 } },
      { token: admin.token },
    );
    expect(crossed.error?.fieldCodes?.["actionSeconds.max"]).toEqual({
      code: "bound_below_min",
      min: 60,
    });
    const beyond = await call(
      "admin.homeBounds.set",
      { ...DEFAULT_HOME_BOUNDS, timeBankSeconds: { min: 0, max: 100_000 } },
      { token: admin.token },
    );
    expect(beyond.error?.fieldCodes?.["timeBankSeconds.max"]?.code).toBe("too_big");
    // Refused changes change nothing; the audit log has the one that was made.
    expect(
      (await call("admin.homeBounds.get", undefined, { token: admin.token })).data.bounds,
    ).toEqual(narrowed);
    const audit = await call("admin.audit", { limit: 5 }, { token: admin.token });
    expect(
      audit.data.filter((a: { action: string }) => a.action === "homeBounds.set"),
    ).toHaveLength(1);

    await call("admin.homeBounds.set", DEFAULT_HOME_BOUNDS, { token: admin.token });
  });
});
