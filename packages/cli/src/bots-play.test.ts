import type { LegalActions } from "@felt/engine";
import { seededFloats } from "@felt/fairness/testing";
import type { PlayerAction } from "@felt/protocol";
import { describe, expect, it } from "vitest";
import { BotTurns, type HeldView, randomAction, randomGame } from "./bots-play";

const legal = { fold: true, check: false, call: { amount: 2 } } as unknown as LegalActions;

/** A bot's turns over a fake socket and clock: timers run only when `think()` says so. */
function harness() {
  let held: HeldView | null = null;
  const timers: (() => void)[] = [];
  const sent: { expectedVersion: number; seq: number }[] = [];
  let seq = 0;
  const turns = new BotTurns({
    thinkMs: 10,
    held: () => held,
    live: () => true,
    choose: (): PlayerAction => ({ type: "call" }),
    send: (_action, expectedVersion) => {
      sent.push({ expectedVersion, seq: ++seq });
      return seq;
    },
    later: (run) => timers.push(run),
  });
  return {
    turns,
    sent,
    /** The room's state at `version`, to act or not. */
    state(version: number, toAct: boolean) {
      held = { version, legal: toAct ? legal : null };
      turns.onState();
    },
    /** The think time ends. */
    think() {
      for (const run of timers.splice(0)) run();
    },
  };
}

describe("BotTurns: when a load-test bot acts", () => {
  it("acts once per turn, after its think time", () => {
    const h = harness();
    h.state(5, false);
    h.think();
    expect(h.sent).toEqual([]);
    h.state(6, true);
    h.state(6, true);
    h.think();
    expect(h.sent).toEqual([{ expectedVersion: 6, seq: 1 }]);
    // Its own act's answer: someone else to act.
    h.state(7, false);
    h.think();
    expect(h.sent).toHaveLength(1);
  });

  it("decides on the state held when the think time ends, not the one that woke it", () => {
    const h = harness();
    h.state(9, true);
    // Another seat's change (a reconnecting bot's auto-rebuy) lands while this bot thinks.
    h.state(10, true);
    h.think();
    expect(h.sent).toEqual([{ expectedVersion: 10, seq: 1 }]);
  });

  it("a newer state while the act is in flight ends it and is decided on; the late refusal of the older act changes nothing", () => {
    const h = harness();
    h.state(20, true);
    h.think();
    // The room had moved on before the act reached it: the newer state comes first
    // (same socket, in order), still this bot's turn, then the refusal of seq 1.
    h.state(21, true);
    h.turns.onError(1);
    h.think();
    expect(h.sent).toEqual([
      { expectedVersion: 20, seq: 1 },
      { expectedVersion: 21, seq: 2 },
    ]);
    // Another late refusal of seq 1 does not end seq 2: no second act at 21.
    h.turns.onError(1);
    h.state(21, true);
    h.think();
    expect(h.sent).toHaveLength(2);
  });

  it("a refusal of the pending act ends it: the next state it is to act in is acted on", () => {
    const h = harness();
    h.state(30, true);
    h.think();
    h.turns.onError(1);
    h.think();
    expect(h.sent).toHaveLength(1);
    h.state(31, true);
    h.think();
    expect(h.sent.at(-1)).toEqual({ expectedVersion: 31, seq: 2 });
  });
});

const none: LegalActions = {
  fold: false,
  check: false,
  call: null,
  betOrRaise: null,
  draw: null,
};

describe("the load-test bots' play", () => {
  it("S-3 in the draw a bot discards some of its own cards, each once, at most the maximum", () => {
    const random = seededFloats(7);
    const hole = [3, 17, 22, 40, 51];
    const counts = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const action = randomAction({ ...none, draw: { max: 3 } }, random, hole);
      if (action.type !== "draw") throw new Error(`not a draw: ${action.type}`);
      expect(action.discard.length).toBeLessThanOrEqual(3);
      expect(new Set(action.discard).size).toBe(action.discard.length);
      for (const card of action.discard) expect(hole).toContain(card);
      counts.add(action.discard.length);
    }
    expect(counts).toEqual(new Set([0, 1, 2, 3]));
  });

  it("ST-2 at stud's bring-in a bot posts the bring-in or completes, nothing else", () => {
    const random = seededFloats(13);
    const bringIn = {
      ...none,
      betOrRaise: { kind: "bet" as const, min: 1, max: 2, onlyMinOrMax: true as const },
    };
    const amounts = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const action = randomAction(bringIn, random);
      if (action.type !== "betOrRaiseTo") throw new Error(`not a bet: ${action.type}`);
      amounts.add(action.amount);
    }
    expect(amounts).toEqual(new Set([1, 2]));
  });

  it("§4 dealer's choice: a bot on the button picks any game of the list", () => {
    const random = seededFloats(11);
    const picked = new Set<number>();
    for (let i = 0; i < 200; i++) picked.add(randomGame(["a", "b", "c"], random));
    expect(picked).toEqual(new Set([0, 1, 2]));
  });
});
