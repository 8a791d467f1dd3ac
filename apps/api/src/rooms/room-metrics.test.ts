import { describe, expect, it } from "vitest";
import { emptyLatency, LATENCY_BOUNDS_MS, percentile, RoomMetrics } from "./room-metrics";

describe("a room's counters", () => {
  it("puts each action's time in the first bucket whose bound holds it, and starts again once taken", () => {
    const metrics = new RoomMetrics();
    for (const ms of [0, 0, 3, 5, 6, 9_999]) metrics.action(ms);
    metrics.refused("not_your_turn");
    metrics.refused("not_your_turn");
    metrics.refused("stale_version");
    metrics.costs.commits = 7;
    metrics.costs.alarms += 2;
    const taken = metrics.take(1_000, 1, 2);
    const expected = emptyLatency();
    expected[LATENCY_BOUNDS_MS.indexOf(0)] = 2;
    expected[LATENCY_BOUNDS_MS.indexOf(5)] = 2; // 3 and 5
    expected[LATENCY_BOUNDS_MS.indexOf(10)] = 1; // 6
    expected[LATENCY_BOUNDS_MS.length] = 1; // past the last bound
    expect(taken).toEqual({
      at: 1_000,
      hands: 1,
      actions: 6,
      latency: expected,
      errors: { not_your_turn: 2, stale_version: 1 },
      viewers: 2,
      costs: {
        commits: 7,
        alarms: 2,
        d1Calls: 0,
        d1Statements: 0,
        d1RowsWritten: 0,
        r2Puts: 0,
        r2Bytes: 0,
      },
    });
    // The costs run on as totals; each row takes what was added since the last one.
    metrics.costs.commits = 10;
    expect(metrics.take(2_000, 1, 0)).toMatchObject({
      actions: 0,
      errors: {},
      latency: emptyLatency(),
      costs: { commits: 3, alarms: 0 },
    });
  });

  it("reads p50 and p99 as the bound of the bucket they fall in", () => {
    const latency = emptyLatency();
    expect(percentile(latency, 0.5)).toBeNull();
    latency[0] = 98; // 0 ms
    latency[LATENCY_BOUNDS_MS.indexOf(50)] = 1;
    latency[LATENCY_BOUNDS_MS.length] = 1;
    expect(percentile(latency, 0.5)).toEqual({ ms: 0, over: false });
    expect(percentile(latency, 0.99)).toEqual({ ms: 50, over: false });
    expect(percentile(latency, 1)).toEqual({ ms: 5000, over: true });
  });
});
