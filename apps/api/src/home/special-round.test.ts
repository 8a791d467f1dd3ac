/**
 * H-5 live: a fixed-limit home game with the special round on, played over
 * sockets. The first hand is dealt from a stacked deck (the test reaches into
 * the room and deals it as the room would, with chosen cards) so a full house
 * wins the showdown; every later hand is the room's own shuffled deal.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { parseCards, planHand, stackDeck, type TableState } from "@felt/engine";
import type { StateMessage } from "@felt/protocol";
import { describe, expect, it } from "vitest";
import { buyIn, checkDown, roomOf, TableClient } from "../../test/table-client";
import { call, expectLedgerReconciles, newPlayer } from "../../test/trpc";
import { now as clockNow } from "../clock";
import type { TablePipeline } from "../rooms/table-pipeline";
import type { TableRoom } from "../rooms/table-room";

const fire = (tableId: string) => runDurableObjectAlarm(roomOf(env, tableId));

const LIMIT_HOLDEM = {
  game: "holdem",
  betting: "fixed-limit",
  smallBlind: 1,
  bigBlind: 2,
  smallBet: 2,
  bigBet: 4,
  minBuyInBb: 10,
  maxBuyInBb: 50,
  seats: 6,
  options: { specialRound: true },
};

/** Seat 1 makes aces full of kings; seats 2 and 3 hold nothing that beats it. */
const FULL_HOUSE = { hole: { 1: "AhAd", 2: "QcJc", 3: "9d8d" }, board: "AsKdKh7c2s" };

/** The deck that gives `hole[seat]` to those seats and `board` to the board at the next deal. */
function stackedDeck(table: TableState, hole: Record<number, string>, board: string): number[] {
  const plan = planHand(table);
  if (!plan) throw new Error("nobody to deal to");
  const n = table.config.seatCount;
  const button = plan.positions.button;
  const fromButton = (s: number) => (s - button + n) % n;
  const order = plan.players.map((o) => o.seat).sort((a, b) => fromButton(a) - fromButton(b));
  // Dealing starts left of the button; the button is dealt last.
  const fromLeft = [...order.filter((s) => s !== button), button];
  const stacked = stackDeck(
    table.config.hand.game,
    fromLeft.map((seat) => (hole[seat] ? parseCards(hole[seat] as string) : [])),
    parseCards(board),
  );
  if (!stacked.ok) throw new Error(stacked.error.message);
  return stacked.deck;
}

/** Deal the next hand from a stacked deck, through the room's own pipeline (commit, publish, alarm). */
const dealStacked = (tableId: string) =>
  runInDurableObject(roomOf(env, tableId), async (room: TableRoom) => {
    const pipeline = (room as unknown as { pipeline: TablePipeline }).pipeline;
    const deck = stackedDeck(pipeline.current.table, FULL_HOUSE.hole, FULL_HOUSE.board);
    await pipeline.deal(clockNow(), () => ({ type: "startHand", deck, now: clockNow() }));
  });

const chipsOn = (s: StateMessage) =>
  s.view.seats.reduce((sum, seat) => sum + (seat ? seat.stack : 0), 0);

const limitsOf = (s: StateMessage) => {
  const hand = s.view.hand;
  if (!hand) throw new Error("no hand");
  const { smallBlind, bigBlind, ante, smallBet, bigBet } = hand;
  return { smallBlind, bigBlind, ante, smallBet, bigBet };
};

const NORMAL = { smallBlind: 1, bigBlind: 2, ante: 0, smallBet: 2, bigBet: 4 };
const DOUBLE = { smallBlind: 2, bigBlind: 4, ante: 0, smallBet: 4, bigBet: 8 };

describe("home games: the special round at a live table (H-5)", () => {
  it("H-5: a full house wins the showdown; the next orbit is at double bets, each player dealing once, then normal limits; chips conserved", async () => {
    const owner = await newPlayer();
    const created = await call(
      "home.create",
      { name: "Limit night", ...LIMIT_HOLDEM },
      { token: owner.token },
    );
    expect(created.error).toBeNull();
    const { tableId, token } = created.data as { tableId: string; token: string };
    const guests = [await newPlayer(), await newPlayer()];
    for (const g of guests) {
      await call("home.invite.request", { token }, { token: g.token });
      await call("home.guests.admit", { tableId, playerId: g.id }, { token: owner.token });
    }
    const players = [owner, ...guests];
    for (const [i, p] of players.entries()) await buyIn(p, tableId, 60, i + 1);
    const clients = await Promise.all(
      players.map((p) => TableClient.open(tableId, { token: p.token })),
    );
    const [h] = clients as [TableClient];

    // Hand 1, at normal limits, stacked: seat 1's full house wins the showdown.
    await dealStacked(tableId);
    const first = await h.until((s) => s.view.handNumber === 1 && s.view.hand !== null);
    expect(limitsOf(first)).toEqual(NORMAL);
    await checkDown(clients);
    const shown = await h.until((s) => s.view.hand?.phase === "complete");
    const winners = shown.view.hand?.awards.flatMap((a) => a.winners.map((w) => w.seat));
    expect(winners).toEqual([1]);
    expect(shown.view.homeGame?.specialRound).toEqual({
      status: "due",
      hands: null,
      handsLeft: null,
    });
    expect(chipsOn(shown)).toBe(180);

    // The special round: one hand per player dealt into its first hand, at double bets.
    const buttons: number[] = [];
    for (let hand = 2; hand <= 4; hand++) {
      expect(await fire(tableId)).toBe(true);
      const dealt = await h.until((s) => s.view.handNumber === hand && s.view.hand !== null);
      expect(limitsOf(dealt), `hand ${hand}`).toEqual(DOUBLE);
      expect(dealt.view.homeGame?.specialRound).toEqual({
        status: "playing",
        hands: 3,
        handsLeft: 3 - (hand - 2),
      });
      buttons.push(dealt.view.hand?.button as number);
      await checkDown(clients);
      const done = await h.until((s) => s.view.hand?.phase === "complete");
      expect(chipsOn(done)).toBe(180);
    }
    // Each player dealt once: three hands, three different buttons, every seat's.
    expect([...buttons].sort()).toEqual([1, 2, 3]);
    // The round is over after its last hand (a full house in it starts no other round).
    expect(h.latest?.view.homeGame?.specialRound).toBeNull();

    // Normal limits again.
    expect(await fire(tableId)).toBe(true);
    const after = await h.until((s) => s.view.handNumber === 5 && s.view.hand !== null);
    expect(limitsOf(after)).toEqual(NORMAL);
    await checkDown(clients);
    const last = await h.until((s) => s.view.hand?.phase === "complete");
    expect(chipsOn(last)).toBe(180);

    // Everything back to the wallets: the ledger reconciles.
    await call("home.pause", { tableId }, { token: owner.token });
    expect((await call("home.close", { tableId }, { token: owner.token })).error).toBeNull();
    const sheet = (await call("home.sheet", { tableId }, { token: owner.token })).data;
    expect(sheet.totals).toMatchObject({ buyIns: 180, cashOuts: 180, onTable: 0, net: 0 });
    expect(sheet.escrow).toBe(0);
    await expectLedgerReconciles();
  });
});
