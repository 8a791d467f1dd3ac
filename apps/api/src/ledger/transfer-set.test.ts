import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { unique } from "../../test/trpc";
import { database } from "../db/client";
import { runBatch, runPlans } from "../db/plans";
import { users } from "../db/schema";
import { escrowOf, walletOf } from "./ledger";
import { moveAll, movement } from "./movements";
import { STARTING_GRANT } from "./policy";
import { reconcile } from "./reconcile";
import { canMoveAsSet, transferSetPlan } from "./transfer-set";
import { balanceOf, startingGrantStatements } from "./wallet";

const db = database(env.DB);

async function fundedUser(): Promise<string> {
  const id = `u-${unique()}`;
  await runBatch(db, [
    db.insert(users).values({ id, email: `${id}@x.test`, displayName: id, passwordHash: "x" }),
    ...startingGrantStatements(db, id),
  ]);
  return id;
}

const summary = (outcomes: { ok: boolean; replayed?: boolean; reason?: string }[]) =>
  outcomes.map((o) => (o.ok ? (o.replayed ? "replayed" : "moved") : o.reason));

/** Every account's balance summed: no chip is made or lost by a set (the mint included). */
const total = async () =>
  (await env.DB.prepare("SELECT sum(balance) AS n FROM accounts").first<{ n: number }>())?.n;

describe("transfers as one set (auto-rebuys)", () => {
  it("T-6 moves any number of payers' chips to one escrow in six statements, each refused on its own", async () => {
    const payers = [await fundedUser(), await fundedUser(), await fundedUser(), await fundedUser()];
    const poor = await fundedUser();
    const tableId = `t-${unique()}`;
    const before = await total();
    const moves = [
      ...payers.map((userId, i) => ({ userId, tableId, amount: 100 * (i + 1), key: `r${i}` })),
      { userId: poor, tableId, amount: STARTING_GRANT + 1, key: "too-much" },
    ];
    const requests = moves.map((m) => movement("buy_in", m));
    expect(canMoveAsSet(requests)).toBe(true);
    expect(transferSetPlan(db, requests).statements).toHaveLength(6);
    const outcomes = await moveAll(db, "buy_in", moves);
    expect(summary(outcomes)).toEqual(["moved", "moved", "moved", "moved", "insufficient_funds"]);
    for (const [i, userId] of payers.entries())
      expect(await balanceOf(db, walletOf(userId))).toBe(STARTING_GRANT - 100 * (i + 1));
    expect(await balanceOf(db, walletOf(poor))).toBe(STARTING_GRANT);
    expect(await balanceOf(db, escrowOf(tableId))).toBe(1_000);
    expect(outcomes[0]?.balances[escrowOf(tableId).id]).toBe(1_000);
    // Two entries a transfer, balanced; the cached balances match the entries.
    const entries = await env.DB.prepare(
      "SELECT count(*) AS n, sum(e.amount) AS s FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id WHERE t.to_account = ?",
    )
      .bind(escrowOf(tableId).id)
      .first<{ n: number; s: number }>();
    expect(entries).toEqual({ n: 8, s: 0 });
    expect(await total()).toBe(before);
    expect((await reconcile(db)).ok).toBe(true);
  });

  it("a retry of the same set moves nothing twice; a key used for another movement is refused", async () => {
    const [a, b] = [await fundedUser(), await fundedUser()];
    const tableId = `t-${unique()}`;
    const moves = [
      { userId: a, tableId, amount: 200, key: "k1" },
      { userId: b, tableId, amount: 300, key: "k2" },
    ];
    expect(summary(await moveAll(db, "buy_in", moves))).toEqual(["moved", "moved"]);
    const again = await moveAll(db, "buy_in", [
      moves[0] as (typeof moves)[number],
      { ...(moves[1] as (typeof moves)[number]), amount: 301 },
    ]);
    expect(summary(again)).toEqual(["replayed", "key_reused"]);
    expect(await balanceOf(db, walletOf(a))).toBe(STARTING_GRANT - 200);
    expect(await balanceOf(db, walletOf(b))).toBe(STARTING_GRANT - 300);
    expect(await balanceOf(db, escrowOf(tableId))).toBe(500);
  });

  it("transfers that cannot move as a set (one payer twice) go one after another instead", async () => {
    const [a, b] = [await fundedUser(), await fundedUser()];
    const tableId = `t-${unique()}`;
    const moves = [
      { userId: a, tableId, amount: STARTING_GRANT - 10, key: "x1" },
      { userId: a, tableId, amount: 20, key: "x2" },
      { userId: b, tableId, amount: 20, key: "x3" },
    ];
    expect(canMoveAsSet(moves.map((m) => movement("buy_in", m)))).toBe(false);
    expect(() =>
      transferSetPlan(
        db,
        moves.map((m) => movement("buy_in", m)),
      ),
    ).toThrow(/cannot move as one set/);
    // In order, each seeing what the one before left: a's second is refused.
    expect(summary(await moveAll(db, "buy_in", moves))).toEqual([
      "moved",
      "insufficient_funds",
      "moved",
    ]);
    expect(await balanceOf(db, walletOf(a))).toBe(10);
    const [single] = await runPlans(db, [
      transferSetPlan(db, [
        movement("buy_in", { userId: b, tableId, amount: 1, key: "y1" }),
        movement("buy_in", { userId: a, tableId, amount: 1, key: "y2" }),
      ]),
    ]);
    expect(summary(single)).toEqual(["moved", "moved"]);
  });
});
