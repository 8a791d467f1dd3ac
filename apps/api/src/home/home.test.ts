import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { describe, expect, it } from "vitest";
import { buyIn, roomOf, TableClient, turnOf } from "../../test/table-client";
import { call, newPlayer, type Player } from "../../test/trpc";
import { advanceClock, now as clockNow } from "../clock";
import { database } from "../db/client";
import { escrowOf } from "../ledger/ledger";
import { balanceOf } from "../ledger/wallet";
import { nextDeadline } from "../rooms/room-state";
import type { TablePipeline } from "../rooms/table-pipeline";
import type { TableRoom } from "../rooms/table-room";

const fire = (tableId: string) => runDurableObjectAlarm(roomOf(env, tableId));

const HOLDEM = {
  game: "holdem",
  betting: "no-limit",
  smallBlind: 1,
  bigBlind: 2,
  minBuyInBb: 10,
  maxBuyInBb: 50,
  seats: 6,
};

async function host(game: Record<string, unknown> = {}, player?: Player) {
  const owner = player ?? (await newPlayer());
  const created = await call(
    "home.create",
    { name: "Friday game", ...HOLDEM, ...game },
    { token: owner.token },
  );
  expect(created.error).toBeNull();
  return {
    owner,
    tableId: created.data.tableId as string,
    token: created.data.token as string,
  };
}

/** A socket upgrade as a browser or bot asks for it: the status, and the socket if it opened. */
async function upgrade(tableId: string, player?: Player) {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (player) headers.Authorization = `Bearer ${player.token}`;
  return exports.default.fetch(`http://api.test/ws/table/${tableId}`, { headers });
}

const chipsOn = (s: StateMessage) =>
  s.view.seats.reduce((sum, seat) => sum + (seat ? seat.stack : 0), 0);

/** Everyone shoves or calls all in until the hand is over. */
async function allIn(clients: TableClient[]): Promise<void> {
  for (;;) {
    const actor = await turnOf(clients);
    if (!actor) return;
    const legal = actor.latest?.view.hand?.legalActions;
    const before = actor.latest?.view.version ?? 0;
    if (legal?.betOrRaise) actor.act({ type: "betOrRaiseTo", amount: legal.betOrRaise.max });
    else if (legal?.call) actor.act({ type: "call" });
    else if (legal?.check) actor.act({ type: "check" });
    else throw new Error(`no action in ${JSON.stringify(legal)}`);
    await actor.next(
      (m) =>
        (m.type === "state" && m.view.version > before) ||
        (m.type === "error" && m.seq === actor.seq),
    );
  }
}

async function sheetMatchesLedger(tableId: string, token: string) {
  const sheet = (await call("home.sheet", { tableId }, { token })).data;
  const escrow = await balanceOf(database(env.DB), escrowOf(tableId));
  const { totals } = sheet;
  // H-6: its sums are the ledger's: what came in, less what went out, is what the escrow holds.
  expect(totals.buyIns + totals.topUps + totals.freeSets - totals.cashOuts - sheet.rake).toBe(
    escrow,
  );
  expect(sheet.escrow).toBe(escrow);
  const ledger = await env.DB.prepare(
    `SELECT kind, COALESCE(SUM(amount), 0) AS n FROM transfers
     WHERE (to_account = ?1 AND kind IN ('buy_in', 'free_set')) OR (from_account = ?1 AND kind = 'cash_out')
     GROUP BY kind`,
  )
    .bind(`table:${tableId}`)
    .all<{ kind: string; n: number }>();
  const byKind = Object.fromEntries(ledger.results.map((r) => [r.kind, r.n]));
  expect(totals.buyIns + totals.topUps).toBe(byKind.buy_in ?? 0);
  expect(totals.freeSets).toBe(byKind.free_set ?? 0);
  expect(totals.cashOuts).toBe(byKind.cash_out ?? 0);
  return sheet;
}

