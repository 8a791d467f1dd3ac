import { afterEach, describe, expect, it, vi } from "vitest";
import { playedChanges, viewersOf } from "./bench-feed-play";
import { run } from "./commands/bench-feed";

describe("felt bench feed's play", () => {
  it("plays the hands asked for, each change following the last", () => {
    const changes = playedChanges(8, 3);
    expect(changes.at(-1)?.after.table.handNumber).toBe(8);
    changes.slice(1).forEach((change, i) => {
      expect(change.before).toBe(changes[i]?.after);
      expect(change.after.feed).toBe(change.before.feed + 1);
    });
  });

  it("the same seed plays the same hands", () => {
    const events = (seed: number) => playedChanges(4, seed).map((c) => c.after.events);
    expect(events(5)).toEqual(events(5));
    expect(events(5)).not.toEqual(events(6));
  });

  it("gives each seat its own cards and the spectator none", () => {
    const changes = playedChanges(2, 1);
    const dealt = changes.find((c) => c.after.table.hand?.phase === "betting");
    if (!dealt) throw new Error("no hand was dealt");
    const [p1, , , , , , spectator] = viewersOf(dealt.after);
    const cardsOf = (state: typeof p1) =>
      state?.view.hand?.players.map((p) => p.holeCards !== null && p.holeCards.length === 2);
    expect(cardsOf(p1)).toEqual([true, false, false, false, false, false]);
    expect(cardsOf(spectator)).toEqual([false, false, false, false, false, false]);
  });
});

describe("felt bench feed", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("checks every way's deltas and prints their cost and size beside ours", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await run(["--hands", "3", "--seconds", "1"])).toBe(0);
    const line = JSON.parse(String(log.mock.calls[0]?.[0]));
    expect(line.ours).toMatchObject({ name: "ours", wrong_changes: 0 });
    expect(line.peers.map((p: { name: string }) => p.name)).toEqual([
      "fast-json-patch",
      "jsondiffpatch",
      "whole",
    ]);
    for (const peer of line.peers) {
      expect(peer.wrong_changes).toBe(0);
      expect(peer.bytes_over_ours).toBeCloseTo(
        peer.bytes_per_change / line.ours.bytes_per_change,
        1,
      );
    }
    // A delta is smaller than the whole state it stands for.
    const whole = line.peers.find((p: { name: string }) => p.name === "whole");
    expect(line.ours.bytes_per_change).toBeLessThan(whole.bytes_per_change);
  });

  it("refuses a malformed option", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await run(["--hands", "-1"])).toBe(2);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("--hands"));
  });
});
