/**
 * What the server's rooms say a run cost (admin.health's `lastHour.costs`,
 * counted by each room and sent with its hand's metrics row): storage commits
 * and alarms written per action, D1 calls, statements and rows written per
 * hand. Counts, unlike times, do not move with the machine's load.
 */
import { call } from "./bots-api";

type Costs = {
  commits: number;
  alarms: number;
  d1Calls: number;
  d1Statements: number;
  d1RowsWritten: number;
  /** Hand histories put to R2 (absent from a server older than the R2 histories). */
  r2Puts?: number;
  r2Bytes?: number;
};
export type HealthCounts = { hands: number; actions: number; costs: Costs };
type Health = { lastHour: HealthCounts & { russianRounds: number } };

export async function healthCounts(url: string, token: string): Promise<HealthCounts> {
  const { lastHour } = await call<Health>(url, "admin.health", undefined, token, "query");
  return {
    hands: lastHour.hands + lastHour.russianRounds,
    actions: lastHour.actions,
    costs: lastHour.costs,
  };
}

/**
 * The counts after a run that played `hands` hands: the rooms' rows arrive
 * with each hand's outbox, so they are read until every hand's row is in
 * (or `patienceMs` has passed: the figures then cover the hands that are).
 */
export async function countsAfter(
  read: () => Promise<HealthCounts>,
  before: HealthCounts,
  hands: number,
  patienceMs = 15_000,
): Promise<HealthCounts> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const after = await read();
    if (after.hands - before.hands >= hands || Date.now() > deadline) return after;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const ratio = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 1000) / 1000);

/** The report's cost fields: per action for storage, per hand for D1. */
export function costReport(before: HealthCounts, after: HealthCounts) {
  const d = (pick: (c: HealthCounts) => number) => pick(after) - pick(before);
  const actions = d((c) => c.actions);
  const hands = d((c) => c.hands);
  const commits = d((c) => c.costs.commits);
  const alarms = d((c) => c.costs.alarms);
  return {
    server_actions: actions,
    server_hands: hands,
    storage_commits_per_action: ratio(commits + alarms, actions),
    transactions_per_action: ratio(commits, actions),
    alarms_written_per_action: ratio(alarms, actions),
    d1_calls_per_hand: ratio(
      d((c) => c.costs.d1Calls),
      hands,
    ),
    d1_statements_per_hand: ratio(
      d((c) => c.costs.d1Statements),
      hands,
    ),
    d1_rows_written_per_hand: ratio(
      d((c) => c.costs.d1RowsWritten),
      hands,
    ),
    r2_puts_per_hand: ratio(
      d((c) => c.costs.r2Puts ?? 0),
      hands,
    ),
    r2_bytes_per_hand: ratio(
      d((c) => c.costs.r2Bytes ?? 0),
      hands,
    ),
  };
}
