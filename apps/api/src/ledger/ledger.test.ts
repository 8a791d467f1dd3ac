import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { unique } from "../../test/trpc";
import { database } from "../db/client";
import { runBatch } from "../db/plans";
import { users } from "../db/schema";
import { escrowOf, HOUSE, prizePoolOf, transfer, walletOf } from "./ledger";
import { MOVEMENTS, move, moveAll, movement } from "./movements";
import { BROKE_BELOW, RELOAD_AMOUNT, RELOADS_PER_DAY, STARTING_GRANT } from "./policy";
import { reconcile } from "./reconcile";
import { balanceOf, reload, startingGrantStatements, walletHistory } from "./wallet";

const db = database(env.DB);

/** A user with the starting grant, made the way sign-up does it (one batch). */
async function fundedUser(): Promise<string> {
  const id = `u-${unique()}`;
  await runBatch(db, [
    db.insert(users).values({ id, email: `${id}@x.test`, displayName: id, passwordHash: "x" }),
    ...startingGrantStatements(db, id),
  ]);
  return id;
}

const wallet = (userId: string) => balanceOf(db, walletOf(userId));

describe("ledger", () => {
  it("grants the starting chips once, as a balanced pair of entries", async () => {
    const user = await fundedUser();
    expect(await wallet(user)).toBe(STARTING_GRANT);
    const { results } = await env.DB.prepare(
      "SELECT e.account_id, e.amount FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id WHERE t.idempotency_key = ? ORDER BY e.amount",
    )
      .bind(`grant:${user}`)
      .all();
    expect(results).toEqual([
      { account_id: "mint", amount: -STARTING_GRANT },
      { account_id: walletOf(user).id, amount: STARTING_GRANT },
    ]);
    // The grant's key is unique: replaying sign-up's statements moves nothing.
    await runBatch(db, startingGrantStatements(db, user));
    expect(await wallet(user)).toBe(STARTING_GRANT);
  });

  it("the same buy-in key moves money once", async () => {
    const user = await fundedUser();
    const request = { userId: user, tableId: "aurora", amount: 150, key: "k-same" };
    const first = await move(db, "buy_in", request);
    const second = await move(db, "buy_in", request);
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(second).toMatchObject({ ok: true, replayed: true });
    expect(second.ok && first.ok && second.transfer.id).toBe(first.ok && first.transfer.id);
    expect(await wallet(user)).toBe(STARTING_GRANT - 150);
  });

  it("moveAll: several movements in one batch act in order, each succeeding or refused on its own", async () => {
    const [rich, poor] = [await fundedUser(), await fundedUser()];
    const tableId = `t-${unique()}`;
    // The poor one's first buy-in leaves him too little for his second; the rich one's
    // repeated key is a replay. One refusal rolls nothing else back.
    const outcomes = await moveAll(db, "buy_in", [
      { userId: rich, tableId, amount: 300, key: "a" },
      { userId: poor, tableId, amount: STARTING_GRANT - 50, key: "b" },
      { userId: poor, tableId, amount: 100, key: "c" },
      { userId: rich, tableId, amount: 300, key: "a" },
    ]);
    expect(outcomes.map((o) => (o.ok ? (o.replayed ? "replayed" : "moved") : o.reason))).toEqual([
      "moved",
      "moved",
      "insufficient_funds",
      "replayed",
    ]);
    expect(outcomes[2]?.balances[walletOf(poor).id]).toBe(50);
    expect(await wallet(rich)).toBe(STARTING_GRANT - 300);
    expect(await wallet(poor)).toBe(50);
    expect(await balanceOf(db, escrowOf(tableId))).toBe(300 + STARTING_GRANT - 50);
    expect(await moveAll(db, "buy_in", [])).toEqual([]);
  });

  it("a key reused for a different movement is refused and moves nothing", async () => {
    const user = await fundedUser();
    await move(db, "buy_in", { userId: user, tableId: "aurora", amount: 100, key: "k-reuse" });
    const again = await move(db, "buy_in", {
      userId: user,
      tableId: "aurora",
      amount: 200,
      key: "k-reuse",
    });
    expect(again).toMatchObject({ ok: false, reason: "key_reused" });
    expect(await wallet(user)).toBe(STARTING_GRANT - 100);
  });

  it("never lets a balance go below zero", async () => {
    const user = await fundedUser();
    const result = await move(db, "buy_in", {
      userId: user,
      tableId: "aurora",
      amount: STARTING_GRANT + 1,
      key: "too-much",
    });
    expect(result).toMatchObject({ ok: false, reason: "insufficient_funds" });
    expect(await wallet(user)).toBe(STARTING_GRANT);
    // Even a hand-written overdraft is stopped by the CHECK constraint.
    await expect(
      env.DB.prepare("UPDATE accounts SET balance = -1 WHERE id = ?").bind(walletOf(user).id).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
    // An account that does not exist has nothing to pay with.
    const ghost = await move(db, "buy_in", {
      userId: "nobody",
      tableId: "aurora",
      amount: 1,
      key: "ghost",
    });
    expect(ghost).toMatchObject({ ok: false, reason: "insufficient_funds" });
  });

  it("concurrent debits that together exceed the balance: only what fits succeeds", async () => {
    const user = await fundedUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        move(db, "buy_in", { userId: user, tableId: `t${i}`, amount: 3_000, key: `race-${i}` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.reason === "insufficient_funds")).toHaveLength(7);
    expect(await wallet(user)).toBe(STARTING_GRANT - 9_000);
  });

  it("the same key sent concurrently moves money exactly once", async () => {
    const user = await fundedUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        move(db, "buy_in", { userId: user, tableId: "borealis", amount: 500, key: "burst" }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(await wallet(user)).toBe(STARTING_GRANT - 500);
  });

  it("keys are per user: one player's key never blocks another's", async () => {
    const [a, b] = [await fundedUser(), await fundedUser()];
    const request = { tableId: "caspian", amount: 700, key: "shared-key" };
    expect(await move(db, "buy_in", { ...request, userId: a })).toMatchObject({
      ok: true,
      replayed: false,
    });
    expect(await move(db, "buy_in", { ...request, userId: b })).toMatchObject({
      ok: true,
      replayed: false,
    });
  });

  it("cash-out and rake: wallet → escrow → wallet, escrow → house", async () => {
    const [a, b] = [await fundedUser(), await fundedUser()];
    const table = `cash-${unique()}`;
    await move(db, "buy_in", { userId: a, tableId: table, amount: 1_000, key: "in" });
    await move(db, "buy_in", { userId: b, tableId: table, amount: 1_000, key: "in" });
    const houseBefore = await balanceOf(db, HOUSE);
    expect(await move(db, "rake", { tableId: table, amount: 30, key: "hand-1" })).toMatchObject({
      ok: true,
    });
    // b won a's chips: the room says so; the ledger only sees escrow pay out.
    await move(db, "cash_out", { userId: b, tableId: table, amount: 1_970, key: "out" });
    expect(await balanceOf(db, escrowOf(table))).toBe(0);
    expect(await wallet(b)).toBe(STARTING_GRANT + 970);
    expect(await balanceOf(db, HOUSE)).toBe(houseBefore + 30);
    // The escrow cannot pay out chips it does not hold.
    expect(
      await move(db, "cash_out", { userId: a, tableId: table, amount: 1, key: "out" }),
    ).toMatchObject({
      ok: false,
      reason: "insufficient_funds",
    });
  });

  it("tournaments: entry, refund, fee to the house, prizes", async () => {
    const [a, b] = [await fundedUser(), await fundedUser()];
    const mtt = `mtt-${unique()}`;
    for (const user of [a, b]) {
      expect(
        await move(db, "tournament_entry", {
          userId: user,
          tournamentId: mtt,
          amount: 1_100,
          key: "reg",
        }),
      ).toMatchObject({ ok: true });
    }
    await move(db, "tournament_refund", {
      userId: b,
      tournamentId: mtt,
      amount: 1_100,
      key: "unreg",
    });
    await move(db, "tournament_entry", {
      userId: b,
      tournamentId: mtt,
      amount: 1_100,
      key: "reg-again",
    });
    await move(db, "tournament_fee", { tournamentId: mtt, amount: 200, key: "fees" });
    await move(db, "tournament_prize", { userId: a, tournamentId: mtt, amount: 1_400, key: "1st" });
    await move(db, "tournament_prize", { userId: b, tournamentId: mtt, amount: 600, key: "2nd" });
    expect(await balanceOf(db, prizePoolOf(mtt))).toBe(0);
    expect(await wallet(a)).toBe(STARTING_GRANT + 300);
    expect(await wallet(b)).toBe(STARTING_GRANT - 500);
  });

  it("poverty poker: reload only when broke, a few times a day, once per click", async () => {
    const user = await fundedUser();
    const now = Date.now();
    expect(await reload(db, user, now)).toMatchObject({ ok: false, reason: "not_broke" });
    for (let n = 1; n <= RELOADS_PER_DAY; n++) {
      const spend = (await wallet(user)) - (BROKE_BELOW - 1);
      await move(db, "buy_in", { userId: user, tableId: "sink", amount: spend, key: `sink-${n}` });
      // Two clicks at once: one reload.
      const [x, y] = await Promise.all([reload(db, user, now), reload(db, user, now)]);
      expect(x.ok && y.ok).toBe(true);
      expect(await wallet(user)).toBe(BROKE_BELOW - 1 + RELOAD_AMOUNT);
      expect(x.reloadsLeft).toBe(RELOADS_PER_DAY - n);
    }
    await move(db, "buy_in", {
      userId: user,
      tableId: "sink",
      amount: RELOAD_AMOUNT,
      key: "sink-last",
    });
    expect(await reload(db, user, now)).toMatchObject({ ok: false, reason: "daily_limit" });
  });

  it("a wallet's history runs newest first with the balance after each line", async () => {
    const user = await fundedUser();
    await move(db, "buy_in", { userId: user, tableId: "danube", amount: 400, key: "h1" });
    await move(db, "cash_out", { userId: user, tableId: "danube", amount: 250, key: "h2" });
    const lines = await walletHistory(db, user, 10);
    expect(lines.map((l) => [l.kind, l.amount, l.balanceAfter])).toEqual([
      ["cash_out", 250, STARTING_GRANT - 150],
      ["buy_in", -400, STARTING_GRANT - 400],
      ["grant", STARTING_GRANT, STARTING_GRANT],
    ]);
    expect(lines[1]?.counterparty).toBe("table:danube");
  });

  it("the ledger is append-only", async () => {
    await expect(env.DB.prepare("UPDATE transfers SET amount = 1").run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare("DELETE FROM ledger_entries").run()).rejects.toThrow(/append-only/);
  });

  it("reconciliation notices a cached balance that drifts from its entries", async () => {
    const user = await fundedUser();
    const id = walletOf(user).id;
    await env.DB.prepare("UPDATE accounts SET balance = balance + 1 WHERE id = ?").bind(id).run();
    const report = await reconcile(db);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${id} caches ${STARTING_GRANT + 1}`),
        expect.stringMatching(/accounts hold \d+ chips but \d+ were created/),
      ]),
    );
    await env.DB.prepare("UPDATE accounts SET balance = balance - 1 WHERE id = ?").bind(id).run();
  });

  it("refuses amounts that are not whole positive chips as a bug, before touching D1", async () => {
    const user = await fundedUser();
    for (const amount of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e13]) {
      await expect(
        transfer(db, {
          kind: "buy_in",
          key: `bad-${amount}`,
          from: walletOf(user),
          to: escrowOf("aurora"),
          amount,
          userId: user,
        }),
      ).rejects.toThrow(RangeError);
    }
    expect(await wallet(user)).toBe(STARTING_GRANT);
  });
});

describe("movements as data", () => {
  it("each kind names its accounts and keeps its key in its owner's namespace", () => {
    const who = { userId: "u1", tableId: "t1", tournamentId: "m1", amount: 5, key: "k" };
    const row = (kind: keyof typeof MOVEMENTS) => {
      const r = movement(kind, who);
      return [r.from.id, r.to.id, r.key, r.userId];
    };
    expect(Object.fromEntries(Object.keys(MOVEMENTS).map((k) => [k, row(k as never)]))).toEqual({
      grant: ["mint", "wallet:u1", "grant:u1", "u1"],
      reload: ["mint", "wallet:u1", "reload:u1:k", "u1"],
      buy_in: ["wallet:u1", "table:t1", "buy_in:u1:k", "u1"],
      cash_out: ["table:t1", "wallet:u1", "cash_out:u1:k", "u1"],
      rake: ["table:t1", "house", "rake:t1:k", null],
      tournament_entry: ["wallet:u1", "tournament:m1", "tournament_entry:u1:k", "u1"],
      tournament_refund: ["tournament:m1", "wallet:u1", "tournament_refund:u1:k", "u1"],
      tournament_prize: ["tournament:m1", "wallet:u1", "tournament_prize:u1:k", "u1"],
      tournament_fee: ["tournament:m1", "house", "tournament_fee:m1:k", null],
      house_stake: ["table:t1", "house", "house_stake:t1:k", null],
      house_payout: ["house", "table:t1", "house_payout:t1:k", null],
      house_bankroll: ["mint", "house", "house_bankroll:k", null],
      // H-4: the table's key, and the player the free set is for.
      free_set: ["mint", "table:t1", "free_set:t1:k", "u1"],
    });
  });

  it("T-11 no kind of movement goes from one wallet to another", () => {
    // Widened on purpose: the table's literal types already forbid this at compile time.
    const specs: { from: string; to: string }[] = Object.values(MOVEMENTS);
    for (const spec of specs) {
      expect(spec.from === "wallet" && spec.to === "wallet").toBe(false);
      // Chips reach a wallet only from the cashier (mint), a table's pots (escrow) or a prize pool.
      if (spec.to === "wallet") expect(["mint", "table", "tournament"]).toContain(spec.from);
    }
  });
});
