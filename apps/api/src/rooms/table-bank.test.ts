import { env } from "cloudflare:workers";
import { applyTable, createTable, liveStack, STANDARD_DECK, type TableState } from "@felt/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { newPlayer } from "../../test/trpc";
import { database } from "../db/client";
import { escrowOf, walletOf } from "../ledger/ledger";
import { move } from "../ledger/movements";
import { STARTING_GRANT } from "../ledger/policy";
import { balanceOf } from "../ledger/wallet";
import { applyFunding, planBuyIn } from "./table-bank";

function table(seats = 2): TableState {
  const made = createTable({
    hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
    seatCount: seats,
    minBuyIn: 40,
    maxBuyIn: 200,
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.state;
}

function seat(state: TableState, playerId: string, seatNo: number, buyIn: number): TableState {
  const r = applyTable(state, { type: "sit", seat: seatNo, playerId, name: playerId, buyIn });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

const buy = (userId: string, amount: number, seatNo?: number) => ({
  userId,
  name: userId,
  amount,
  ...(seatNo ? { seat: seatNo } : {}),
});

describe("buy-in rules (T-4, T-5)", () => {
  it("T-4 a new player brings between the minimum and the maximum, into the first free seat", () => {
    expect(planBuyIn(table(), buy("a", 40))).toMatchObject({
      ok: true,
      seat: 1,
      commands: [{ type: "sit", seat: 1, playerId: "a", buyIn: 40 }],
    });
    expect(planBuyIn(seat(table(), "x", 1, 100), buy("a", 200))).toMatchObject({
      ok: true,
      seat: 2,
    });
    expect(planBuyIn(table(), buy("a", 39))).toEqual({
      ok: false,
      refusal: { code: "below_min", minBuyIn: 40 },
    });
    expect(planBuyIn(table(), buy("a", 201))).toEqual({
      ok: false,
      refusal: { code: "above_max", maxBuyIn: 200, stack: 0 },
    });
  });

  it("a chosen seat must exist and be free", () => {
    const one = seat(table(3), "x", 2, 100);
    expect(planBuyIn(one, buy("a", 100, 3))).toMatchObject({ ok: true, seat: 3 });
    expect(planBuyIn(one, buy("a", 100, 2))).toEqual({
      ok: false,
      refusal: { code: "seat_taken", seat: 2 },
    });
    expect(planBuyIn(one, buy("a", 100, 4))).toEqual({
      ok: false,
      refusal: { code: "invalid_seat", seats: 3 },
    });
  });

  it("T-5 a seated player may add chips up to the maximum, even a few; during a hand from the next one", () => {
    const seated = seat(seat(table(), "a", 1, 150), "b", 2, 100);
    expect(planBuyIn(seated, buy("a", 10))).toMatchObject({
      ok: true,
      commands: [{ type: "addChips", playerId: "a", amount: 10 }],
    });
    expect(planBuyIn(seated, buy("a", 51))).toEqual({
      ok: false,
      refusal: { code: "above_max", maxBuyIn: 200, stack: 150 },
    });
    const dealt = applyTable(seated, { type: "startHand", deck: [...STANDARD_DECK] });
    if (!dealt.ok) throw new Error(dealt.error.message);
    const funded = applyFunding(
      dealt.state,
      {
        ledgerKey: "k",
        userId: "a",
        amount: 20,
        commands: [{ type: "addChips", playerId: "a", amount: 20 }],
        requestKey: "r",
      },
      false,
    );
    expect(funded.ok && funded.result).toMatchObject({ ok: true, seat: 1, effective: "nextHand" });
    if (funded.ok) expect(liveStack(funded.state, "a")).toBe(liveStack(dealt.state, "a") + 20);
  });

  it("a full table takes nobody new; a seat gone while the money moved means a refund", () => {
    const full = seat(seat(table(), "a", 1, 100), "b", 2, 100);
    expect(planBuyIn(full, buy("c", 100))).toEqual({
      ok: false,
      refusal: { code: "table_full", seats: 2 },
    });
    const late = applyFunding(
      full,
      {
        ledgerKey: "k",
        userId: "c",
        amount: 100,
        commands: [{ type: "sit", seat: 2, playerId: "c", name: "c", buyIn: 100 }],
        requestKey: "r",
      },
      false,
    );
    expect(late).toMatchObject({ ok: false, result: { ok: false, code: "refused" } });
  });
});

describe("the room's money RPC", () => {
  beforeAll(async () => {
    await seedDemo(env.DB);
  });

  it("a retry after the ledger moved the money (room crashed before saving) credits the stack once", async () => {
    const db = database(env.DB);
    const player = await newPlayer();
    // The ledger half of a buy-in happened; the room never heard back.
    await move(db, "buy_in", {
      userId: player.id,
      tableId: "elbe",
      amount: 100,
      key: "lost-reply",
    });
    const room = env.TABLE_ROOM.get(env.TABLE_ROOM.idFromName("elbe"));
    const request = {
      tableId: "elbe",
      userId: player.id,
      name: player.displayName,
      amount: 100,
      key: "lost-reply",
    };
    const retry = await room.buyIn(request);
    expect(retry).toEqual({ ok: true, seat: 1, stack: 100, effective: "now", replayed: true });
    expect(await room.buyIn(request)).toEqual(retry);
    expect(await balanceOf(db, walletOf(player.id))).toBe(STARTING_GRANT - 100);
    expect(await balanceOf(db, escrowOf("elbe"))).toBe(100);
    const out = await room.cashOut({ tableId: "elbe", userId: player.id, key: "leave" });
    expect(out).toEqual({ ok: true, cashedOut: 100, leavingAfterHand: false, replayed: false });
    expect(await room.cashOut({ tableId: "elbe", userId: player.id, key: "leave" })).toEqual({
      ...out,
      replayed: true,
    });
    expect(await balanceOf(db, walletOf(player.id))).toBe(STARTING_GRANT);
    expect(await balanceOf(db, escrowOf("elbe"))).toBe(0);
  });
});
