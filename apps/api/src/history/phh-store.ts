/**
 * Where a hand's PHH lives. It is most of a hand's bytes (the deal's leaves
 * and proofs: 11–12 KB of the ~17 KB a hand cost D1), written once and read
 * rarely, so it goes to R2 (`HISTORIES`), and D1 keeps the hand's index row
 * (table, hand, time; players and nets) for the lists. Rows written before
 * migration 0017 keep their PHH in D1's `phh` column and are read from there.
 *
 * The room writes the object before the index row, in the same outbox
 * delivery (rooms/outbox-delivery.ts): a crash between the two leaves the
 * outbox row in place, and its retry writes the same object again (the key
 * is the hand's id) and then the row. Only the retention sweep (retention.ts)
 * deletes objects, just before their rows.
 */
import type { Env } from "../env";

/** The R2 key of hand `handId` (`<table>:<hand number>`): one object per hand. */
export const phhObjectKey = (handId: string) => `hands/${handId.replace(":", "/")}.phh`;

/** A hand's stored PHH: `phhObject` names its R2 object, else `phh` holds it (an older row). */
export type StoredHand = { handId: string; phh: string; phhObject: string | null };

/** Writes the hand's PHH to R2 (idempotent: the same key and text on every retry). */
export async function putPhh(
  bucket: R2Bucket,
  handId: string,
  phh: string,
  endedAt: number,
): Promise<string> {
  const key = phhObjectKey(handId);
  await bucket.put(key, phh, {
    httpMetadata: { contentType: "text/plain; charset=utf-8" },
    // The retention sweep (history/retention.ts) reads this, not the key, for the hand's age.
    customMetadata: { endedAt: String(endedAt) },
  });
  return key;
}

/** The full PHH of a stored hand (every card and the server seed), wherever it is kept. */
export async function readPhh(env: Pick<Env, "HISTORIES">, hand: StoredHand): Promise<string> {
  if (hand.phhObject === null) return hand.phh;
  const object = await env.HISTORIES.get(hand.phhObject);
  // Written before its index row; gone only in the moment the retention sweep deletes both.
  if (!object) throw new Error(`hand ${hand.handId}: its PHH object ${hand.phhObject} is missing`);
  return object.text();
}
