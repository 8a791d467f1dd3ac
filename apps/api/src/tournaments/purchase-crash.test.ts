/**
 * A tournament room thrown out of memory between the ledger's charge and the
 * entry it paid for: finished on restart, charged once, reconciled.
 */
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BUY_IN, FEE, schedule, viewOf, wallet } from "../../test/tournaments";
import { call, newAdmin, newPlayer, type Player, unique } from "../../test/trpc";
import { database } from "../db/client";
import { prizePoolOf } from "../ledger/ledger";
import { reconcile } from "../ledger/reconcile";
import { balanceOf } from "../ledger/wallet";
import { charge } from "./money";
import { tournamentRoomOf } from "./room-of";
import type { PurchaseIntent } from "./stored";

describe("a tournament room that dies between the charge and the entry", () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });

  /** What the room holds when it dies halfway through `buy`: the intent stored, the ledger charged. */
  async function cutOff(id: string, intent: PurchaseIntent) {
    await runInDurableObject(tournamentRoomOf(env, id), (_room, state) =>
      state.storage.put(`intents=${intent.key}`, intent),
    );
    expect(await charge(database(env.DB), id, intent.playerId, intent.amount, intent.key)).toEqual({
      ok: true,
    });
    await abortAllDurableObjects();
  }

  it("MT-1 a registration cut off after the charge is finished on restart: registered once; a second one is refunded; the ledger reconciles", async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const { id } = await schedule(admin);
    expect((await call("tournaments.register", { id }, { token: b.token })).error).toBeNull();
    const before = await wallet(a);
    const intent = (key: string): PurchaseIntent => ({
      key,
      kind: "register",
      playerId: a.id,
      name: a.displayName,
      amount: BUY_IN + FEE,
    });
    // Two requests of his were charged (a double click across the crash), neither stored.
    await cutOff(id, intent(`cut-${unique()}`));
    await cutOff(id, intent(`cut-${unique()}`));
    expect(await wallet(a)).toBe(before - 2 * (BUY_IN + FEE));
    // And a rebuy of b's that can no longer be had (the tournament has not started): refunded.
    const bBefore = await wallet(b);
    await cutOff(id, {
      key: `cut-${unique()}`,
      kind: "rebuy",
      playerId: b.id,
      name: null,
      amount: 55,
    });
    expect(await wallet(b)).toBe(bBefore - 55);

    // The next call to the room finishes both first: one entry, and the other refunded.
    const view = await viewOf(id, a);
    expect(view.you).toMatchObject({ registered: true });
    expect(view.entries).toBe(2);
    expect(view.players.find((p) => p.playerId === a.id)?.name).toBe(a.displayName);
    await expect.poll(() => wallet(a)).toBe(before - (BUY_IN + FEE));
    await expect.poll(() => wallet(b)).toBe(bBefore);
    // Asking again is refused and charges nothing.
    const again = await call("tournaments.register", { id }, { token: a.token });
    expect(again.error?.code).toBe("CONFLICT");
    expect(await wallet(a)).toBe(before - (BUY_IN + FEE));
    // Nothing is left halfway, and another restart changes nothing.
    await abortAllDurableObjects();
    expect((await viewOf(id)).entries).toBe(2);
    expect(await wallet(a)).toBe(before - (BUY_IN + FEE));
    const db = database(env.DB);
    expect(await balanceOf(db, prizePoolOf(id))).toBe(2 * (BUY_IN + FEE));
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it("MT-1 an intent stored before the ledger moved is finished on restart, charged once under its key", async () => {
    const a = await newPlayer();
    const { id } = await schedule(admin);
    const before = await wallet(a);
    const intent: PurchaseIntent = {
      key: `cut-${unique()}`,
      kind: "register",
      playerId: a.id,
      name: a.displayName,
      amount: BUY_IN + FEE,
    };
    // The room died after storing the intent, before its ledger call went out.
    await runInDurableObject(tournamentRoomOf(env, id), (_room, state) =>
      state.storage.put(`intents=${intent.key}`, intent),
    );
    await abortAllDurableObjects();
    expect((await viewOf(id, a)).you).toMatchObject({ registered: true });
    expect(await wallet(a)).toBe(before - (BUY_IN + FEE));
    expect((await reconcile(database(env.DB))).problems).toEqual([]);
  });
});
