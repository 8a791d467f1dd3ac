import { describe, expect, it } from "vitest";
import { costReport, countsAfter, type HealthCounts } from "./bots-costs";

const counts = (hands: number, actions: number, n: number): HealthCounts => ({
  hands,
  actions,
  costs: {
    commits: 2 * n,
    alarms: n,
    d1Calls: n,
    d1Statements: 3 * n,
    d1RowsWritten: 5 * n,
    r2Puts: n,
    r2Bytes: 100 * n,
  },
});

describe("felt bots: what the rooms say a run cost", () => {
  it("counts storage per action (transactions and alarms written) and D1 per hand, from the difference", () => {
    expect(costReport(counts(10, 100, 7), counts(14, 140, 27))).toEqual({
      server_actions: 40,
      server_hands: 4,
      storage_commits_per_action: 1.5, // (40 + 20) / 40
      transactions_per_action: 1,
      alarms_written_per_action: 0.5,
      d1_calls_per_hand: 5,
      d1_statements_per_hand: 15,
      d1_rows_written_per_hand: 25,
      r2_puts_per_hand: 5,
      r2_bytes_per_hand: 500,
    });
  });

  it("a run that played nothing costs nothing rather than dividing by zero", () => {
    expect(costReport(counts(3, 9, 1), counts(3, 9, 1))).toMatchObject({
      storage_commits_per_action: 0,
      d1_calls_per_hand: 0,
    });
  });

  it("reads again until every hand's row is in", async () => {
    const reads = [counts(0, 0, 0), counts(1, 5, 1), counts(2, 9, 2)];
    let i = 0;
    const after = await countsAfter(async () => reads[i++] as HealthCounts, counts(0, 0, 0), 2);
    expect(after.hands).toBe(2);
    expect(i).toBe(3);
  });
});
