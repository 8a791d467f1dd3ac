/**
 * admin.health: the platform's figures for the operator, read in one D1
 * batch. Tables, tournaments and seats come from the lobby rows the rooms
 * keep current; hands, actions, latency, refusals and viewers from the rooms'
 * `room_metrics` rows (rooms/room-metrics.ts) and the Worker's
 * (api-errors.ts); rake and Russian poker's house result from the ledger,
 * exactly, through the `transfers_user` index (their transfers have no user).
 */
import {
  emptyLatency,
  LATENCY_BOUNDS_MS,
  noCosts,
  percentile,
  type RoomCosts,
} from "../rooms/room-metrics";

const HOUR_MS = 60 * 60 * 1000;
/** A room's viewers count while its last row is this recent. */
const ONLINE_MS = 5 * 60 * 1000;

type Source = "table" | "russian" | "api";

export type PlatformHealth = {
  /** When the figures were read (ms since the epoch); "the last hour" ends here. */
  at: number;
  tables: { open: number; playersSeated: number };
  tournaments: { registering: number; running: number; runningEntries: number };
  /** Signed-in viewers with a table socket open, as each room reported at its last hand in the past 5 minutes. */
  playersOnline: number;
  lastHour: {
    hands: number;
    russianRounds: number;
    actions: number;
    rake: number;
    /** Russian poker: what settled boxes staked, what the house paid back, and the house's result (staked − paid). */
    russian: { staked: number; paid: number; houseResult: number };
    /** Receipt to broadcast of the rooms' actions: the bucket bound (ms) under which half, and 99 %, fell. */
    latency: {
      p50: { ms: number; over: boolean } | null;
      p99: { ms: number; over: boolean } | null;
      bucketsMs: number[];
    };
    errors: { source: Source; code: string; count: number }[];
    /** What the rooms' changes cost: storage commits, alarms written, D1 calls, statements and rows written. */
    costs: RoomCosts;
  };
};

const number = (row: unknown, column: string): number =>
  Number((row as Record<string, unknown> | undefined)?.[column] ?? 0);

export async function platformHealth(d1: D1Database, now: number): Promise<PlatformHealth> {
  const hourAgo = now - HOUR_MS;
  const statements = [
    d1.prepare(
      "SELECT count(*) AS open, coalesce(sum(players_seated), 0) AS seated FROM tables WHERE status = 'open'",
    ),
    d1.prepare(
      "SELECT status, count(*) AS n, coalesce(sum(entries), 0) AS entries FROM tournaments WHERE status IN ('registering', 'running') GROUP BY status",
    ),
    d1
      .prepare(
        "SELECT source, sum(hands) AS hands, sum(actions) AS actions FROM room_metrics WHERE at > ? GROUP BY source",
      )
      .bind(hourAgo),
    d1
      .prepare(
        "SELECT m.source AS source, e.key AS code, sum(e.value) AS n FROM room_metrics m, json_each(m.errors) e WHERE m.at > ? GROUP BY m.source, e.key ORDER BY n DESC, code",
      )
      .bind(hourAgo),
    d1
      .prepare(
        "SELECT CAST(e.key AS INTEGER) AS bucket, sum(e.value) AS n FROM room_metrics m, json_each(m.latency) e WHERE m.at > ? GROUP BY bucket",
      )
      .bind(hourAgo),
    // Each room's latest row (SQLite takes the bare column from the row with the max).
    d1
      .prepare(
        "SELECT coalesce(sum(viewers), 0) AS online FROM (SELECT viewers, max(at) FROM room_metrics WHERE at > ? AND source <> 'api' GROUP BY room_id)",
      )
      .bind(now - ONLINE_MS),
    d1
      .prepare(
        "SELECT e.key AS cost, sum(e.value) AS n FROM room_metrics m, json_each(m.costs) e WHERE m.at > ? AND m.source <> 'api' GROUP BY e.key",
      )
      .bind(hourAgo),
    d1
      .prepare(
        "SELECT kind, coalesce(sum(amount), 0) AS total FROM transfers WHERE user_id IS NULL AND kind IN ('rake', 'house_stake', 'house_payout') AND created_at > ? GROUP BY kind",
      )
      .bind(hourAgo),
  ];
  const [tables, tournaments, counts, errors, latency, online, costRows, money] =
    await d1.batch(statements);
  const rows = (result: D1Result | undefined) =>
    (result?.results ?? []) as Record<string, unknown>[];
  const tournamentsIn = (status: string) => rows(tournaments).find((r) => r.status === status);
  const countsOf = (source: Source) => rows(counts).find((r) => r.source === source);
  const moneyOf = (kind: string) =>
    number(
      rows(money).find((r) => r.kind === kind),
      "total",
    );
  const histogram = emptyLatency();
  for (const r of rows(latency)) {
    const bucket = Number(r.bucket);
    if (bucket >= 0 && bucket < histogram.length)
      histogram[bucket] = (histogram[bucket] ?? 0) + Number(r.n);
  }
  const costs = noCosts();
  for (const r of rows(costRows)) {
    const cost = String(r.cost) as keyof RoomCosts;
    if (cost in costs) costs[cost] = Number(r.n);
  }
  const staked = moneyOf("house_stake");
  const paid = moneyOf("house_payout");
  return {
    at: now,
    tables: {
      open: number(rows(tables)[0], "open"),
      playersSeated: number(rows(tables)[0], "seated"),
    },
    tournaments: {
      registering: number(tournamentsIn("registering"), "n"),
      running: number(tournamentsIn("running"), "n"),
      runningEntries: number(tournamentsIn("running"), "entries"),
    },
    playersOnline: number(rows(online)[0], "online"),
    lastHour: {
      hands: number(countsOf("table"), "hands"),
      russianRounds: number(countsOf("russian"), "hands"),
      actions: number(countsOf("table"), "actions") + number(countsOf("russian"), "actions"),
      rake: moneyOf("rake"),
      russian: { staked, paid, houseResult: staked - paid },
      latency: {
        p50: percentile(histogram, 0.5),
        p99: percentile(histogram, 0.99),
        bucketsMs: [...LATENCY_BOUNDS_MS],
      },
      errors: rows(errors).map((r) => ({
        source: r.source as Source,
        code: String(r.code),
        count: Number(r.n),
      })),
      costs,
    },
  };
}
