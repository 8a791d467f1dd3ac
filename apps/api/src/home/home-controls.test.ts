import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allIn, chipsOn, fire, HOLDEM, host, sheetMatchesLedger } from "../../test/home";
import { buyIn, roomOf, TableClient } from "../../test/table-client";
import { call, newPlayer } from "../../test/trpc";
import { advanceClock, now as clockNow } from "../clock";
import { nextDeadline } from "../rooms/room-state";
import type { TablePipeline } from "../rooms/table-pipeline";
import type { TableRoom } from "../rooms/table-room";

describe("home games: the host's controls (H-2) and the end time (H-3)", () => {
  it("H-2: pause stops the next deal, resume brings it; new stakes from the next hand; remove and close cash out; chips conserved", async () => {
    const { owner, tableId, token } = await host();
    const guest = await newPlayer();
    const other = await newPlayer();
    for (const p of [guest, other]) {
      await call("home.invite.request", { token }, { token: p.token });
      await call("home.guests.admit", { tableId, playerId: p.id }, { token: owner.token });
    }
    await buyIn(owner, tableId, 60, 1);
    await buyIn(guest, tableId, 60, 2);
    await buyIn(other, tableId, 60, 3);
    const clients = await Promise.all(
      [owner, guest, other].map((p) => TableClient.open(tableId, { token: p.token })),
    );
    const [h] = clients as [TableClient];
    expect(await fire(tableId)).toBe(true);
    await h.until((s) => s.view.handNumber === 1 && s.view.hand !== null);

    // Paused during the hand: it is played out, then nothing more is dealt.
    const paused = await call("home.pause", { tableId }, { token: owner.token });
    expect(paused.data).toEqual({ paused: true, handInProgress: true });
    expect((await call("home.pause", { tableId }, { token: owner.token })).error?.reason).toBe(
      "game_already_paused",
    );
    const closing = await call("home.close", { tableId }, { token: owner.token });
    expect(closing.error?.reason).toBe("hand_in_progress");
    const byGuest = await call("home.resume", { tableId }, { token: guest.token });
    expect(byGuest.error?.reason).toBe("not_host");
    await allIn(clients);
    await h.until((s) => s.view.hand?.phase === "complete");
    await fire(tableId);
    expect((await call("home.get", { tableId }, { token: owner.token })).data.room).toMatchObject({
      paused: true,
      handInProgress: false,
    });
    expect(h.latest?.view.handNumber).toBe(1);

    // New stakes while paused: played from the next hand.
    const restaked = await call(
      "home.changeStakes",
      { tableId, stakes: { ...HOLDEM, seats: undefined, smallBlind: 2, bigBlind: 4 } },
      { token: owner.token },
    );
    expect(restaked.error).toBeNull();
    expect(restaked.data.applied).toBe(true);
    const view = await call("home.get", { tableId }, { token: guest.token });
    expect(view.data.stake).toMatchObject({ smallBlind: 2, bigBlind: 4 });

    const seatedNow = (await call("home.get", { tableId }, { token: owner.token })).data.room
      .seated as { playerId: string; stack: number }[];
    const total = seatedNow.reduce((sum, s) => sum + s.stack, 0);
    expect(total).toBe(180);

    // Resume: the next hand is dealt at the new blinds, if two can still play.
    expect((await call("home.resume", { tableId }, { token: owner.token })).data).toEqual({
      paused: false,
    });
    const canPlay = seatedNow.filter((s) => s.stack > 0).length >= 2;
    if (canPlay) {
      expect(await fire(tableId)).toBe(true);
      const dealt = await h.until((s) => s.view.handNumber === 2 && s.view.hand !== null);
      expect(dealt.view.hand?.bigBlind).toBe(4);
      await allIn(clients);
      await h.until((s) => s.view.hand?.phase === "complete");
    }

    // Remove the guest: cashed out, and his socket closed.
    const removed = await call(
      "home.guests.remove",
      { tableId, playerId: guest.id },
      { token: owner.token },
    );
    expect(removed.data.status).toBe("removed");
    await expect.poll(() => clients[1]?.closed?.code).toBe(4005);
    const relog = await call(
      "cashier.buyIn",
      { tableId, amount: 40, idempotencyKey: crypto.randomUUID() },
      { token: guest.token },
    );
    expect(relog.error?.reason).toBe("removed_by_host");

    // Close: everyone cashed out, the table closed, nothing left in its escrow.
    const closed = await call("home.close", { tableId }, { token: owner.token });
    expect(closed.error).toBeNull();
    const sheet = await sheetMatchesLedger(tableId, owner.token);
    expect(sheet.escrow).toBe(0);
    expect(sheet.totals.onTable).toBe(0);
    expect(sheet.totals.buyIns).toBe(180);
    expect(sheet.totals.cashOuts).toBe(180);
    expect(sheet.totals.net).toBe(0);
    const status = await env.DB.prepare("SELECT status FROM tables WHERE id = ?")
      .bind(tableId)
      .first<{ status: string }>();
    expect(status?.status).toBe("closed");
    const late = await call(
      "cashier.buyIn",
      { tableId, amount: 40, idempotencyKey: crypto.randomUUID() },
      { token: owner.token },
    );
    expect(late.error?.reason).toBe("table_closed");
    expect((await call("home.pause", { tableId }, { token: owner.token })).error?.reason).toBe(
      "home_game_closed",
    );
    // The CSV holds the same figures.
    const csv = await call("home.sheetCsv", { tableId }, { token: other.token });
    expect(csv.data.csv.split("\r\n")[0]).toBe(
      "player,buy_ins,top_ups,free_sets,free_set_chips,cash_outs,on_table,net",
    );
    expect(csv.data.csv).toContain('"TOTAL",180,0,0,0,180,0,0');
  });

  it("H-3: at the end time a table with nothing to deal closes by its alarm, everyone cashed out", async () => {
    const endsAt = clockNow() + 3_600_000;
    const { owner, tableId, token } = await host({ options: { endsAt } });
    const guest = await newPlayer();
    await call("home.invite.request", { token }, { token: guest.token });
    await call("home.guests.admit", { tableId, playerId: guest.id }, { token: owner.token });
    await buyIn(owner, tableId, 60, 1);
    await buyIn(guest, tableId, 60, 2);
    await call("home.pause", { tableId }, { token: owner.token });
    const h = await TableClient.open(tableId, { token: owner.token });
    // Paused with nothing to deal, the room's next deadline is the end time, and nothing closes before.
    const deadline = await runInDurableObject(roomOf(env, tableId), (room: TableRoom) =>
      nextDeadline((room as unknown as { pipeline: TablePipeline }).pipeline.current),
    );
    expect(deadline).toBe(endsAt);
    expect((await call("home.get", { tableId }, { token: owner.token })).data.status).toBe("open");
    advanceClock(3_600_000);
    expect(await fire(tableId)).toBe(true);
    await h.until((s) => s.view.homeGame?.closed === true);
    await expect
      .poll(async () => (await call("home.get", { tableId }, { token: owner.token })).data.status)
      .toBe("closed");
    const sheet = await sheetMatchesLedger(tableId, owner.token);
    expect(sheet.escrow).toBe(0);
    expect(sheet.totals.cashOuts).toBe(120);
  });

  it("H-3: a hand in play at the end time is finished, and the next deal closes the table instead", async () => {
    const endsAt = clockNow() + 3_600_000;
    const { owner, tableId, token } = await host({ options: { endsAt } });
    const guest = await newPlayer();
    await call("home.invite.request", { token }, { token: guest.token });
    await call("home.guests.admit", { tableId, playerId: guest.id }, { token: owner.token });
    await buyIn(owner, tableId, 60, 1);
    await buyIn(guest, tableId, 60, 2);
    const clients = await Promise.all(
      [owner, guest].map((p) => TableClient.open(tableId, { token: p.token })),
    );
    const [h] = clients as [TableClient];
    expect(await fire(tableId)).toBe(true);
    await h.until((s) => s.view.handNumber === 1 && s.view.hand !== null);
    advanceClock(3_600_000);
    await allIn(clients);
    await h.until((s) => s.view.hand?.phase === "complete");
    await fire(tableId);
    const closed = await h.until((s) => s.view.homeGame?.closed === true);
    expect(closed.view.handNumber).toBe(1);
    await expect
      .poll(async () => (await call("home.get", { tableId }, { token: owner.token })).data.status)
      .toBe("closed");
    await sheetMatchesLedger(tableId, owner.token);
  });
});

