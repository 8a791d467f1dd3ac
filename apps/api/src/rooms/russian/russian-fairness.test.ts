import { formatCard, russian, STANDARD_DECK } from "@felt/engine";
import { rootOfLeaf, seedToHex } from "@felt/fairness";
import { describe, expect, it } from "vitest";
import {
  cardsSeen,
  dealOf,
  newRussianDeal,
  reshuffled,
  russianFairnessFor,
  russianProofsFor,
  storedFairness,
} from "./russian-fairness";
import { initialRussianRoom, russianRoomAfter } from "./russian-state";

const timing = { bettingMs: 20_000, actionMs: 20_000, nextRoundDelayMs: 3_000 };

/** A table where one player has staked two open boxes, dealt from `deck`. */
function dealtTable(deck: readonly number[]): russian.RussianTableState {
  const made = russian.createRussianTable({ maxPlayers: 3, minBuyIn: 50, maxBuyIn: 1000 });
  if (!made.ok) throw new Error(made.error.message);
  const commands: russian.RussianTableCommand[] = [
    { type: "sit", playerId: "a", name: "A", chips: 1000 },
    { type: "openRound", deck: [...deck] },
    { type: "round", command: { type: "placeBets", playerId: "a", box: 0, ante: 10 } },
    { type: "round", command: { type: "placeBets", playerId: "a", box: 1, ante: 10 } },
    { type: "round", command: { type: "deal" } },
  ];
  let table = made.state;
  for (const command of commands) {
    const result = russian.applyRussianTable(table, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.error.code}`);
    table = result.state;
  }
  return table;
}

describe("the Russian poker deal's commitment (docs/fairness.md)", () => {
  it("a round's tree is rebuilt from its stored seed alone, the same root and leaves", async () => {
    const { fairness, deal } = await newRussianDeal(7);
    expect(fairness).toMatchObject({ scheme: "felt-merkle-v1", roundNumber: 7, reshuffles: 0 });
    expect([...deal.tree.deck].sort((x, y) => x - y)).toEqual(
      [...STANDARD_DECK].sort((x, y) => x - y),
    );
    const rebuilt = await dealOf(structuredClone(fairness));
    expect(rebuilt?.tree).toEqual(deal.tree);
    expect(fairness.root).toBe(deal.tree.root);
  });

  it("the state carries the commitments; a viewer's proofs are a leaf for each card his view shows and none for the rest; the seed never", async () => {
    const { fairness, deal } = await newRussianDeal(1);
    const table = dealtTable(deal.tree.deck);
    for (const viewer of ["a", null]) {
      const view = russian.russianTableView(table, viewer);
      expect(russianFairnessFor(fairness, deal)).toEqual({
        roundNumber: 1,
        scheme: "felt-merkle-v1",
        seedCommitment: fairness.seedCommitment,
        root: fairness.root,
        deckSize: 52,
      });
      const sent = russianProofsFor(fairness, deal, view);
      if (!sent) throw new Error("no proofs");
      expect(JSON.stringify(sent)).not.toContain(fairness.seed);
      const seen = cardsSeen(view).map(formatCard).sort();
      expect(sent.leaves.map((l) => formatCard(l.card)).sort()).toEqual(seen);
      for (const leaf of sent.leaves) expect(await rootOfLeaf(leaf, 52)).toBe(fairness.root);
      // Two open boxes and the dealer's up card for the owner; the up card alone for the rail.
      expect(sent.leaves).toHaveLength(viewer ? 11 : 1);
    }
  });

  it("after a reshuffle the stub's cards get no leaf, and each reshuffle has its own order", async () => {
    const { fairness, deal } = await newRussianDeal(1);
    const table = dealtTable(deal.tree.deck);
    const stub = table.round?.stub ?? [];
    const room = { ...initialRussianRoom("t", timing), fairness };
    const event = { type: "roundEvent", event: { type: "deckReshuffled", cardCount: 3 } } as const;
    const after = russianRoomAfter(room, table, [event as russian.RussianTableEvent], 0);
    expect(after.fairness?.reshuffles).toBe(1);
    expect(new Set(after.fairness?.reshuffled)).toEqual(new Set(stub));

    const discards = stub.slice(0, 10);
    const first = await reshuffled(fairness, discards);
    expect([...first].sort()).toEqual([...discards].sort());
    expect(await reshuffled(fairness, discards)).toEqual(first);
    const second = await reshuffled({ ...fairness, reshuffles: 1 }, discards);
    expect(second).not.toEqual(first);
  });

  it("a round stored before the tree keeps its seed for a reshuffle and makes no claim", async () => {
    const legacy = {
      roundNumber: 3,
      commitment: "ab".repeat(32),
      seed: seedToHex(new Uint8Array(32)),
      revealed: false,
    };
    const fairness = storedFairness(legacy);
    expect(fairness).toMatchObject({ scheme: "seed-only", roundNumber: 3, seed: legacy.seed });
    expect(await dealOf(fairness)).toBeNull();
    const view = russian.russianTableView(dealtTable(STANDARD_DECK), "a");
    expect(russianFairnessFor(fairness, null)).toBeNull();
    expect(russianProofsFor(fairness, null, view)).toBeNull();
    expect(storedFairness(null)).toBeNull();
  });
});
