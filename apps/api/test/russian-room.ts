/** The Russian room's tests: its stored state, the escrow check, the proofs a player asks for, the clock run out. */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { formatCard, russian } from "@felt/engine";
import { rootOfLeaf } from "@felt/fairness";
import type { RussianStateMessage } from "@felt/protocol";
import { expect } from "vitest";
import { database } from "../src/db/client";
import { escrowOf } from "../src/ledger/ledger";
import { balanceOf } from "../src/ledger/wallet";
import type { RussianRoom } from "../src/rooms/russian/russian-room";
import { RussianStorage } from "../src/rooms/russian/russian-storage";
import { type RussianClient, russianRoomOf } from "./russian-client";
import { call, type Player } from "./trpc";

export const db = () => database(env.DB);
export const wallet = async (p: Player) =>
  (await call("cashier.balance", undefined, { token: p.token })).data.balance as number;

export const stored = (tableId: string) =>
  runInDurableObject(russianRoomOf(tableId), (_: RussianRoom, state) =>
    new RussianStorage(state.storage).snapshot(),
  );

/** The escrow holds exactly the players' chips and stakes once the outbox has run. */
export async function escrowMatchesTable(tableId: string) {
  await expect
    .poll(async () => {
      const table = (await stored(tableId))?.table;
      if (!table) throw new Error("no table");
      return (await balanceOf(db(), escrowOf(tableId))) - russian.chipsAtTable(table);
    })
    .toBe(0);
}

/** The card codes a message's view shows: boxes, settled hands, the dealer's cards. */
export function codesShown(s: RussianStateMessage): Set<string> {
  const round = s.view.round;
  if (!round) return new Set();
  return new Set([
    ...round.boxes.flatMap((box) => box.cards ?? []),
    ...round.settlements.flatMap((x) => x.hand?.cards ?? []),
    ...(round.dealer.cards ?? []),
    ...(round.dealer.upCard ? [round.dealer.upCard] : []),
  ]);
}

/**
 * The deal's commitment as a player checks it: he asks for the proofs of what he sees now;
 * every leaf leads to the published root and is a card his view shows; with `complete`,
 * every card shown has its leaf (no reshuffle yet).
 */
export async function expectProofs(client: RussianClient, complete: boolean) {
  const answer = await client.proofs();
  if (answer.type !== "proofs") throw new Error(`no proofs: ${answer.code}`);
  // The room answers in turn: any change before the answer reached this socket before it.
  const s = client.latest as RussianStateMessage;
  expect(answer).toMatchObject({ handNumber: s.view.roundNumber, root: s.fairness?.root });
  const shown = codesShown(s);
  for (const leaf of answer.leaves) {
    expect(await rootOfLeaf(leaf, answer.deckSize)).toBe(answer.root);
    expect(shown).toContain(formatCard(leaf.card));
  }
  if (complete) expect(answer.leaves).toHaveLength(shown.size);
  return answer;
}

export const phaseOf = (s: RussianStateMessage) => s.view.round?.phase ?? null;
export const settled = (s: RussianStateMessage) => phaseOf(s) === "settled";

/** Fire the room's clock until the round is settled (undecided boxes fold, no-game choices take the ANTE). */
export async function runClockOut(tableId: string, client: RussianClient) {
  for (let i = 0; i < 4 && !settled(client.latest as RussianStateMessage); i++) {
    const version = client.latest?.view.version ?? 0;
    await runDurableObjectAlarm(russianRoomOf(tableId));
    await client.until((s) => s.view.version > version || settled(s)).catch(() => undefined);
  }
  return client.until(settled);
}
