import { describe, expect, it } from "vitest";
import { timePlayer } from "./commands/bench-engine";
import { firstAnswer } from "./ts-worker";

const fixture = new URL("./ts-worker-fixture.ts", import.meta.url);

describe("the worker watchdog", () => {
  it("passes on a worker's answer", async () => {
    expect(await firstAnswer(fixture, { n: 7 }, 10_000)).toEqual({ ok: true, value: { n: 7 } });
  });

  it("stops a worker caught in a loop that never yields, and says it hung", async () => {
    const started = Date.now();
    expect(await firstAnswer(fixture, "hang", 1_500)).toEqual({
      ok: false,
      hung: true,
      limitMs: 1_500,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("felt bench engine reports a player that overran its limit as hung, and times one that did not", async () => {
    // A two-second run cannot finish in half a second: it stands for poker-ts never returning.
    expect(await timePlayer("poker-ts", 2, 1, 500)).toEqual({ hung: true, limitS: 0.5 });
    const ours = await timePlayer("ours", 0.2, 1);
    expect(ours).toMatchObject({ hung: false, chipErrors: 0 });
    expect("handsPerS" in ours && ours.handsPerS).toBeGreaterThan(0);
  }, 30_000);
});
