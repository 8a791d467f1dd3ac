import {
  apply,
  exportHand,
  type HandEvent,
  legalActions,
  parsePhh,
  STANDARD_DECK,
  type StartHand,
  startHand,
  writePhh,
} from "@felt/engine";
import {
  commitDeal,
  commitmentOf,
  type DealRecord,
  HISTORY_FIELDS,
  historyFields,
  newSeed,
  SCHEME,
  seedToHex,
} from "@felt/fairness";
import { describe, expect, it } from "vitest";
import { isFailure, verifyText } from "./verify-lines";

/** A heads-up hand checked down to showdown from a committed deck, written as the room writes it. */
async function committedHand(): Promise<string> {
  const serverSeed = newSeed();
  const clientSeeds = [{ seat: 1, seed: "alice" }];
  const dealt = await commitDeal({ serverSeed, hand: 1, clientSeeds, cards: STANDARD_DECK });
  const start: StartHand = {
    type: "start",
    config: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
    players: [
      { seat: 1, stack: 100 },
      { seat: 2, stack: 100 },
    ],
    button: 1,
    deck: dealt.deck,
  };
  const started = startHand(start);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.state;
  const events: HandEvent[] = [...started.events];
  while (state.toAct !== null) {
    const seat = state.toAct;
    const legal = legalActions(state, seat);
    const type = legal.check ? "check" : "call";
    const next = apply(state, { type, seat } as Parameters<typeof apply>[1]);
    if (!next.ok) throw new Error(next.error.message);
    state = next.state;
    events.push(...next.events);
  }
  const exported = exportHand(start, events, { hand: 1, table: "t" });
  if (!exported.ok) throw new Error(exported.error.message);
  const record: DealRecord = {
    ...dealt,
    scheme: SCHEME,
    seed: seedToHex(serverSeed),
    seedCommitment: await commitmentOf(serverSeed),
    clientSeeds,
    reshuffled: [],
  };
  const order = exported.history.seats ?? [];
  Object.assign(exported.history.extra, historyFields(record, state.board, order, events));
  return writePhh(exported.history);
}

describe("felt verify", () => {
  it("a hand's every card is proven under its root; the auditor's copy rebuilds the deck", async () => {
    const text = await committedHand();
    const [line] = await verifyText("hand.phh", text, true);
    expect(line).toMatchObject({
      status: "verified",
      proven: 9,
      clientSeeds: "1:alice",
      audit: { status: "audited", cards: 9 },
    });
    expect(isFailure(line as NonNullable<typeof line>)).toBe(false);
  });

  it("a player's copy (no server seed) verifies; asking for an audit of it fails", async () => {
    const parsed = parsePhh(await committedHand());
    if (!parsed.ok) throw new Error(parsed.error.message);
    delete parsed.history.extra[HISTORY_FIELDS.serverSeed];
    const [line] = await verifyText("mine.phh", writePhh(parsed.history), true);
    expect(line).toMatchObject({ status: "verified", audit: { status: "no_seed" } });
    expect(isFailure(line as NonNullable<typeof line>)).toBe(true);
    const [plain] = await verifyText("mine.phh", writePhh(parsed.history), false);
    expect(isFailure(plain as NonNullable<typeof plain>)).toBe(false);
  });

  it("a turn card changed after the deal, or a forged root, fails", async () => {
    const parsed = parsePhh(await committedHand());
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { actions } = parsed.history;
    const boards = actions.flatMap((a, i) => (a.kind === "dealBoard" ? [i] : []));
    const named = new Set(actions.flatMap((a) => ("cards" in a ? a.cards : [])));
    const turn = boards[1] as number;
    const stand = STANDARD_DECK.find((card) => !named.has(card)) as number;
    actions[turn] = { kind: "dealBoard", cards: [stand] };
    const [changed] = await verifyText("hand.phh", writePhh(parsed.history), true);
    expect(changed).toMatchObject({ status: "failed", audit: { status: "failed" } });

    const forged = parsePhh(await committedHand());
    if (!forged.ok) throw new Error(forged.error.message);
    forged.history.extra[HISTORY_FIELDS.root] = "0".repeat(64);
    const [line] = await verifyText("hand.phh", writePhh(forged.history), false);
    expect(line).toMatchObject({ status: "failed", proven: 0 });
  });

  it("a hand without the commitment is unavailable, and garbage unreadable", async () => {
    const parsed = parsePhh(await committedHand());
    if (!parsed.ok) throw new Error(parsed.error.message);
    delete parsed.history.extra[HISTORY_FIELDS.scheme];
    expect((await verifyText("old.phh", writePhh(parsed.history), false))[0]).toMatchObject({
      status: "unavailable",
    });
    expect((await verifyText("x.phh", "not phh", false))[0]).toMatchObject({
      status: "unreadable",
    });
  });
});
