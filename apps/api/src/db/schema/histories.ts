import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RussianRoundRecord } from "../../history/russian-round";

import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Finished hands: one index row each (table, hand, time; who played and his net
 * in `hand_history_players`). The hand itself is PHH text with every card, the
 * deal's proof and the server seed (`_felt_*`, docs/fairness.md), kept in R2
 * under `phh_object` (history/phh-store.ts); rows from before 0017 keep it in
 * `phh`. Players read it through `redactPhh`. Written by the table's room
 * through its outbox, once per hand.
 */
export const handHistories = sqliteTable(
  "hand_histories",
  {
    /** `<table id>:<hand number>`: the room writes the same id on every retry. */
    id: text("id").primaryKey(),
    /** A cash table (`tables`) or a tournament's table (`tournament_tables`). */
    tableId: text("table_id").notNull(),
    handNumber: integer("hand_number").notNull(),
    /**
     * The hand as PHH, for rows written before the PHH moved to R2; empty
     * otherwise, and for a Russian poker round, which PHH cannot describe.
     */
    phh: text("phh").notNull(),
    /** The R2 key of the hand's PHH (history/phh-store.ts); null for older rows and Russian rounds. */
    phhObject: text("phh_object"),
    /** A Russian poker round instead (docs/russian-rounds.md): every box, the dealer, the settlement. */
    russianRound: text("russian_round", { mode: "json" }).$type<RussianRoundRecord>(),
    /** When the hand ended. */
    createdAt: createdAt(),
  },
  // No index on (table, hand): the id is already `<table>:<hand>`, and no query reads by
  // table. A second one cost every hand another page and another billed row in D1.
);

/** Who played each hand: the key to "my hands" and to who may read a history. */
export const handHistoryPlayers = sqliteTable(
  "hand_history_players",
  {
    handId: text("hand_id")
      .notNull()
      .references(() => handHistories.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    seat: integer("seat").notNull(),
    /** Chips won (positive) or lost (negative) in the hand. */
    net: integer("net").notNull(),
    /** The hand's end, copied here so a player's hands page by one index. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.handId, t.userId] }),
    index("hand_history_players_user").on(t.userId, t.createdAt, t.handId),
  ],
);
