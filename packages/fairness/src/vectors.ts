/**
 * The test vectors of docs/fairness.md (docs/fairness-vectors.json), made by
 * our own code: `pnpm --filter @felt/fairness vectors` writes them, the test
 * beside this file checks the file is still what the code makes, and
 * examples/fairness/verify.py checks them without any of our code.
 *
 * The seeds are fixed (SHA-256 of a label) so the file never changes unless
 * the scheme does. The cards each player is dealt come from the engine
 * itself (`startHand`, the Russian machine), so the vectors show where the
 * deal really takes them from.
 */
import {
  apply,
  type Card,
  type Command,
  type DeckType,
  deckLayout,
  deckOf,
  exportHand,
  formatCard,
  type GameKind,
  type HandEvent,
  legalActions,
  russian,
  type StartHand,
  startHand,
  type WildCards,
  writePhhs,
} from "@felt/engine";
import { concatBytes, sha256, toHex, uintBytes, utf8 } from "./bytes";
import {
  type ClientSeed,
  clientSeedsText,
  commitDeal,
  deckKeyOf,
  type Leaf,
  leafOf,
  reshuffleOrder,
  rootOfLeaf,
  SCHEME,
} from "./deal";
import { historyFields, leavesText } from "./history";
import { commitmentOf, intsFromSeed, seedToHex } from "./shuffle";

const names = (cards: readonly Card[]) => cards.map(formatCard).join(" ");

/** Where the engine dealt each card from: `p1` … (PHH players), boxes, the dealer, burns, board. */
type Dealt = Record<string, { positions: number[]; cards: string }>;

type DealCase = {
  name: string;
  game: GameKind | "russian";
  deckType: DeckType;
  wild: WildCards;
  /** Poker: players dealt in (PHH p1 … pN). Russian: the boxes with bets. */
  players?: number;
  boxes?: number[];
  hand: number;
  clientSeeds: readonly ClientSeed[];
};

const CASES: DealCase[] = [
  {
    name: "holdem",
    game: "holdem",
    deckType: "52",
    wild: "none",
    players: 3,
    hand: 41,
    clientSeeds: [
      { seat: 4, seed: "bob-42" },
      { seat: 1, seed: "alice_7" },
    ],
  },
  {
    name: "omaha-heads-up",
    game: "omaha",
    deckType: "52",
    wild: "none",
    players: 2,
    hand: 7,
    clientSeeds: [{ seat: 2, seed: "9f86d081884c7d65" }],
  },
  {
    name: "draw-7A",
    game: "five-card-draw",
    deckType: "7A",
    wild: "none",
    players: 4,
    hand: 1,
    clientSeeds: [],
  },
  {
    name: "draw-52-joker",
    game: "five-card-draw",
    deckType: "52",
    wild: "joker",
    players: 3,
    hand: 12,
    clientSeeds: [
      { seat: 3, seed: "c" },
      { seat: 2, seed: "B" },
      { seat: 1, seed: "a" },
    ],
  },
  {
    name: "draw-7A-two-jokers",
    game: "five-card-draw",
    deckType: "7A",
    wild: "two-jokers",
    players: 2,
    hand: 100,
    clientSeeds: [{ seat: 1, seed: "x" }],
  },
  {
    name: "russian",
    game: "russian",
    deckType: "52",
    wild: "none",
    boxes: [0, 3],
    hand: 5,
    clientSeeds: [],
  },
];

const seedOf = async (label: string) => sha256(utf8(`felt fairness vectors: ${label}`));

const at = (deck: readonly Card[], positions: number[]) => ({
  positions,
  cards: names(positions.map((p) => deck[p] as Card)),
});

const positionsOf = (deck: readonly Card[], cards: readonly Card[]) =>
  at(
    deck,
    cards.map((card) => deck.indexOf(card)),
  );

/** Hold'em, Omaha and draw: the engine deals the deck to seats 1 … n with the button on seat n, so seat k is PHH p<k>. */
const startOf = (c: DealCase, deck: Card[]): StartHand => {
  const n = c.players as number;
  const game = c.game as GameKind;
  return {
    type: "start",
    config: {
      game,
      betting: "no-limit",
      smallBlind: 1,
      bigBlind: 2,
      ...(game === "five-card-draw" ? { deckType: c.deckType, wild: c.wild } : {}),
    },
    players: Array.from({ length: n }, (_, k) => ({ seat: k + 1, stack: 100 })),
    button: n,
    deck,
  };
};

function pokerDealt(c: DealCase, deck: Card[]): Dealt {
  const n = c.players as number;
  const game = c.game as GameKind;
  const started = startHand(startOf(c, deck));
  if (!started.ok) throw new Error(started.error.message);
  const dealt: Dealt = {};
  for (const p of [...started.state.players].sort((a, b) => a.seat - b.seat)) {
    dealt[`p${p.seat}`] = positionsOf(deck, p.holeCards);
  }
  if (game !== "five-card-draw") {
    const layout = deckLayout(game, n);
    dealt.burns = at(deck, layout.burns);
    dealt.flop = at(deck, layout.flop);
    dealt.turn = at(deck, [layout.turn]);
    dealt.river = at(deck, [layout.river]);
  }
  return dealt;
}

