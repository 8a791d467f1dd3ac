/**
 * ST-1 … ST-6 docs/fairness.md: a stud hand's history proves every card it
 * names (down, up and a common card) at the deck position the engine dealt
 * it from, so the deal can be checked like any other game's.
 */
import {
  apply,
  type Command,
  exportHand,
  type HandEvent,
  legalActions,
  playersCopy,
  STANDARD_DECK,
  type StartHand,
  seededFloats,
  startHand,
} from "@felt/engine";
import { describe, expect, it } from "vitest";
import { commitDeal, SCHEME } from "./deal";
import { type DealRecord, HISTORY_FIELDS, historyFields, verifyHistory } from "./history";

async function playStud(game: "stud7" | "stud5", players: number, seed: number) {
  const deal = await commitDeal({
    serverSeed: new Uint8Array(32).fill(seed),
    hand: seed,
    clientSeeds: [],
    cards: STANDARD_DECK,
  });
  const start: StartHand = {
    type: "start",
    config: { game, betting: "fixed-limit", smallBlind: 1, bigBlind: 2, ante: 1 },
    players: Array.from({ length: players }, (_, i) => ({ seat: i + 1, stack: 200 })),
    button: 1,
    deck: deal.deck,
  };
  const started = startHand(start);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.state;
  const events: HandEvent[] = [...started.events];
  const random = seededFloats(seed);
  while (state.phase !== "complete") {
    const seat = state.toAct as number;
    const legal = legalActions(state, seat);
    const command: Command =
      // Eight players all stay in, so seventh street has a common card (ST-6).
      legal.fold && players < 8 && random() < 0.1
        ? { type: "fold", seat }
        : legal.check
          ? { type: "check", seat }
          : legal.call
            ? { type: "call", seat }
            : { type: "betOrRaiseTo", seat, amount: legal.betOrRaise?.min ?? 0 };
    const result = apply(state, command);
    if (!result.ok) throw new Error(result.error.code);
    state = result.state;
    events.push(...result.events);
  }
  const exported = exportHand(start, events);
  if (!exported.ok) throw new Error(exported.error.message);
  const record: DealRecord = {
    ...deal,
    reshuffled: [],
    scheme: SCHEME,
    seed: "00",
    seedCommitment: "00",
    clientSeeds: [],
  };
  const fields = historyFields(record, state.board, exported.history.seats ?? [], events);
  delete fields[HISTORY_FIELDS.serverSeed];
  return {
    history: { ...exported.history, extra: { ...exported.history.extra, ...fields } },
    state,
  };
}

describe("stud deals are proven like every game's (docs/fairness.md)", () => {
  it("ST-1 ST-5 ST-6 each player's copy of a stud hand verifies: his cards, the up cards and the common card", async () => {
    let common = 0;
    for (const [game, players, seed] of [
      ["stud7", 3, 1],
      ["stud7", 8, 2],
      ["stud5", 10, 3],
      ["stud5", 4, 4],
    ] as const) {
      const { history, state } = await playStud(game, players, seed);
      if (state.board.length > 0) common++;
      for (let viewer = 0; viewer < players; viewer++) {
        const copy = playersCopy(history, viewer);
        const own = copy.extra;
        for (const field of Object.keys(own))
          if (
            field.startsWith(HISTORY_FIELDS.playerLeaves) &&
            field !== `${HISTORY_FIELDS.playerLeaves}${viewer + 1}`
          )
            delete own[field];
        const check = await verifyHistory(copy);
        expect(check).toMatchObject({ status: "verified" });
        if (check.status === "verified") expect(check.proven).toBeGreaterThan(players);
      }
    }
    // Eight players mostly reach seventh street on calls: the common card is proven too.
    expect(common).toBeGreaterThan(0);
  });
});
