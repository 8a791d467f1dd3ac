import {
  type HandEvent,
  legalActions,
  type PlayerAction,
  parsePhh,
  replayHistory,
  type TableEvent,
} from "@felt/engine";
import { HISTORY_FIELDS, verifyHistory } from "@felt/fairness";
import { describe, expect, it } from "vitest";
import { dealt, must, secretFor, tableWith } from "../../test/engine-tables";
import { redactPhh } from "../history/redact";
import { handRecord } from "./hand-history";

const handEventsOf = (events: TableEvent[]): HandEvent[] =>
  events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));

/** A three-handed hand checked down to showdown, which plays itself (S-2): the beaten hand is mucked. */
function playedHand(deck?: readonly number[]) {
  let { state, events } = dealt(tableWith([100, 120, 80]), deck);
  const all = [...events];
  let before = state;
  while (state.hand && state.hand.phase !== "complete") {
    const seat = state.hand.toAct as number;
    const legal = legalActions(state.hand, seat);
    const action: PlayerAction = legal.check ? { type: "check" } : { type: "call" };
    const playerId = state.seats[seat - 1]?.playerId as string;
    const next = must(state, { type: "act", playerId, action });
    before = state;
    state = next.state;
    all.push(...next.events);
  }
  return { before, after: state, events: all };
}

const seatsWith = (events: TableEvent[], type: "handShown" | "handMucked") =>
  handEventsOf(events).flatMap((e) => (e.type === type ? [e.seat] : []));

/** A deal whose showdown mucks at least one hand (most do: a deal is random, so a few are tried). */
async function handWithMuck() {
  for (let tries = 0; tries < 50; tries++) {
    const secret = await secretFor(1);
    const hand = playedHand(secret.deck);
    if (seatsWith(hand.events, "handMucked").length > 0) return { secret, ...hand };
  }
  throw new Error("no deal mucked a hand");
}

const { secret, before, after, events } = await handWithMuck();

describe("hand histories", () => {
  const made = handRecord("aurora", before, after, handEventsOf(events), secret, 1_234);
  const mucked = seatsWith(events, "handMucked");
  const shown = seatsWith(events, "handShown");

  it("S-2 the showdown played itself: every hand still in was shown or mucked, none decided by a player", () => {
    expect([...mucked, ...shown].sort()).toEqual([1, 2, 3]);
    expect(mucked.length).toBeGreaterThan(0);
  });

  it("a finished hand is PHH that replays to the same stacks, with the deal's commitment", () => {
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
      [HISTORY_FIELDS.scheme]: "felt-merkle-v1",
      [HISTORY_FIELDS.root]: secret.root,
      [HISTORY_FIELDS.seedCommitment]: secret.seedCommitment,
      [HISTORY_FIELDS.deckSize]: "52",
      // Stored for the auditor; redaction takes it out of every copy a player reads.
      [HISTORY_FIELDS.serverSeed]: secret.seed,
    });
    expect(parsed.history.table).toBe("aurora");
    const replayed = replayHistory(parsed.history);
    expect(replayed.ok && replayed.finishingStacks).toEqual(parsed.history.finishingStacks);
  });

  it("a hand not over has no history", () => {
    const live = dealt(tableWith([100, 100])).state;
    expect(handRecord("aurora", live, live, [], null, 0).ok).toBe(false);
  });

  it("S-2 redaction keeps the reader's cards and shown hands, hides mucked ones", () => {
    if (!made.ok) throw new Error(made.message);
    const hidden = (seat: number) => (redactPhh(made.record.phh, seat) ?? "").match(/\?\?\?\?/g);
    // A mucked hand is hidden from the others, never from its owner; shown hands from nobody.
    for (const seat of [1, 2, 3]) {
      const others = mucked.filter((m) => m !== seat).length;
      if (others === 0) expect(hidden(seat)).toBeNull();
      else expect(hidden(seat)).toHaveLength(others);
    }
    expect(redactPhh("not phh", 1)).toBeNull();
  });

  it("S-2 each player's copy verifies every card in it against the root, and carries no seed, no mucked hand's leaves nor other player's leaves", async () => {
    if (!made.ok) throw new Error(made.message);
    for (const seat of [1, 2, 3]) {
      const text = redactPhh(made.record.phh, seat) as string;
      expect(text).not.toContain(secret.seed);
      const parsed = parsePhh(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const own = `${HISTORY_FIELDS.playerLeaves}${(parsed.history.seats ?? []).indexOf(seat) + 1}`;
      const leafFields = Object.keys(parsed.history.extra).filter((f) =>
        f.startsWith(HISTORY_FIELDS.playerLeaves),
      );
      expect(leafFields).toEqual([own]);
      const check = await verifyHistory(parsed.history);
      // Own 2 cards, 5 board cards, and the 2 cards of each other player who showed: no
      // mucked hand's leaf is revealed (S-2).
      expect(check).toMatchObject({
        status: "verified",
        root: secret.root,
        proven: 2 + 5 + 2 * shown.filter((s) => s !== seat).length,
      });
    }
  });

  it("a history whose river was changed after the deal fails the check", async () => {
    if (!made.ok) throw new Error(made.message);
    const parsed = parsePhh(redactPhh(made.record.phh, 1) as string);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { actions } = parsed.history;
    const river = actions.map((a) => a.kind).lastIndexOf("dealBoard");
    const named = new Set(actions.flatMap((a) => ("cards" in a ? a.cards : [])));
    const stand = secret.deck.find((card) => !named.has(card));
    const action = actions[river];
    if (action?.kind !== "dealBoard" || stand === undefined) throw new Error("no river");
    actions[river] = { ...action, cards: [stand] };
    expect(await verifyHistory(parsed.history)).toMatchObject({ status: "failed" });
  });
});
