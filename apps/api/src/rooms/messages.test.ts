import { serverMessageSchema } from "@felt/protocol";
import { describe, expect, it } from "vitest";
import { dealt, snapshotOf, tableWith } from "../../test/engine-tables";
import { eventsForViewer, publicFairness, stateMessage, stateMessages } from "./messages";

const secret = { handNumber: 1, commitment: "ab", seed: "cd", revealed: false };

describe("messages to one viewer", () => {
  const hand = dealt(tableWith([100, 100]));
  const snapshot = {
    ...snapshotOf(hand.state),
    room: { ...snapshotOf(hand.state).room, fairness: secret },
  };

  it("a player sees his own cards only; a spectator none", () => {
    const forA = stateMessage(snapshot, { playerId: "a", name: "a" }, hand.events);
    expect(serverMessageSchema.parse(forA)).toBeTruthy();
    const cards = forA.view.hand?.players.map((p) => p.holeCards);
    expect(cards?.[0]).toHaveLength(2);
    expect(cards?.[1]).toBeNull();
    const dealtTo = forA.events.flatMap((e) =>
      e.type === "handEvent" && e.event.type === "holeCardsDealt" ? [e.event] : [],
    );
    expect(dealtTo.map((e) => [e.seat, e.cards === null])).toEqual([
      [2, true],
      [1, false],
    ]);
    const forSpectator = stateMessage(snapshot, null, hand.events);
    expect(forSpectator.you).toBeNull();
    expect(forSpectator.view.hand?.players.every((p) => p.holeCards === null)).toBe(true);
    expect(JSON.stringify(forSpectator)).not.toMatch(/"deck"|"seed":"cd"/);
  });

  it("a player who left in this change keeps his view of its events (seat hint)", () => {
    expect(eventsForViewer(hand.events, 1)).toEqual(
      stateMessage(snapshot, { playerId: "zz", name: "zz" }, hand.events, 1).events,
    );
  });

  it("one change's messages, built together, are each viewer's own message", () => {
    const messageFor = stateMessages(snapshot, hand.events);
    const viewers = [{ playerId: "a", name: "a" }, null, { playerId: "b", name: "b" }];
    for (const viewer of viewers) {
      expect(JSON.stringify(messageFor(viewer))).toBe(
        JSON.stringify(stateMessage(snapshot, viewer, hand.events)),
      );
    }
  });

  it("the seed is shown only once its hand is over", () => {
    expect(publicFairness(secret)).toEqual({ handNumber: 1, commitment: "ab", seed: null });
    expect(publicFairness({ ...secret, revealed: true })?.seed).toBe("cd");
    expect(publicFairness(null)).toBeNull();
  });
});
