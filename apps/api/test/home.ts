/** The home games' API tests' common steps (src/home/*.test.ts): a host's game, sockets, hands played all in, the sheet against the ledger. */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { expect } from "vitest";
import { database } from "../src/db/client";
import { escrowOf } from "../src/ledger/ledger";
import { balanceOf } from "../src/ledger/wallet";
import { roomOf, type TableClient, turnOf } from "./table-client";
import { call, newPlayer, type Player } from "./trpc";

export const fire = (tableId: string) => runDurableObjectAlarm(roomOf(env, tableId));

export const HOLDEM = {
  game: "holdem",
  betting: "no-limit",
  smallBlind: 1,
  bigBlind: 2,
  minBuyInBb: 10,
  maxBuyInBb: 50,
  seats: 6,
};

export async function host(game: Record<string, unknown> = {}, player?: Player) {
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
export async function upgrade(tableId: string, player?: Player) {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (player) headers.Authorization = `Bearer ${player.token}`;
  return exports.default.fetch(`http://api.test/ws/table/${tableId}`, { headers });
}

export const chipsOn = (s: StateMessage) =>
  s.view.seats.reduce((sum, seat) => sum + (seat ? seat.stack : 0), 0);

/** Everyone shoves or calls all in until the hand is over. */
export async function allIn(clients: TableClient[]): Promise<void> {
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

export async function sheetMatchesLedger(tableId: string, token: string) {
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
