/** The cashier tests' tables, a tournament to register for, and a wallet's balance. */
import { expect } from "vitest";
import { call, type Player, unique } from "./trpc";

/** Open tables of a 50/100 stake (buy-in 2,000–10,000, two seats) made by an admin, as in production. */
export async function deepTables(admin: Player, count: number): Promise<string[]> {
  const stake = await call(
    "admin.stakes.create",
    {
      name: `Deep ${unique()}`,
      game: "holdem",
      betting: "no-limit",
      smallBlind: 50,
      bigBlind: 100,
      seats: 2,
    },
    { token: admin.token },
  );
  expect(stake.error).toBeNull();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const table = await call(
      "admin.tables.open",
      { stakeId: stake.data.id, name: `Deep ${i}` },
      { token: admin.token },
    );
    ids.push(table.data.id);
  }
  return ids;
}

/** A freezeout an hour away (one registration each) costing `buyIn` + `fee`. */
export async function futureTournament(admin: Player, buyIn: number, fee: number): Promise<string> {
  const payouts = await call(
    "admin.payoutTables.create",
    {
      name: `Payouts ${unique()}`,
      tiers: [{ minEntrants: 2, maxEntrants: 1000, percentages: [100] }],
    },
    { token: admin.token },
  );
  const tournament = await call(
    "admin.tournaments.create",
    {
      name: `Broke ${unique()}`,
      startsAt: Date.now() + 3_600_000,
      buyIn,
      fee,
      startingStack: 1500,
      seatsPerTable: 9,
      template: "hyper",
      payoutTableId: payouts.data.id,
    },
    { token: admin.token },
  );
  expect(tournament.error).toBeNull();
  return tournament.data.id;
}

export const balanceOf = async (player: Player) =>
  (await call("cashier.balance", undefined, { token: player.token })).data.balance as number;
