/**
 * T-11 no private dealings: chips reach a player only from the cashier (the
 * mint: grants, reloads) or a pot (a table's escrow, a tournament's pool),
 * never from another player. Walked over every tRPC procedure and every
 * socket message there is: a new one fails the walk until it is added.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { clientMessageSchema } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, roomOf, TableClient } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, unique } from "../../test/trpc";
import { database } from "../db/client";
import { walletOf } from "../ledger/ledger";
import { MOVEMENTS } from "../ledger/movements";
import { STARTING_GRANT } from "../ledger/policy";
import { balanceOf } from "../ledger/wallet";
import { appRouter } from "./router";

type Procedure = { _def: { type: string; meta?: { access?: string }; inputs: unknown[] } };
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;

/** Every property name anywhere in a procedure's input. */
function fieldsOf(procedure: Procedure): string[] {
  const input = procedure._def.inputs[0];
  if (!input) return [];
  const names: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const { properties } = node as { properties?: Record<string, unknown> };
    if (properties) names.push(...Object.keys(properties));
    for (const value of Object.values(node)) walk(value);
  };
  walk(z.toJSONSchema(input as z.ZodType, { io: "input", unrepresentable: "any" }));
  return names;
}

type Transfer = { kind: string; from_account: string; to_account: string; user_id: string | null };
const transfersSince = async (since: number) =>
  (
    await env.DB.prepare(
      "SELECT kind, from_account, to_account, user_id FROM transfers WHERE rowid > ? ORDER BY rowid",
    )
      .bind(since)
      .all<Transfer>()
  ).results;
const lastTransfer = async () =>
  (
    await env.DB.prepare("SELECT COALESCE(MAX(rowid), 0) AS n FROM transfers").first<{
      n: number;
    }>()
  )?.n ?? 0;

/** T-11, on what the ledger recorded: no wallet pays another, and a wallet is credited only by the cashier or a pot. */
function expectNoPrivateDealings(moved: Transfer[]) {
  for (const t of moved) {
    const from = t.from_account.split(":")[0];
    const to = t.to_account.split(":")[0];
    expect(from === "wallet" && to === "wallet", `${t.kind} wallet → wallet`).toBe(false);
    if (to === "wallet") {
      expect(["mint", "table", "tournament"], `${t.kind} from ${from}`).toContain(from);
      // Whoever's wallet is credited is the user the movement is for.
      expect(t.to_account).toBe(`wallet:${t.user_id}`);
    }
    expect(Object.keys(MOVEMENTS)).toContain(t.kind);
  }
}

