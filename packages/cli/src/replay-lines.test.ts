import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { run } from "./commands/replay";
import { isFailure, replayText } from "./replay-lines";

const HAND = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
finishing_stacks = [99, 101, 100]
`;

describe("replayText", () => {
  it("one line per .phh hand, with expected and matches when the file has finishing_stacks", () => {
    expect(replayText("a.phh", HAND)).toEqual([
      {
        file: "a.phh",
        hand: 1,
        ok: true,
        finishing_stacks: [99, 101, 100],
        expected: [99, 101, 100],
        matches: true,
      },
    ]);
    const [line] = replayText("a.phh", HAND.replace("[99, 101, 100]", "[100, 100, 100]"));
    expect(line).toMatchObject({ ok: true, matches: false });
    expect(isFailure(line as never)).toBe(true);
    expect(replayText("a.phh", HAND.replace(/finishing_stacks.*\n/, ""))).toEqual([
      { file: "a.phh", hand: 1, ok: true, finishing_stacks: [99, 101, 100] },
    ]);
  });

  it("a .phh file's line names the hand by its `hand` field (issue 48, bug 18)", () => {
    expect(replayText("a.phh", `${HAND}hand = 5\n`)).toMatchObject([{ hand: 5, ok: true }]);
    expect(replayText("a.phh", `${HAND}hand = 'final'\n`)).toMatchObject([{ hand: "final" }]);
  });

  it("one line per table of a .phhs file, a bad hand not hiding the others", () => {
    const lines = replayText("b.phhs", `[1]\n${HAND}\n[2]\n${HAND.replace("'p3 f'", "'p1 f'")}`);
    expect(lines.map((line) => [line.hand, line.ok])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(lines[1]).toMatchObject({ error: { code: "not_your_turn" } });
    expect(replayText("c.phhs", "[1\n")).toMatchObject([
      { hand: null, ok: false, error: { code: "phh_syntax" } },
    ]);
  });
});

describe("felt replay", () => {
  const fixtures = fileURLToPath(new URL("../../engine/src/phh/fixtures/", import.meta.url));
  afterEach(() => vi.restoreAllMocks());
  const quiet = () => {
    const out: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
    vi.spyOn(console, "error").mockImplementation(() => {});
    return out;
  };

  it("exit 0 when every hand replays and matches", async () => {
    const out = quiet();
    expect(
      await run([`${fixtures}phh-md-nt-side-pot.phh`, `${fixtures}pokerkit-pluribus-100.phhs`]),
    ).toBe(0);
    expect(out).toHaveLength(6);
    expect(JSON.parse(out[0] as string)).toMatchObject({
      ok: true,
      finishing_stacks: [52, 36, 0],
      matches: true,
    });
  });

  it("§4 S-3 exit 0 for a player's copy of a draw hand with reshuffles, its unseen cards `??` (issue 47)", async () => {
    const out = quiet();
    expect(await run([`${fixtures}felt-f5d-reshuffle-players-copy.phh`])).toBe(0);
    expect(JSON.parse(out[0] as string)).toMatchObject({
      hand: 5,
      ok: true,
      finishing_stacks: [48, 48, 62, 50, 48, 44],
      matches: true,
    });
  });

  it("exit 1 when a hand is illegal", async () => {
    quiet();
    expect(await run([`${fixtures}illegal/nt-not-your-turn.phh`])).toBe(1);
  });

  it("exit 2 without files or with a file that cannot be read", async () => {
    const out = quiet();
    expect(await run([])).toBe(2);
    expect(await run([`${fixtures}phh-md-nt-side-pot.phh`, `${fixtures}missing.phh`])).toBe(2);
    expect(out).toEqual([]);
  });
});
