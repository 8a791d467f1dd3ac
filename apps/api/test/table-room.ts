/** The table room's tests: its stored snapshot, a wallet's balance, two players heads-up, a hand dealt by the alarm. */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { expect } from "vitest";
import type { Snapshot } from "../src/rooms/room-state";
import { RoomStorage } from "../src/rooms/room-storage";
import type { TableRoom } from "../src/rooms/table-room";
import { buyIn, openTable, roomOf, TableClient } from "./table-client";
import { call, newPlayer, type Player } from "./trpc";
/** The room's stored snapshot (the whole row and the journal since), read inside the object. */
export const storedSnapshotOf = (tableId: string) =>
  runInDurableObject(
    roomOf(env, tableId),
    (_room: TableRoom, state) => new RoomStorage(state.storage).snapshot() as Snapshot,
  );

export const wallet = async (p: Player) =>
  (await call("cashier.balance", undefined, { token: p.token })).data.balance as number;

export const mine = (s: StateMessage) => s.view.hand?.players.find((p) => p.seat === s.view.mySeat);

/** Two players seated and connected; the first hand dealt by firing the room's alarm. */
export async function headsUp(admin: Player, stacks: [number, number] = [200, 150]) {
  const tableId = await openTable(admin);
  const alice = await newPlayer();
  const bob = await newPlayer();
  await buyIn(alice, tableId, stacks[0], 1);
  await buyIn(bob, tableId, stacks[1], 2);
  const a = await TableClient.open(tableId, { token: alice.token });
  const b = await TableClient.open(tableId, { token: bob.token });
  return { tableId, alice, bob, a, b };
}

export async function deal(tableId: string, clients: TableClient[]) {
  const before = clients[0]?.latest?.view.handNumber ?? 0;
  expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
  for (const c of clients) await c.until((s) => s.view.handNumber === before + 1);
}
