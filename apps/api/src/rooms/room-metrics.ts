/**
 * A room's counters for the operator's page (admin.health): actions accepted
 * and how long each took from its receipt to its broadcast, and refusals by
 * code. They are kept in memory and leave with the outbox at a hand's (or a
 * round's) end, as one `metrics` row in the batch that already carries the
 * history and the rake: no storage write and no D1 call of their own. A room
 * evicted mid-hand loses that hand's samples, never a hand (the row is built
 * in the commit that settles it).
 */

/**
 * Upper bounds (ms) of the latency histogram's buckets; a last bucket holds
 * the rest. workerd's clock moves only across I/O (waiting in the room's
 * queue, storage, D1), so most actions measure 0 ms: what is counted is the
 * time an action waited, not the CPU it used.
 */
export const LATENCY_BOUNDS_MS = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] as const;

/** A histogram of `LATENCY_BOUNDS_MS.length + 1` counts. */
export const emptyLatency = (): number[] => new Array(LATENCY_BOUNDS_MS.length + 1).fill(0);

/**
 * What the room's changes cost the machine since its last row, counted, not
 * timed (docs/architecture.md#what-an-action-costs): storage commits and
 * alarms written, D1 round trips, statements and rows written, and the
 * hand histories put to R2 (objects and bytes).
 */
export type RoomCosts = {
  commits: number;
  alarms: number;
  d1Calls: number;
  d1Statements: number;
  d1RowsWritten: number;
  r2Puts: number;
  r2Bytes: number;
};

export const noCosts = (): RoomCosts => ({
  commits: 0,
  alarms: 0,
  d1Calls: 0,
  d1Statements: 0,
  d1RowsWritten: 0,
  r2Puts: 0,
  r2Bytes: 0,
});

/** What a room's `metrics` outbox row carries (outbox.ts). */
export type MetricsCounts = {
  /** When the row was made, by the room's clock. */
  at: number;
  hands: number;
  actions: number;
  latency: number[];
  errors: Record<string, number>;
  viewers: number;
  costs: RoomCosts;
};

export class RoomMetrics {
  private actions = 0;
  private latency = emptyLatency();
  private errors: Record<string, number> = {};
  /** Counted as they happen, by the core (alarms), its D1 meter and the room's storage (commits). */
  readonly costs: RoomCosts = noCosts();
  private taken: RoomCosts = noCosts();

  /** An action accepted and broadcast `ms` after it was received. */
  action(ms: number): void {
    this.actions += 1;
    const bucket = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
    const at = bucket < 0 ? LATENCY_BOUNDS_MS.length : bucket;
    this.latency[at] = (this.latency[at] ?? 0) + 1;
  }

  /** A message refused (or failed) with this code. */
  refused(code: string): void {
    this.errors[code] = (this.errors[code] ?? 0) + 1;
  }

  /** Everything counted since the last call, for a row; the counters start again. */
  take(at: number, hands: number, viewers: number): MetricsCounts {
    const costs = noCosts();
    for (const key of Object.keys(costs) as (keyof RoomCosts)[]) {
      costs[key] = this.costs[key] - this.taken[key];
    }
    this.taken = { ...this.costs };
    const counts = {
      at,
      hands,
      actions: this.actions,
      latency: this.latency,
      errors: this.errors,
      viewers,
      costs,
    };
    this.actions = 0;
    this.latency = emptyLatency();
    this.errors = {};
    return counts;
  }
}

/**
 * The bucket under which `share` (0.5, 0.99) of the counted actions fall: its
 * upper bound, or `over` the last bound for the last bucket; null with none.
 */
export function percentile(
  latency: readonly number[],
  share: number,
): { ms: number; over: boolean } | null {
  const total = latency.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const wanted = Math.ceil(total * share);
  const last = LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1] as number;
  let seen = 0;
  for (const [i, n] of latency.entries()) {
    seen += n;
    const bound = LATENCY_BOUNDS_MS[i];
    if (seen >= wanted)
      return bound === undefined ? { ms: last, over: true } : { ms: bound, over: false };
  }
  return { ms: last, over: true };
}
