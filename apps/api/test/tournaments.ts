/**
 * What the API's tournament tests share: scheduling a tournament through the
 * admin API, reading its page, starting it by the injected clock, and bots
 * that play at whatever table the page names.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { advanceClock, now } from "../src/clock";
import { tournamentRoomOf } from "../src/tournaments/room-of";
import type { TournamentPage } from "../src/tournaments/stored";
import { TableClient } from "./table-client";
import { call, type Player, unique } from "./trpc";

export const BUY_IN = 100;
export const FEE = 10;

export const wallet = async (p: Player) =>
  (await call("cashier.balance", undefined, { token: p.token })).data.balance as number;

export const viewOf = async (id: string, p?: Player): Promise<TournamentPage> => {
  const reply = await call("tournaments.get", { id }, p ? { token: p.token } : {});
  expect(reply.error).toBeNull();
  return reply.data as TournamentPage;
};

export async function payoutTable(admin: Player): Promise<string> {
  const created = await call(
    "admin.payoutTables.create",
    {
      name: `Payouts ${unique()}`,
      tiers: [
        { minEntrants: 2, maxEntrants: 9, percentages: [70, 30] },
        { minEntrants: 10, maxEntrants: 1000, percentages: [50, 30, 20] },
      ],
    },
    { token: admin.token },
  );
  expect(created.error).toBeNull();
  return created.data.id as string;
}

export async function schedule(
  admin: Player,
  input: Record<string, unknown> = {},
): Promise<{ id: string; startsAt: number }> {
  const startsAt = now() + REGISTRATION_MS;
  const created = await call(
    "admin.tournaments.create",
    {
      name: `Test MTT ${unique()}`,
      startsAt,
      buyIn: BUY_IN,
      fee: FEE,
      startingStack: 1500,
      seatsPerTable: 9,
      template: "hyper",
      payoutTableId: await payoutTable(admin),
      ...input,
    },
    { token: admin.token },
  );
  expect(created.error).toBeNull();
  return { id: created.data.id as string, startsAt };
}

/**
 * Entrants register within this long of the schedule; then the start alarm is due.
 * The rooms' clock (src/clock.ts) stands still but for the test's moves, so slow
 * registrations under CI's load can no longer run into the start.
 */
export const REGISTRATION_MS = 8_000;

/** Move the rooms' clock to the start time, then run the start alarm (unless it already ran by itself). */
export async function startWhenDue(id: string, startsAt: number) {
  advanceClock(Math.max(0, startsAt - now() + 50));
  await runDurableObjectAlarm(tournamentRoomOf(env, id));
  for (let i = 0; i < 50; i++) {
    if ((await viewOf(id)).status !== "registering") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the tournament did not start");
}

/**
 * One bot per player: it sits at whatever table the tournament page says,
 * follows moves, and plays loose: checks when it can (shoving now and then),
 * calls half the time, otherwise folds; the one-minute levels do the rest.
 */
export class Bot {
  client: TableClient | null = null;
  tableId: string | null = null;
  constructor(readonly player: Player) {}

  /** Tables this bot was moved between while still playing (MT-4). */
  moves = 0;
  /** An absent bot never connects: the table must deal him in and fold him (MT-6). */
  absent = false;

  async follow(tableId: string | null) {
    if (this.absent) return;
    // A socket closed by a restarted room is opened again, as the web client does.
    if (tableId === this.tableId && !this.client?.closed) return;
    if (tableId && this.tableId && tableId !== this.tableId) this.moves += 1;
    this.client?.close();
    this.client = null;
    this.tableId = tableId;
    if (tableId) this.client = await TableClient.open(tableId, { token: this.player.token });
  }

  /** Acts when it is this bot's turn; returns whether it did. */
  play(random: () => number): boolean {
    const state = this.client?.latest;
    const legal = state?.view.hand?.legalActions;
    if (!this.client || !state || !legal) return false;
    const roll = random();
    if (legal.betOrRaise && roll < 0.12)
      this.client.act({ type: "betOrRaiseTo", amount: legal.betOrRaise.max });
    else if (legal.check) this.client.act({ type: "check" });
    else if (legal.call && roll < 0.6) this.client.act({ type: "call" });
    else if (legal.fold) this.client.act({ type: "fold" });
    else return false;
    return true;
  }
}