describe("home games: poverty poker in the ledger (H-4) and the banker's sheet (H-6)", () => {
  it("H-4: a busted player gets a free set, recorded as a grant; H-6: the sheet equals the ledger", async () => {
    const { owner, tableId, token } = await host({
      options: { poverty: { freeSets: 2, setChips: 40 } },
    });
    const guest = await newPlayer();
    await call("home.invite.request", { token }, { token: guest.token });
    await call("home.guests.admit", { tableId, playerId: guest.id }, { token: owner.token });
    await buyIn(owner, tableId, 40, 1);
    await buyIn(guest, tableId, 40, 2);
    const clients = await Promise.all(
      [owner, guest].map((p) => TableClient.open(tableId, { token: p.token })),
    );
    const [h] = clients as [TableClient];
    let granted = 0;
    for (let hand = 1; hand <= 30 && granted === 0; hand++) {
      expect(await fire(tableId)).toBe(true);
      await h.until((s) => s.view.handNumber === hand && s.view.hand !== null);
      await allIn(clients);
      const done = await h.until((s) => s.view.hand?.phase === "complete");
      granted = done.view.homeGame?.freeSets?.used.reduce((n, u) => n + u.used, 0) ?? 0;
      // Chips on the table are the buy-ins plus the sets given: nothing made, nothing lost.
      expect(chipsOn(done)).toBe(80 + 40 * granted);
    }
    expect(granted).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await env.DB.prepare(
              "SELECT COUNT(*) AS n FROM transfers WHERE kind = 'free_set' AND to_account = ?",
            )
              .bind(`table:${tableId}`)
              .first<{ n: number }>()
          )?.n,
      )
      .toBe(1);
    const grant = await env.DB.prepare(
      "SELECT from_account, amount, user_id FROM transfers WHERE kind = 'free_set' AND to_account = ?",
    )
      .bind(`table:${tableId}`)
      .first<{ from_account: string; amount: number; user_id: string }>();
    expect(grant?.from_account).toBe("mint");
    expect(grant?.amount).toBe(40);
    const sheet = await sheetMatchesLedger(tableId, owner.token);
    const busted = sheet.rows.find((r: { playerId: string }) => r.playerId === grant?.user_id);
    expect(busted).toMatchObject({ freeSets: 40, freeSetCount: 1, buyIns: 40 });
    expect(sheet.totals.onTable).toBe(sheet.escrow);
  });
});
