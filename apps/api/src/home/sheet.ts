/**
 * H-6 the banker's sheet: for each player of a home game, his buy-ins,
 * top-ups, free sets (H-4), cash-outs and net result, read from the ledger's
 * transfers into and out of the table's escrow (chips move only through the
 * cashier, T-11), and the chips he has on the table now (from its room).
 * `sheetFrom` is pure; its sums are the ledger's by construction, and
 * home.test.ts checks them against the escrow's balance.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { transfers, users } from "../db/schema";
import { escrowOf } from "../ledger/ledger";
import { balanceOf } from "../ledger/wallet";
import type { Context } from "../trpc/init";

export type SheetTransfer = {
  kind: "buy_in" | "cash_out" | "free_set" | "rake";
  userId: string | null;
  amount: number;
};

export type SheetRow = {
  playerId: string;
  name: string;
  /** Chips brought to a seat he did not hold (the first buy-in, or after a cash-out). */
  buyIns: number;
  /** Chips added while seated (T-5, auto-rebuys T-6). */
  topUps: number;
  /** H-4: free sets from the banker, in chips and how many. */
  freeSets: number;
  freeSetCount: number;
  cashOuts: number;
  /** Chips he has on the table now. */
  onTable: number;
  /** What he is up or down with his own chips: cash-outs + on the table − buy-ins − top-ups. */
  net: number;
};

export type Sheet = {
  tableId: string;
  rows: SheetRow[];
  totals: Omit<SheetRow, "playerId" | "name">;
  /** T-10 (none at a home game, so normally 0). */
  rake: number;
  /** The table's escrow in the ledger: buy-ins + top-ups + free sets − cash-outs − rake. */
  escrow: number;
};

const ZERO = {
  buyIns: 0,
  topUps: 0,
  freeSets: 0,
  freeSetCount: 0,
  cashOuts: 0,
  onTable: 0,
  net: 0,
};

/** The sheet from the escrow's transfers in ledger order, the players' names and stacks now. */
export function sheetFrom(
  tableId: string,
  moves: readonly SheetTransfer[],
  names: ReadonlyMap<string, string>,
  stacks: ReadonlyMap<string, number>,
  escrow: number,
): Sheet {
  const rows = new Map<string, SheetRow>();
  const seated = new Set<string>();
  const rowOf = (playerId: string) => {
    let row = rows.get(playerId);
    if (!row) {
      row = { playerId, name: names.get(playerId) ?? playerId, ...ZERO };
      rows.set(playerId, row);
    }
    return row;
  };
  let rake = 0;
  for (const move of moves) {
    if (move.kind === "rake" || move.userId === null) {
      rake += move.kind === "rake" ? move.amount : 0;
      continue;
    }
    const row = rowOf(move.userId);
    if (move.kind === "buy_in") {
      if (seated.has(move.userId)) row.topUps += move.amount;
      else row.buyIns += move.amount;
      seated.add(move.userId);
    } else if (move.kind === "free_set") {
      row.freeSets += move.amount;
      row.freeSetCount += 1;
    } else {
      row.cashOuts += move.amount;
      seated.delete(move.userId);
    }
  }
  for (const [playerId, stack] of stacks) rowOf(playerId).onTable = stack;
  const totals = { ...ZERO };
  for (const row of rows.values()) {
    row.net = row.cashOuts + row.onTable - row.buyIns - row.topUps;
    for (const key of Object.keys(ZERO) as (keyof typeof ZERO)[]) totals[key] += row[key];
  }
  return { tableId, rows: [...rows.values()], totals, rake, escrow };
}

/** The sheet of a home game, from D1's ledger and the room's seats. */
export async function bankersSheet(ctx: Context, tableId: string): Promise<Sheet> {
  const escrow = escrowOf(tableId);
  const moves = await ctx.db
    .select({ kind: transfers.kind, userId: transfers.userId, amount: transfers.amount })
    .from(transfers)
    .where(
      or(
        and(eq(transfers.toAccount, escrow.id), inArray(transfers.kind, ["buy_in", "free_set"])),
        and(eq(transfers.fromAccount, escrow.id), inArray(transfers.kind, ["cash_out", "rake"])),
      ),
    )
    // In the order they were written: a buy-in after a cash-out is a new buy-in, not a top-up.
    .orderBy(sql`rowid`);
  const room = ctx.env.TABLE_ROOM.get(ctx.env.TABLE_ROOM.idFromName(tableId));
  const status = await room.homeStatus(tableId);
  const stacks = new Map((status?.seated ?? []).map((s) => [s.playerId, s.stack] as const));
  const ids = [
    ...new Set([...moves.flatMap((m) => (m.userId ? [m.userId] : [])), ...stacks.keys()]),
  ];
  const named =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, name: users.displayName })
          .from(users)
          .where(inArray(users.id, ids));
  return sheetFrom(
    tableId,
    moves as SheetTransfer[],
    new Map(named.map((u) => [u.id, u.name])),
    stacks,
    await balanceOf(ctx.db, escrow),
  );
}

const CSV_HEADER = [
  "player",
  "buy_ins",
  "top_ups",
  "free_sets",
  "free_set_chips",
  "cash_outs",
  "on_table",
  "net",
];

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
function cell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The sheet as CSV: a row per player, then the totals. */
export function sheetCsv(sheet: Sheet): string {
  const line = (name: string, r: Omit<SheetRow, "playerId" | "name">) =>
    [cell(name), r.buyIns, r.topUps, r.freeSetCount, r.freeSets, r.cashOuts, r.onTable, r.net].join(
      ",",
    );
  return [
    CSV_HEADER.join(","),
    ...sheet.rows.map((r) => line(r.name, r)),
    line("TOTAL", sheet.totals),
  ].join("\r\n");
}
