/**
 * Names stored before look-alike keys were skeletons (`display-name.ts`)
 * keep the key they had (their lower case) until it is made again here;
 * until then a look-alike of one of them could be taken. Sign-up runs this
 * before it stores a name until its isolate finds no old key left
 * (`rekeyNamesOnce`): after that it costs nothing.
 */
import { eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { runBatch } from "../db/plans";
import { users } from "../db/schema";
import { KEY_PREFIX, nameKey } from "./display-name";

/** The first string past every key that starts with KEY_PREFIX. */
const PAST_PREFIX =
  KEY_PREFIX.slice(0, -1) + String.fromCharCode(KEY_PREFIX.charCodeAt(KEY_PREFIX.length - 1) + 1);

/**
 * Names made again per call: one D1 batch, whose statements count against a
 * Worker invocation's queries (50 on the free plan); more wait for the next.
 */
export const REKEY_BATCH = 25;

/** Makes the keys of up to REKEY_BATCH names with old keys again. Returns how many. */
export async function rekeyNames(db: Database): Promise<number> {
  const stale = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    // Keys with the prefix are the range [prefix, prefix with its last character + 1):
    // outside it, the unique index on the key finds the old ones without reading every user.
    .where(
      or(isNull(users.nameKey), lt(users.nameKey, KEY_PREFIX), gte(users.nameKey, PAST_PREFIX)),
    )
    .limit(REKEY_BATCH);
  // Two old names can share a skeleton (`Admin` and `Adrnin` both signed up before):
  // the later one's key gets its id, so both stay and a third look-alike is still refused.
  await runBatch(
    db,
    stale.map(({ id, displayName }) => {
      const key = nameKey(displayName);
      return db
        .update(users)
        .set({
          nameKey: sql`CASE WHEN EXISTS (SELECT 1 FROM ${users} WHERE ${users.nameKey} = ${key})
            THEN ${key} || '#' || ${users.id} ELSE ${key} END`,
        })
        .where(eq(users.id, id));
    }),
  );
  return stale.length;
}

let rekeyed = false;

/** `rekeyNames` until this isolate has seen none left. */
export async function rekeyNamesOnce(db: Database): Promise<void> {
  if (!rekeyed) rekeyed = (await rekeyNames(db)) < REKEY_BATCH;
}
