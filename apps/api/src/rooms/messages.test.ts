import { STANDARD_DECK } from "@felt/engine";
import { rootOfLeaf } from "@felt/fairness";
import { serverMessageSchema } from "@felt/protocol";
import { describe, expect, it } from "vitest";
import { dealt, secretFor, snapshotOf, tableWith } from "../../test/engine-tables";
import { eventsForViewer, proofsMessage, stateMessage, stateMessages } from "./messages";

const secret = await secretFor(1, STANDARD_DECK);

describe("messages to one viewer", () => {
  const hand = dealt(tableWith([100, 100]), secret.deck);
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
    expect(JSON.stringify(forSpectator)).not.toMatch(/"deck"/);
    expect(JSON.stringify(forSpectator)).not.toContain(secret.seed);
  });

  it("a player who left in this change keeps his view of its events (seat hint)", () => {
    expect(eventsForViewer(hand.events, 1)).toEqual(
      stateMessage(snapshot, { playerId: "zz", name: "zz" }, hand.events, 1).events,
    );
  });

  it("T-12: a seat held for the waiting list is held to every viewer but the one it is offered to", () => {
    const three = snapshotOf(tableWith([100, 100], 3));
    const waiting = (offered: string) => ({
      ...three,
      room: {
        ...three.room,
        waitlist: [
          { playerId: offered, name: offered, offerUntil: 30_000 },
          { playerId: "e", name: "e", offerUntil: null },
        ],
      },
    });
    const heldFor = (snapshot: typeof three, playerId: string | null) =>
      stateMessage(snapshot, playerId ? { playerId, name: playerId } : null).seatsHeld ?? false;
    const listed = waiting("d");
    expect(["d", "e", "stranger", null, "a"].map((p) => heldFor(listed, p))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(serverMessageSchema.parse(stateMessage(listed, null))).toBeTruthy();
    // No list, no hold: the free seat is anyone's.
    expect(heldFor(three, "stranger")).toBe(false);
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

  it("the deal's proof: each viewer gets the root with the state, the leaves of his own cards on request, never the seed", async () => {
    const forA = stateMessage(snapshot, { playerId: "a", name: "a" }, hand.events);
    const forSpectator = stateMessage(snapshot, null, hand.events);
    expect(forA.fairness?.deal).toMatchObject({
      root: secret.root,
      seedCommitment: secret.seedCommitment,
    });
    expect(forSpectator.fairness).toEqual(forA.fairness);
    // No leaf rides on the state: not one salt is in it.
    for (const salt of secret.salts) expect(JSON.stringify(forA)).not.toContain(salt);

    const proofsA = proofsMessage(snapshot, { playerId: "a", name: "a" });
    const proofsSpectator = proofsMessage(snapshot, null);
    if (proofsA.type !== "proofs" || proofsSpectator.type !== "proofs")
      throw new Error("no proofs");
    const own = forA.view.hand?.players.find((p) => p.seat === 1)?.holeCards ?? [];
    expect(proofsA.leaves.map((l) => l.card).sort()).toEqual([...own].sort());
    for (const leaf of proofsA.leaves) expect(await rootOfLeaf(leaf, 52)).toBe(secret.root);
    // Preflop a spectator sees no card, so he gets no leaf.
    expect(proofsSpectator.leaves).toEqual([]);
    for (const message of [proofsA, proofsSpectator]) {
      const text = JSON.stringify(message);
      expect(text).not.toContain(secret.seed);
      for (const salt of secret.salts) {
        const leaf = proofsA.leaves.find((l) => l.salt === salt);
        if (!leaf || message === proofsSpectator) expect(text).not.toContain(salt);
      }
    }
  });

  it("proofs before any hand with a proof: a notice, not an empty answer", () => {
    const fresh = { ...snapshot, room: { ...snapshot.room, fairness: null } };
    expect(proofsMessage(fresh, { playerId: "a", name: "a" })).toMatchObject({
      type: "error",
      code: "no_proofs",
    });
  });
});
