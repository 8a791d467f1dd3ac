import {
  type HandEvent,
  legalActions,
  type PlayerAction,
  parsePhh,
  replayHistory,
  type TableEvent,
} from "@felt/engine";
import { describe, expect, it } from "vitest";
import { dealt, must, tableWith } from "../../test/engine-tables";
import { redactPhh } from "../history/redact";
import { handRecord } from "./hand-history";

const handEventsOf = (events: TableEvent[]): HandEvent[] =>
  events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));

/** A three-handed hand checked down to showdown, where seat 2 mucks and the others show. */
function playedHand() {
  let { state, events } = dealt(tableWith([100, 120, 80]));
  const all = [...events];
  let before = state;
  while (state.hand && state.hand.phase !== "complete") {
    const seat = state.hand.toAct as number;
    const legal = legalActions(state.hand, seat);
    const action: PlayerAction = legal.check
      ? { type: "check" }
      : legal.call
        ? { type: "call" }
        : seat === 2
          ? { type: "muck", confirm: true }
          : { type: "show" };
    const playerId = state.seats[seat - 1]?.playerId as string;
    const next = must(state, { type: "act", playerId, action });
    before = state;
    state = next.state;
    all.push(...next.events);
  }
  return { before, after: state, events: all };
}

describe("hand histories", () => {
  const { before, after, events } = playedHand();
  const secret = {
    handNumber: 1,
    commitment: "c".repeat(64),
    seed: "5".repeat(64),
    revealed: true,
  };
  const made = handRecord("aurora", before, after, handEventsOf(events), secret, 1_234);

  it("a finished hand is PHH that replays to the same stacks, with the seed and commitment", () => {
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const { record } = made;
    expect(record).toMatchObject({
      handId: "aurora:1",
      tableId: "aurora",
      handNumber: 1,
      createdAt: 1_234,
    });
    expect(record.players.map((p) => p.userId).sort()).toEqual(["a", "b", "c"]);
    expect(record.players.reduce((sum, p) => sum + p.net, 0)).toBe(0);
    const parsed = parsePhh(record.phh);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.history.extra).toMatchObject({
      _seed: secret.seed,
      _commitment: secret.commitment,
    });
    expect(parsed.history.table).toBe("aurora");
    const replayed = replayHistory(parsed.history);
    expect(replayed.ok && replayed.finishingStacks).toEqual(parsed.history.finishingStacks);
  });

  it("a hand not over has no history", () => {
    const live = dealt(tableWith([100, 100])).state;
    expect(handRecord("aurora", live, live, [], null, 0).ok).toBe(false);
  });

  it("redaction keeps the reader's cards and shown hands, hides mucked ones", () => {
    if (!made.ok) throw new Error(made.message);
    const hidden = (seat: number) => (redactPhh(made.record.phh, seat) ?? "").match(/\?\?\?\?/g);
    // Seat 2 mucked: hidden from seat 1 and seat 3, not from himself.
    expect(hidden(1)).toHaveLength(1);
    expect(hidden(3)).toHaveLength(1);
    expect(hidden(2)).toBeNull();
    expect(redactPhh("not phh", 1)).toBeNull();
  });
});