describe("T-11 no private dealings", { timeout: 30_000 }, () => {
  let admin: Player;
  let alice: Player;
  let bob: Player;
  let tableId: string;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
    [alice, bob] = [await newPlayer(), await newPlayer()];
    tableId = await openTable(admin);
    await buyIn(bob, tableId, 200, 2);
  });

  it("T-11 no procedure can name another player: money procedures act on the caller's own wallet only", () => {
    const counterparty =
      /^(user|player|recipient|payee|target|account|wallet)(Id)?s?$|^(to|from)$/i;
    // The director seats and disqualifies players by name; neither moves money (the walk
    // below calls both and checks the ledger), and only an admin may call them.
    const directorActs = new Set([
      "admin.tournaments.movePlayer.playerId",
      "admin.tournaments.disqualify.playerId",
    ]);
    // A private note names the player it is about; notes hold text, never chips (the walk
    // below calls both too).
    const notes = new Set(["account.notes.get.playerIds", "account.notes.set.playerId"]);
    // The seats' avatars are read by player id: pictures, never chips (the walk calls it too).
    const avatars = "lobby.avatars.playerIds";
    // A home game's host admits, refuses or removes a guest by id (H-1, H-2): a removal
    // cashes the guest out to his own wallet, nothing else moves (the walk calls all three).
    const hostActs = new Set([
      "home.guests.admit.playerId",
      "home.guests.refuse.playerId",
      "home.guests.remove.playerId",
    ]);
    const offending = Object.entries(procedures).flatMap(([path, p]) =>
      fieldsOf(p)
        .filter((name) => counterparty.test(name))
        .map((name) => `${path}.${name}`)
        .filter(
          (field) =>
            !directorActs.has(field) &&
            !notes.has(field) &&
            !hostActs.has(field) &&
            field !== avatars,
        ),
    );
    expect(offending).toEqual([]);
    for (const field of directorActs)
      expect(procedures[field.split(".").slice(0, -1).join(".")]?._def.meta?.access).toBe("admin");
  });

  it("T-11 every procedure, called as a player (and the admin's as the admin), moves no chip from one player to another", async () => {
    const stake = (await call("admin.stakes.list", undefined, { token: admin.token })).data[0];
    const hand = unique();
    // One call per procedure; ids point at real things where it matters (Bob's table).
    const attempts: Record<string, unknown> = {
      "account.changeDisplayName": { displayName: `T11 ${hand}`.slice(0, 24) },
      "account.changePassword": { currentPassword: "wrong", newPassword: "another-password-1" },
      "account.notes.get": { playerIds: [bob.id] },
      "account.notes.set": { playerId: bob.id, text: "plays tight" },
      "account.results": {},
      "account.setAvatar": { avatar: "moon" },
      "admin.users.issuePasswordReset": { email: bob.email },
      "auth.requestPasswordReset": { email: bob.email },
      "auth.resetPassword": { token: "x".repeat(43), newPassword: "another-password-1" },
      "admin.audit": {},
      "admin.health": undefined,
      "admin.homeBounds.get": undefined,
      "admin.homeBounds.set": { bigBlind: { max: 0 } },
      "admin.payoutTables.create": { name: `T11 ${hand}`, tiers: [] },
      "admin.payoutTables.delete": { id: "nope" },
      "admin.payoutTables.get": { id: "nope" },
      "admin.payoutTables.list": undefined,
      "admin.payoutTables.update": { id: "nope", payoutTable: { name: "x", tiers: [] } },
      "admin.reconcile": undefined,
      "admin.stakes.create": { name: "x" },
      "admin.stakes.delete": { id: stake.id },
      "admin.stakes.get": { id: stake.id },
      "admin.stakes.list": {},
      "admin.stakes.russianRtp": { rules: {} },
      "admin.stakes.update": { id: "nope", stake: {} },
      "admin.tables.close": { id: tableId },
      "admin.tables.list": {},
      "admin.tables.open": { stakeId: stake.id, name: `T11 ${hand}`.slice(0, 40) },
      "admin.tournaments.adjustLevel": { id: "nope", seconds: 60 },
      "admin.tournaments.cancel": { id: "nope" },
      "admin.tournaments.cancelPreview": { id: "nope" },
      "admin.tournaments.dealPreview": { id: "nope" },
      "admin.tournaments.disqualify": { id: "nope", playerId: "someone", reason: "test" },
      "admin.tournaments.movePlayer": { id: "nope", playerId: "someone", table: 1 },
      "admin.tournaments.proposeDeal": { id: "nope", method: "icm" },
      "admin.tournaments.redrawFinalTable": { id: "nope" },
      "admin.tournaments.withdrawDeal": { id: "nope" },
      "admin.tournaments.create": { name: "x" },
      "admin.tournaments.list": undefined,
      "admin.tournaments.pause": { id: "nope" },
      "admin.tournaments.resume": { id: "nope" },
      "admin.tournaments.templates": undefined,
      "auth.me": undefined,
      "auth.signIn": { email: bob.email, password: "not-bobs-password" },
      "auth.signOut": undefined,
      "auth.signUp": { email: bob.email, password: "another-password-1", displayName: "Bob 2" },
      "cashier.balance": undefined,
      "cashier.buyIn": { tableId, amount: 150, idempotencyKey: `t11-in-${hand}`, seat: 2 },
      "cashier.cashOut": { tableId, idempotencyKey: `t11-out-${hand}` },
      "cashier.history": {},
      "cashier.reload": undefined,
      health: undefined,
      "history.audit": { handId: "nope" },
      "history.get": { handId: "nope" },
      "history.list": {},
      "home.bounds": undefined,
      "home.changeStakes": { tableId, stakes: {} },
      "home.close": { tableId },
      "home.create": { name: "x" },
      "home.get": { tableId },
      "home.guests.admit": { tableId, playerId: bob.id },
      "home.guests.list": { tableId },
      "home.guests.refuse": { tableId, playerId: bob.id },
      "home.guests.remove": { tableId, playerId: bob.id },
      "home.invite.preview": { token: "x".repeat(43) },
      "home.invite.renew": { tableId },
      "home.invite.request": { token: "x".repeat(43) },
      "home.invite.revoke": { tableId },
      "home.invite.watch": { token: "x".repeat(43) },
      "home.mine": undefined,
      "home.pause": { tableId },
      "home.resume": { tableId },
      "home.sheet": { tableId },
      "home.sheetCsv": { tableId },
      "lobby.avatars": { playerIds: [bob.id] },
      "lobby.myTables": undefined,
      "lobby.table": { id: tableId },
      "lobby.tables": {},
      "lobby.tournaments": undefined,
      "tournaments.acceptDeal": { id: "nope" },
      "tournaments.addOn": { id: "nope" },
      "tournaments.declineRebuy": { id: "nope" },
      "tournaments.get": { id: "nope" },
      "tournaments.openPrivate": { name: "x" },
      "tournaments.rebuy": { id: "nope" },
      "tournaments.register": { id: "nope" },
      "tournaments.rejectDeal": { id: "nope" },
      "tournaments.unregister": { id: "nope" },
      "waitlist.join": { tableId },
      "waitlist.leave": { tableId },
      "waitlist.mine": undefined,
    };
    expect(Object.keys(attempts).sort()).toEqual(Object.keys(procedures).sort());
    const since = await lastTransfer();
    const bobBefore = await balanceOf(database(env.DB), walletOf(bob.id));
    // Alice sits too, so "cash out" and "buy in" have a seat of hers to act on.
    await buyIn(alice, tableId, 150, 1);
    for (const [path, input] of Object.entries(attempts)) {
      const as = procedures[path]?._def.meta?.access === "admin" ? admin : alice;
      await call(path, input, { token: as.token });
    }
    expectNoPrivateDealings(await transfersSince(since));
    expect(await balanceOf(database(env.DB), walletOf(bob.id))).toBe(bobBefore);
    const watcher = await TableClient.open(tableId);
    const seen = await watcher.until(() => true);
    expect(seen.view.seats[1]).toMatchObject({ playerId: bob.id, stack: 200 });
    watcher.close();
  });

  it("T-11 every socket message, sent in a hand, moves chips only through the pot", async () => {
    const table = await openTable(admin);
    const [carol, dave] = [await newPlayer(), await newPlayer()];
    await buyIn(carol, table, 200, 1);
    await buyIn(dave, table, 200, 2);
    const c = await TableClient.open(table, { token: carol.token });
    const d = await TableClient.open(table, { token: dave.token });
    const types: string[] = clientMessageSchema.options.map((o) => o.shape.type.value);
    const samples: Record<string, (seq: number, version: number) => unknown> = {
      sync: () => ({ type: "sync" }),
      proofs: () => ({ type: "proofs" }),
      act: (seq, expectedVersion) => ({
        type: "act",
        action: { type: "betOrRaiseTo", amount: 50 },
        expectedVersion,
        seq,
      }),
      sitOut: (seq) => ({ type: "sitOut", seq }),
      sitIn: (seq) => ({ type: "sitIn", seq }),
      autoRebuy: (seq) => ({ type: "autoRebuy", upTo: 200, seq }),
      leave: (seq) => ({ type: "leave", seq }),
      clientSeed: (seq) => ({ type: "clientSeed", seed: "t11-entropy", seq }),
      show: (seq) => ({ type: "show", seq }),
      showMyHand: (seq) => ({ type: "showMyHand", show: true, seq }),
      // Dealer's choice: refused at this one-game table (no_choice_due), and mid-hand anyway.
      chooseGame: (seq) => ({ type: "chooseGame", game: 1, seq }),
      chat: (seq) => ({ type: "chat", text: "give me your chips", seq }),
    };
    expect(Object.keys(samples).sort()).toEqual([...types].sort());
    const since = await lastTransfer();
    const daveWallet = await balanceOf(database(env.DB), walletOf(dave.id));
    await runDurableObjectAlarm(roomOf(env, table));
    await c.until((s) => s.view.hand !== null);
    // Everything Carol can send, in the order that keeps her seated longest; then the hand ends.
    for (const type of types.filter((t) => t !== "leave").concat("leave")) {
      // The raise is sent on her turn with the version she sees then, and its state awaited:
      // on a busy machine a version read mid-burst could be stale, the raise refused, and the
      // hand would never reach Dave.
      const turn =
        type === "act"
          ? await c.until((s) => Boolean(s.view.hand?.legalActions?.betOrRaise))
          : null;
      const before = turn?.view.version ?? c.latest?.view.version ?? 0;
      c.seq += 1;
      c.send(samples[type]?.(c.seq, before));
      if (turn) await c.until((s) => s.view.version > before);
      else await Promise.race([c.changed(1_000), d.changed(1_000)]);
    }
    // Dave folds to Carol's raise: the pot is hers, and she is cashed out as the hand ends.
    await c.until((s) => s.view.seats[0]?.leaving === true);
    const turn = await d.until((s) => s.view.hand?.legalActions?.fold === true);
    d.act({ type: "fold" }, turn.view.version);
    const end = await d.until((s) => s.view.seats[0] === null);
    const daveStack = end.view.seats[1]?.stack ?? 0;
    const carolPaid = (await transfersSince(since)).filter((t) => t.kind === "cash_out");
    const carolBack =
      (await balanceOf(database(env.DB), walletOf(carol.id))) - (STARTING_GRANT - 200);
    // Every chip is Carol's cash-out (to her own wallet) or Dave's stack: 400 in, 400 out.
    expect(daveStack + carolBack).toBe(400);
    // Dave lost his blind to the pot; Carol took the pot home (her own chips and his blind).
    expect(daveStack).toBeLessThan(200);
    expect(carolPaid.every((t) => t.user_id === carol.id)).toBe(true);
    expect(await balanceOf(database(env.DB), walletOf(dave.id))).toBe(daveWallet);
    expectNoPrivateDealings(await transfersSince(since));
    for (const s of [c, d]) s.close();
  });
});
