import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  auditDeal,
  type ClientSeed,
  clientSeedsText,
  commitDeal,
  leafOf,
  parseClientSeeds,
  reshuffleOrder,
  rootOfLeaf,
  verifyLeaves,
} from "./deal";
import { commitmentOf, newSeed, seedToHex, shuffleWithSeed } from "./shuffle";

const DECK = Array.from({ length: 52 }, (_, i) => i);
const SEEDS: ClientSeed[] = [
  { seat: 3, seed: "bob-42" },
  { seat: 1, seed: "alice_7" },
];

describe("the deal's commitment", () => {
  it("a hand's deck and root follow from the server seed, the hand number and the client seeds", async () => {
    const serverSeed = newSeed();
    const a = await commitDeal({ serverSeed, hand: 7, clientSeeds: SEEDS, cards: DECK });
    const again = await commitDeal({
      serverSeed,
      hand: 7,
      clientSeeds: [...SEEDS].reverse(),
      cards: DECK,
    });
    expect(again).toEqual(a);
    expect([...a.deck].sort((x, y) => x - y)).toEqual(DECK);
    // Any player's seed, or the hand number, changes the deck.
    const otherSeed = [{ seat: 1, seed: "alice_8" }, SEEDS[0] as ClientSeed];
    const b = await commitDeal({ serverSeed, hand: 7, clientSeeds: otherSeed, cards: DECK });
    const c = await commitDeal({ serverSeed, hand: 8, clientSeeds: SEEDS, cards: DECK });
    expect(b.deck).not.toEqual(a.deck);
    expect(c.deck).not.toEqual(a.deck);
    expect(b.root).not.toBe(a.root);
  });

  it("follows the documented recipe, so anyone can re-implement it (Node's own crypto here)", async () => {
    const serverSeed = newSeed();
    const dealt = await commitDeal({ serverSeed, hand: 3, clientSeeds: SEEDS, cards: DECK });
    const hmac = (label: string) => createHmac("sha256", serverSeed).update(label).digest();
    const key = hmac(`felt/deck/v1|3|1:alice_7,3:bob-42`);
    expect(dealt.deck).toEqual(await shuffleWithSeed(new Uint8Array(key), DECK));
    let level: Buffer[] = dealt.deck.map((card, position) => {
      const salt = hmac(`felt/salt/v1|3|${position}`).subarray(0, 16);
      const head = Buffer.from([0, position >> 8, position & 255, card >> 8, card & 255]);
      return createHash("sha256").update(head).update(salt).digest();
    });
    while (level.length > 1) {
      const up: Buffer[] = [];
      for (let i = 0; i < level.length; i += 2) {
        const right = level[i + 1];
        const left = level[i] as Buffer;
        up.push(
          right
            ? createHash("sha256")
                .update(Buffer.from([1]))
                .update(left)
                .update(right)
                .digest()
            : left,
        );
      }
      level = up;
    }
    expect(dealt.root).toBe((level[0] as Buffer).toString("hex"));
  });

  it("every position's leaf leads to the root, for decks of any size", async () => {
    for (const size of [1, 2, 3, 5, 32, 33, 53]) {
      const cards = DECK.concat([52]).slice(0, size);
      const dealt = await commitDeal({ serverSeed: newSeed(), hand: 1, clientSeeds: [], cards });
      for (let position = 0; position < size; position++) {
        expect(await rootOfLeaf(leafOf(dealt, position), size)).toBe(dealt.root);
      }
    }
  });

  it("a leaf with another card, position or salt, or a cut proof, does not lead to the root", async () => {
    const dealt = await commitDeal({
      serverSeed: newSeed(),
      hand: 1,
      clientSeeds: [],
      cards: DECK,
    });
    const leaf = leafOf(dealt, 10);
    const wrongCard = { ...leaf, card: (leaf.card + 1) % 52 };
    const wrongPosition = { ...leaf, position: 11 };
    const wrongSalt = { ...leaf, salt: "00".repeat(16) };
    const cutProof = { ...leaf, proof: leaf.proof.slice(1) };
    for (const bad of [wrongCard, wrongPosition, wrongSalt, cutProof]) {
      expect(await rootOfLeaf(bad, 52)).not.toBe(dealt.root);
    }
  });

  it("verifyLeaves: each seen card needs a leaf at one of its positions; bad leaves are named", async () => {
    const dealt = await commitDeal({
      serverSeed: newSeed(),
      hand: 2,
      clientSeeds: SEEDS,
      cards: DECK,
    });
    const mine = [0, 4].map((p) => leafOf(dealt, p));
    const seen = mine.map((l) => ({ card: l.card, positions: [l.position] }));
    const ok = await verifyLeaves({ root: dealt.root, deckSize: 52, leaves: mine, seen });
    expect(ok).toEqual({ ok: true, proven: 2 });
    // The river claimed at the wrong position (the server swapping cards) is caught.
    const river = leafOf(dealt, 20);
    const moved = await verifyLeaves({
      root: dealt.root,
      deckSize: 52,
      leaves: [river],
      seen: [{ card: river.card, positions: [19] }],
    });
    expect(moved).toMatchObject({ ok: false, proven: 0, badLeaves: [] });
    const forged = { ...river, card: (river.card + 1) % 52 };
    const bad = await verifyLeaves({
      root: dealt.root,
      deckSize: 52,
      leaves: [forged],
      seen: [{ card: forged.card, positions: [20] }],
    });
    expect(bad).toMatchObject({ ok: false, badLeaves: [forged] });
  });

  it("the auditor, given the server seed, rebuilds the deck and checks commitment and root", async () => {
    const serverSeed = newSeed();
    const seedCommitment = await commitmentOf(serverSeed);
    const dealt = await commitDeal({ serverSeed, hand: 5, clientSeeds: SEEDS, cards: DECK });
    const input = {
      serverSeed: seedToHex(serverSeed),
      seedCommitment,
      hand: 5,
      clientSeeds: SEEDS,
      root: dealt.root,
      cards: DECK,
      deck: dealt.deck,
    };
    expect(await auditDeal(input)).toEqual({ ok: true, deck: dealt.deck });
    expect(await auditDeal({ ...input, serverSeed: seedToHex(newSeed()) })).toEqual({
      ok: false,
      reason: "commitment_mismatch",
    });
    // The server could not have used other client seeds, or another deck, than it published.
    expect(await auditDeal({ ...input, clientSeeds: [] })).toEqual({
      ok: false,
      reason: "root_mismatch",
    });
    const swapped = [dealt.deck[1], dealt.deck[0], ...dealt.deck.slice(2)] as number[];
    expect(await auditDeal({ ...input, deck: swapped })).toEqual({
      ok: false,
      reason: "deck_mismatch",
    });
    expect(await auditDeal({ ...input, serverSeed: "zz" })).toEqual({
      ok: false,
      reason: "bad_seed",
    });
  });

  it("reshuffles are their own permutations of the muck, by their number", async () => {
    const serverSeed = newSeed();
    const muck = [3, 9, 14, 27, 40];
    const first = await reshuffleOrder(serverSeed, 1, SEEDS, 0, muck);
    expect([...first].sort((x, y) => x - y)).toEqual(muck);
    expect(await reshuffleOrder(serverSeed, 1, SEEDS, 0, muck)).toEqual(first);
  });

  it("client seeds round-trip through their text, and a bad one is refused", () => {
    const text = clientSeedsText(SEEDS);
    expect(text).toBe("1:alice_7,3:bob-42");
    expect(parseClientSeeds(text)).toEqual([...SEEDS].sort((a, b) => a.seat - b.seat));
    expect(parseClientSeeds("")).toEqual([]);
    expect(parseClientSeeds("1:has space")).toBeNull();
    expect(parseClientSeeds("x:abc")).toBeNull();
  });
});