describe("home games: a private table from a link (H-1)", () => {
  it("H-1: the host opens a game; a guest asks, is admitted and plays; another is refused and never sees state or chat", async () => {
    const { owner, tableId, token } = await host();
    const guest = await newPlayer();
    const refused = await newPlayer();
    const stranger = await newPlayer();

    // Never in the public lobby, and its page is nobody else's business.
    const lobby = await call("lobby.tables");
    expect(lobby.data.map((t: { id: string }) => t.id)).not.toContain(tableId);
    const page = await call("lobby.table", { id: tableId }, { token: stranger.token });
    expect(page.error?.reason).toBe("no_table");
    const own = await call("lobby.table", { id: tableId }, { token: owner.token });
    expect(own.data).toMatchObject({ id: tableId, home: true });

    // The link: a made-up token and the real one.
    const forged = await call(
      "home.invite.preview",
      { token: "A".repeat(43) },
      { token: guest.token },
    );
    expect(forged.error?.reason).toBe("invite_invalid");
    const preview = await call("home.invite.preview", { token }, { token: guest.token });
    expect(preview.error).toBeNull();
    expect(preview.data).toMatchObject({ tableId, role: "stranger", host: owner.displayName });

    for (const p of [guest, refused]) {
      const asked = await call("home.invite.request", { token }, { token: p.token });
      expect(asked.data).toEqual({ tableId, status: "requested" });
    }
    // Asking is not being let in.
    expect((await upgrade(tableId, guest)).status).toBe(404);
    const early = await call(
      "cashier.buyIn",
      { tableId, amount: 40, idempotencyKey: crypto.randomUUID() },
      { token: guest.token },
    );
    expect(early.error?.reason).toBe("not_admitted");

    // Only the host answers.
    const notHost = await call(
      "home.guests.admit",
      { tableId, playerId: refused.id },
      { token: guest.token },
    );
    expect(notHost.error?.reason).toBe("not_invited");
    const list = await call("home.guests.list", { tableId }, { token: owner.token });
    expect(list.data.guests.map((g: { playerId: string }) => g.playerId).sort()).toEqual(
      [guest.id, refused.id].sort(),
    );
    expect(
      (await call("home.guests.admit", { tableId, playerId: guest.id }, { token: owner.token }))
        .data,
    ).toEqual({ status: "admitted" });
    expect(
      (await call("home.guests.refuse", { tableId, playerId: refused.id }, { token: owner.token }))
        .data,
    ).toEqual({ status: "refused" });
    const again = await call("home.invite.request", { token }, { token: refused.token });
    expect(again.error?.reason).toBe("request_refused");

    await buyIn(owner, tableId, 60, 1);
    await buyIn(guest, tableId, 60, 2);
    for (const [p, reason] of [
      [refused, "request_refused"],
      [stranger, "not_invited"],
    ] as const) {
      const sit = await call(
        "cashier.buyIn",
        { tableId, amount: 40, idempotencyKey: crypto.randomUUID() },
        { token: p.token },
      );
      expect(sit.error?.reason).toBe(reason);
    }
    // No socket for the refused, the stranger, or a signed-out visitor.
    expect((await upgrade(tableId, refused)).status).toBe(404);
    expect((await upgrade(tableId, stranger)).status).toBe(404);
    expect((await upgrade(tableId)).status).toBe(404);

    const h = await TableClient.open(tableId, { token: owner.token });
    const g = await TableClient.open(tableId, { token: guest.token });
    h.say("shuffle up and deal");
    await g.heard((line) => line.text === "shuffle up and deal");
    expect(await fire(tableId)).toBe(true);
    await h.until((s) => s.view.handNumber === 1);
    await allIn([h, g]);
    const after = await h.until((s) => s.view.hand?.phase === "complete" || s.view.hand === null);
    expect(chipsOn(after)).toBe(120);

    const sheet = await sheetMatchesLedger(tableId, owner.token);
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.totals.net).toBe(0);
    // The refused guest gets neither the sheet nor the game.
    expect((await call("home.sheet", { tableId }, { token: refused.token })).error?.reason).toBe(
      "not_invited",
    );
    expect((await call("home.get", { tableId }, { token: refused.token })).error?.reason).toBe(
      "not_invited",
    );
  });

  it("H-1: the host revokes the link and makes a new one; the old one no longer opens the game", async () => {
    const { owner, tableId, token } = await host();
    const late = await newPlayer();
    expect(
      (await call("home.invite.revoke", { tableId }, { token: owner.token })).error,
    ).toBeNull();
    const old = await call("home.invite.request", { token }, { token: late.token });
    expect(old.error?.reason).toBe("invite_invalid");
    const renewed = await call("home.invite.renew", { tableId }, { token: owner.token });
    // The token rides in the fragment: no web server or proxy log gets it.
    expect(renewed.data.path).toBe(`/home/join#${renewed.data.token}`);
    expect(renewed.data.token).not.toBe(token);
    const asked = await call(
      "home.invite.request",
      { token: renewed.data.token },
      { token: late.token },
    );
    expect(asked.data).toEqual({ tableId, status: "requested" });
    // Only the host renews.
    const byGuest = await call("home.invite.renew", { tableId }, { token: late.token });
    expect(byGuest.error?.reason).toBe("not_invited");
    // The stored link is a hash: the token itself is nowhere in D1.
    const stored = await env.DB.prepare("SELECT invite_hash FROM home_games WHERE table_id = ?")
      .bind(tableId)
      .first<{ invite_hash: string }>();
    expect(stored?.invite_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.invite_hash).not.toContain(renewed.data.token);
  });

  it("H-1: with spectators on, a link watcher sees the table; refused, his socket is closed and he hears no more chat", async () => {
    const { owner, tableId, token } = await host({ spectators: true, chat: "everyone" });
    const watcher = await newPlayer();
    expect((await call("home.invite.watch", { token }, { token: watcher.token })).data).toEqual({
      tableId,
      status: "watching",
    });
    await call("home.invite.request", { token }, { token: watcher.token });
    const w = await TableClient.open(tableId, { token: watcher.token });
    const h = await TableClient.open(tableId, { token: owner.token });
    h.say("welcome");
    await w.heard((line) => line.text === "welcome");
    await call("home.guests.refuse", { tableId, playerId: watcher.id }, { token: owner.token });
    const error = await w.nextError();
    expect(error.code).toBe("not_admitted");
    await expect.poll(() => w.closed?.code).toBe(4005);
    const heardBefore = w.chatReceived.length;
    h.say("private now");
    await h.heard((line) => line.text === "private now");
    expect(w.chatReceived.length).toBe(heardBefore);
    expect(w.chatReceived.join("")).not.toContain("private now");
    expect((await upgrade(tableId, watcher)).status).toBe(404);
  });

  it("H-1: without spectators, watching from the link is refused", async () => {
    const { tableId, token } = await host();
    const watcher = await newPlayer();
    const watched = await call("home.invite.watch", { token }, { token: watcher.token });
    expect(watched.error?.reason).toBe("spectators_off");
    expect((await upgrade(tableId, watcher)).status).toBe(404);
  });

  it("H-1: the host's choices are bounded; a special round needs fixed limit; the end time is in the future", async () => {
    const owner = await newPlayer();
    const big = await call(
      "home.create",
      { name: "Too big", ...HOLDEM, smallBlind: 100_000, bigBlind: 200_000 },
      { token: owner.token },
    );
    expect(big.error?.fieldCodes?.bigBlind?.code).toBe("too_big");
    const russian = await call(
      "home.create",
      { name: "House game", ...HOLDEM, game: "russian" },
      { token: owner.token },
    );
    expect(russian.error?.fieldCodes?.game?.code).toBe("invalid_option");
    const special = await call(
      "home.create",
      { name: "Special", ...HOLDEM, options: { specialRound: true } },
      { token: owner.token },
    );
    expect(special.error?.fieldCodes?.["options.specialRound"]?.code).toBe(
      "special_round_fixed_limit",
    );
    const past = await call(
      "home.create",
      { name: "Past", ...HOLDEM, options: { endsAt: Date.UTC(2021, 0, 1) } },
      { token: owner.token },
    );
    expect(past.error?.reason).toBe("end_time_past");
    const fixed = await call(
      "home.create",
      {
        name: "Limit night",
        ...HOLDEM,
        betting: "fixed-limit",
        smallBet: 2,
        bigBet: 4,
        options: { specialRound: true, poverty: {} },
      },
      { token: owner.token },
    );
    expect(fixed.error).toBeNull();
  });
});

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