/** Russian poker: the machine deals the boxes with bets and the dealer. */
function russianDealt(c: DealCase, deck: Card[]): Dealt {
  let state = must(
    russian.startRound({
      players: [
        { id: "a", chips: 1000 },
        { id: "b", chips: 1000 },
      ],
      deck,
    }),
  );
  for (const [i, box] of (c.boxes as number[]).entries()) {
    const playerId = i % 2 === 0 ? "a" : "b";
    state = must(russian.apply(state, { type: "placeBets", playerId, box, ante: 10, bonus: 0 }));
  }
  state = must(russian.apply(state, { type: "deal" }));
  const dealt: Dealt = {};
  for (const box of state.boxes) {
    if (box.cards.length > 0) dealt[`box ${box.box}`] = positionsOf(deck, box.cards);
  }
  dealt.dealer = positionsOf(deck, state.dealer.cards);
  dealt["dealer up card"] = positionsOf(deck, [state.dealer.upCard as Card]);
  return dealt;
}

function must(result: ReturnType<typeof russian.apply>): russian.RussianState {
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

async function dealVector(c: DealCase) {
  const serverSeed = await seedOf(c.name);
  const cards = deckOf({ deckType: c.deckType, wild: c.wild });
  const deckKey = await deckKeyOf(serverSeed, c.hand, c.clientSeeds);
  const secret = await commitDeal({ serverSeed, hand: c.hand, clientSeeds: c.clientSeeds, cards });
  // The shuffle's draws: j for i = n − 1 down to 1, each below i + 1.
  const bounds = cards.slice(1).map((_, i) => cards.length - i);
  const { deck } = secret;
  return {
    name: c.name,
    game: c.game,
    deckType: c.deckType,
    wild: c.wild,
    ...(c.players === undefined ? {} : { players: c.players }),
    ...(c.boxes === undefined ? {} : { boxes: c.boxes }),
    serverSeed: toHex(serverSeed),
    seedCommitment: await commitmentOf(serverSeed),
    hand: c.hand,
    clientSeeds: clientSeedsText(c.clientSeeds),
    deckKeyMessage: `felt/deck/v1|${c.hand}|${clientSeedsText(c.clientSeeds)}`,
    deckKey: toHex(deckKey),
    cards: [...cards],
    swaps: await intsFromSeed(deckKey, bounds),
    deck,
    deckNames: names(deck),
    salts: secret.salts,
    leaves: secret.levels[0] as string[],
    root: secret.root,
    dealt: c.game === "russian" ? russianDealt(c, deck) : pokerDealt(c, deck),
  };
}

/** The stream on its own, with bounds just over 2³¹ so that about half the words are rejected. */
async function streamVector() {
  const seed = await seedOf("stream");
  const blocks = await Promise.all(
    [0, 1].map(async (i) => toHex(await sha256(concatBytes(seed, uintBytes(i, 4))))),
  );
  const bounds = [52, 2 ** 31 + 1, 2 ** 31 + 1, 2 ** 31 + 1, 2 ** 31 + 1, 2 ** 31 + 1, 7];
  return { seed: toHex(seed), blocks, bounds, ints: await intsFromSeed(seed, bounds) };
}

async function reshuffleVector(draw: Awaited<ReturnType<typeof dealVector>>, c: DealCase) {
  const serverSeed = await seedOf(c.name);
  // Any muck will do: here the first 12 cards of the deal, in the order they were dealt.
  const muck = draw.deck.slice(0, 12);
  const orders = await Promise.all(
    [0, 1].map((k) => reshuffleOrder(serverSeed, c.hand, c.clientSeeds, k, muck)),
  );
  return {
    deal: c.name,
    muck,
    reshuffles: orders.map((order, k) => ({
      k,
      keyMessage: `felt/reshuffle/v1|${c.hand}|${k}|${clientSeedsText(c.clientSeeds)}`,
      order,
    })),
  };
}

/** A leaf as a player is given it, checked by our own code against the root. */
async function proofVector(
  deal: string,
  secret: Awaited<ReturnType<typeof commitDeal>>,
  position: number,
  tamper: Partial<Leaf> = {},
) {
  const leaf = { ...leafOf(secret, position), ...tamper };
  const root = await rootOfLeaf(leaf, secret.deck.length);
  return {
    deal,
    deckSize: secret.deck.length,
    ...leaf,
    phh: leavesText([leaf]),
    valid: root === secret.root,
  };
}

export async function buildVectors() {
  const deals = await Promise.all(CASES.map(dealVector));
  const secretOf = async (name: string) => {
    const c = CASES.find((x) => x.name === name) as DealCase;
    return commitDeal({
      serverSeed: await seedOf(c.name),
      hand: c.hand,
      clientSeeds: c.clientSeeds,
      cards: deckOf({ deckType: c.deckType, wild: c.wild }),
    });
  };
  const holdem = await secretOf("holdem");
  const jokers = await secretOf("draw-7A-two-jokers");
  const river = deckLayout("holdem", 3).river;
  const riverLeaf = leafOf(holdem, river);
  const drawCase = CASES.find((x) => x.name === "draw-52-joker") as DealCase;
  return {
    about:
      "Test vectors for docs/fairness.md. Made by packages/fairness/src/vectors.ts (pnpm --filter @felt/fairness vectors); vectors.test.ts checks our code still makes exactly these, and examples/fairness/verify.py checks them with Python's standard library alone.",
    scheme: SCHEME,
    cardNames: Array.from({ length: 54 }, (_, id) => formatCard(id)),
    stream: await streamVector(),
    deals,
    reshuffle: await reshuffleVector(
      deals.find((d) => d.name === drawCase.name) as (typeof deals)[number],
      drawCase,
    ),
    proofs: [
      await proofVector("holdem", holdem, river),
      // The last leaf of a 34-leaf tree: on three levels its node has no sibling and moves up alone.
      await proofVector("draw-7A-two-jokers", jokers, 33),
      await proofVector("draw-7A-two-jokers", jokers, 0),
      // Tampered: another card, or the right card claimed at another position.
      await proofVector("holdem", holdem, river, { card: (riverLeaf.card + 1) % 52 }),
      await proofVector("holdem", holdem, river, { position: river - 1 }),
    ],
  };
}

export type Vectors = Awaited<ReturnType<typeof buildVectors>>;

/**
 * A hand of a vectors deal played to the end, as the room stores it (the
 * auditor's copy, with the server seed): seat 1 folds, the others check or
 * call and show; in a draw, seat k discards its first k − 1 cards (as many as
 * it may), and the muck is reshuffled from the seed as the room does
 * (apps/api game-deck.ts) whenever the stub runs short.
 */
async function playedHistory(c: DealCase) {
  const serverSeed = await seedOf(c.name);
  const cards = deckOf({ deckType: c.deckType, wild: c.wild });
  const secret = await commitDeal({ serverSeed, hand: c.hand, clientSeeds: c.clientSeeds, cards });
  const start = startOf(c, secret.deck);
  const started = startHand(start);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.state;
  const events: HandEvent[] = [...started.events];
  const reshuffled = new Set<Card>();
  let reshuffles = 0;
  const play = async (): Promise<Command | null> => {
    const need = state.needsReshuffle;
    if (need) {
      const order = await reshuffleOrder(
        serverSeed,
        c.hand,
        c.clientSeeds,
        reshuffles++,
        need.cards,
      );
      for (const card of order) reshuffled.add(card);
      return { type: "reshuffle", order };
    }
    const seat = state.toAct;
    if (seat === null) return null;
    const legal = legalActions(state, seat);
    const hole = state.players.find((p) => p.seat === seat)?.holeCards ?? [];
    if (legal.draw)
      return { type: "draw", seat, discard: hole.slice(0, Math.min(seat - 1, legal.draw.max)) };
    if (seat === 1 && legal.fold) return { type: "fold", seat };
    // The showdown plays itself (S-2): nobody is asked there.
    return { type: legal.check ? "check" : "call", seat };
  };
  for (let command = await play(); command; command = await play()) {
    const next = apply(state, command);
    if (!next.ok) throw new Error(next.error.message);
    state = next.state;
    events.push(...next.events);
  }
  const exported = exportHand(start, events, { hand: c.hand, table: "vectors" });
  if (!exported.ok) throw new Error(exported.error.message);
  const record = {
    ...secret,
    scheme: SCHEME,
    seed: seedToHex(serverSeed),
    seedCommitment: await commitmentOf(serverSeed),
    clientSeeds: c.clientSeeds,
    reshuffled: [...reshuffled],
  } as const;
  const order = exported.history.seats ?? [];
  Object.assign(exported.history.extra, historyFields(record, state.board, order, events));
  return exported.history;
}

/** Six players on the 7–A deck leave a stub of two cards: the draw reshuffles the muck twice. */
const RESHUFFLING: DealCase = {
  name: "draw-7A-reshuffles",
  game: "five-card-draw",
  deckType: "7A",
  wild: "none",
  players: 6,
  hand: 3,
  clientSeeds: [{ seat: 6, seed: "f" }],
};

/** examples/fairness/hands.phhs: hands of the vectors' deals (and one that reshuffles), the auditor's copies. */
export async function buildExampleHands(): Promise<string> {
  const hold = CASES.find((c) => c.name === "holdem") as DealCase;
  const draw = CASES.find((c) => c.name === "draw-52-joker") as DealCase;
  return writePhhs(await Promise.all([hold, draw, RESHUFFLING].map(playedHistory)));
}
