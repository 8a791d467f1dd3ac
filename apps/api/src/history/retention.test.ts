import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { newPlayer, type Player } from "../../test/trpc";
import { phhObjectKey, putPhh } from "./phh-store";
import { retentionCutoff, sweepHistories } from "./retention";

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 11, 7);

/** A stored hand that ended `daysAgo` before NOW: in R2 (as rooms write them now) or, `inD1`, as before 0017. */
async function storeHand(
  tableId: string,
  n: number,
  daysAgo: number,
  player: Player,
  inD1 = false,
) {
  const id = `${tableId}:${n}`;
  const endedAt = NOW - daysAgo * DAY_MS;
  const phh = `variant = 'NT'\nhand = ${n}\n`;
  if (!inD1) await putPhh(env.HISTORIES, id, phh, endedAt);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO hand_histories (id, table_id, hand_number, phh, phh_object, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).bind(id, tableId, n, inD1 ? phh : "", inD1 ? null : phhObjectKey(id), endedAt),
    env.DB.prepare(
      "INSERT INTO hand_history_players (hand_id, user_id, seat, net, created_at) VALUES (?, ?, 1, 0, ?)",
    ).bind(id, player.id, endedAt),
  ]);
  return id;
}

const rowsOf = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT (SELECT count(*) FROM hand_histories WHERE id = ?1) + (SELECT count(*) FROM hand_history_players WHERE hand_id = ?1) AS n",
    )
      .bind(id)
      .first<{ n: number }>()
  )?.n;

describe("history retention (HISTORY_RETENTION_DAYS)", () => {
  let player: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    player = await newPlayer();
  });

  it("keeps every hand when it is unset or 0", async () => {
    expect(retentionCutoff({}, NOW)).toBeNull();
    expect(retentionCutoff({ HISTORY_RETENTION_DAYS: "0" }, NOW)).toBeNull();
    expect(retentionCutoff({ HISTORY_RETENTION_DAYS: "30" }, NOW)).toBe(NOW - 30 * DAY_MS);
    const id = await storeHand("keep-all", 1, 400, player);
    expect(await sweepHistories(env, NOW)).toBe(0);
    expect(await rowsOf(id)).toBe(2);
    expect(await env.HISTORIES.head(phhObjectKey(id))).not.toBeNull();
  });

  it("deletes older hands' index rows, players and PHH objects, and keeps the younger ones", async () => {
    const old = await storeHand("retained", 1, 31, player);
    const oldInD1 = await storeHand("retained", 2, 45, player, true);
    const young = await storeHand("retained", 3, 29, player);
    const withRetention = { ...env, HISTORY_RETENTION_DAYS: "30" };
    // The hand stored by the test before (400 days old) goes too.
    expect(await sweepHistories(withRetention, NOW)).toBe(3);
    for (const id of [old, oldInD1]) expect(await rowsOf(id)).toBe(0);
    expect(await env.HISTORIES.head(phhObjectKey(old))).toBeNull();
    expect(await rowsOf(young)).toBe(2);
    expect(await env.HISTORIES.head(phhObjectKey(young))).not.toBeNull();
    // Nothing more is old enough: a second run deletes nothing.
    expect(await sweepHistories(withRetention, NOW)).toBe(0);
  });
});
