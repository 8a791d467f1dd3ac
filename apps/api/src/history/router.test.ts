import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { parsePhh } from "@felt/engine";
import { auditHistory, HISTORY_FIELDS, verifyHistory } from "@felt/fairness";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { phhObjectKey } from "./phh-store";

/** Hands where the first player to act folds: nobody shows, so each history hides the other's cards. */
async function foldedHands(tableId: string, clients: TableClient[], count: number) {
  for (let hand = 1; hand <= count; hand++) {
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    for (const c of clients) await c.until((s) => s.view.handNumber === hand);
    const actor = (await turnOf(clients)) as TableClient;
    const version = actor.latest?.view.version ?? 0;
    actor.act({ type: "fold" });
    await played(actor, version);
    for (const c of clients) await c.until((s) => s.view.hand?.phase === "complete");
  }
}

const dealtLines = (phh: string) => phh.split("\n").filter((line) => line.includes("d dh"));

describe("history", () => {
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let tableId: string;

  beforeAll(async () => {
    await seedDemo(env.DB);
    const admin = await newAdmin();
    tableId = await openTable(admin);
    [alice, bob, carol] = [await newPlayer(), await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 100, 1);
    await buyIn(bob, tableId, 100, 2);
    const clients = [
      await TableClient.open(tableId, { token: alice.token }),
      await TableClient.open(tableId, { token: bob.token }),
    ];
    await foldedHands(tableId, clients, 3);
    // The histories go to D1 through the room's outbox, just after each hand.
    for (let tries = 0; tries < 50; tries++) {
      const listed = await call("history.list", {}, { token: alice.token });
      if (listed.data?.hands.length === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const c of clients) c.close();
  });

  it("history.list: my hands, newest first, paged with a cursor", async () => {
    const first = await call("history.list", { limit: 2 }, { token: alice.token });
    expect(first.data.hands.map((h: { handNumber: number }) => h.handNumber)).toEqual([3, 2]);
    expect(first.data.hands[0]).toMatchObject({
      handId: `${tableId}:3`,
      tableId,
      seat: 1,
      endedAt: expect.any(Number),
    });
    expect(first.data.nextCursor).toEqual(expect.any(String));
    const rest = await call(
      "history.list",
      { limit: 2, cursor: first.data.nextCursor },
      { token: alice.token },
    );
    expect(rest.data.hands.map((h: { handNumber: number }) => h.handNumber)).toEqual([1]);
    expect(rest.data.nextCursor).toBeNull();
    // Each hand's nets add up to zero (no rake at this stake).
    for (const hand of first.data.hands as { handId: string; net: number }[]) {
      const other = await call("history.get", { handId: hand.handId }, { token: bob.token });
      expect(hand.net + other.data.net).toBe(0);
    }
    expect((await call("history.list", {}, { token: carol.token })).data).toEqual({
      hands: [],
      nextCursor: null,
    });
  });

  it("history.get: the PHH of a hand I played, others' unshown cards hidden; nobody else may read it", async () => {
    const handId = `${tableId}:1`;
    const mine = await call("history.get", { handId }, { token: alice.token });
    const theirs = await call("history.get", { handId }, { token: bob.token });
    expect(mine.error).toBeNull();
    const parsed = parsePhh(mine.data.phh);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.history.variant).toBe("NT");
      expect(parsed.history.seats?.sort()).toEqual([1, 2]);
      // The deal's proof, never its seed (docs/fairness.md).
      expect(parsed.history.extra[HISTORY_FIELDS.root]).toMatch(/^[0-9a-f]{64}$/);
      expect(parsed.history.extra[HISTORY_FIELDS.serverSeed]).toBeUndefined();
      expect(await verifyHistory(parsed.history)).toMatchObject({ status: "verified" });
    }
    // Each sees his own two cards and the other's as unknown.
    for (const reply of [mine, theirs]) {
      const lines = dealtLines(reply.data.phh);
      expect(lines).toHaveLength(2);
      expect(lines.filter((line) => line.includes("????"))).toHaveLength(1);
    }
    expect(dealtLines(mine.data.phh)).not.toEqual(dealtLines(theirs.data.phh));

    const before = await call("history.get", { handId }, { token: carol.token });
    expect(before.error).toMatchObject({ code: "NOT_FOUND" });
    const missing = await call("history.get", { handId: `${tableId}:99` }, { token: alice.token });
    expect(missing.error).toMatchObject({
      code: "NOT_FOUND",
      message: before.error?.message.replace(":1", ":99"),
    });
    expect((await call("history.get", { handId })).error).toMatchObject({ code: "UNAUTHORIZED" });
    expect(
      (await call("history.get", { handId: "../etc" }, { token: alice.token })).error?.fieldErrors,
    ).toEqual({ handId: 'must be a hand id such as "aurora:12"' });
    expect(
      (await call("history.list", { cursor: "nope" }, { token: alice.token })).error?.code,
    ).toBe("BAD_REQUEST");
  });

  it("history.audit: the admin (the auditor) reads the whole hand with its server seed; players may not", async () => {
    const handId = `${tableId}:1`;
    const admin = await newAdmin();
    const audited = await call("history.audit", { handId }, { token: admin.token });
    expect(audited.error).toBeNull();
    const parsed = parsePhh(audited.data.phh);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.history.extra[HISTORY_FIELDS.serverSeed]).toMatch(/^[0-9a-f]{64}$/);
    expect(await auditHistory(parsed.history)).toMatchObject({ status: "audited" });
    expect((await call("history.audit", { handId }, { token: alice.token })).error?.code).toBe(
      "FORBIDDEN",
    );
  });

  it("a hand stored before the PHH moved to R2 (its text in D1's row) reads as before", async () => {
    const handId = `${tableId}:1`;
    const admin = await newAdmin();
    const full = (await call("history.audit", { handId }, { token: admin.token })).data.phh;
    const mine = (await call("history.get", { handId }, { token: alice.token })).data.phh;
    // The same hand as an older row: its PHH in D1, no object (migration 0017 left those as they were).
    const row = await env.DB.prepare("SELECT phh_object FROM hand_histories WHERE id = ?")
      .bind(handId)
      .first<{ phh_object: string | null }>();
    expect(row?.phh_object).toBe(phhObjectKey(handId));
    await env.DB.prepare("UPDATE hand_histories SET phh = ?, phh_object = NULL WHERE id = ?")
      .bind(full, handId)
      .run();
    await env.HISTORIES.delete(phhObjectKey(handId));
    expect((await call("history.audit", { handId }, { token: admin.token })).data.phh).toBe(full);
    expect((await call("history.get", { handId }, { token: alice.token })).data.phh).toBe(mine);
  });
});
