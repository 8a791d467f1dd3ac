import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allIn, chipsOn, fire, HOLDEM, host, sheetMatchesLedger, upgrade } from "../../test/home";
import { buyIn, TableClient } from "../../test/table-client";
import { call, newPlayer } from "../../test/trpc";

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
