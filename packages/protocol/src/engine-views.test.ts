/**
 * The room must parse its own messages: random sessions played by the
 * engine (hold'em, Omaha, fixed-limit with antes, five-card draw with the 7–A
 * deck and wild cards, dealer's choice, a home game with its options) and,
 * after every command, the view of
 * every seat and of a spectator, and every event as each of them sees it,
 * parse with the strict schemas, unchanged. The compile-time half is
 * engine-types.test.ts.
 */
import {
  applyTable,
  createTable,
  deckOf,
  eventsFor,
  type HandConfig,
  raiseAmountAt,
  type TableCommand,
  type TableEvent,
  type TableGame,
  type TableSetup,
  type TableState,
  tableViewFor,
} from "@felt/engine";
import { seededFloats } from "@felt/fairness/testing";
import { describe, expect, it } from "vitest";
import { handEventSchema, tableEventSchema } from "./events";
import { serverMessageSchema } from "./table";
import { tableViewSchema } from "./view";

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const SEATS = 6;
const player = (seat: number) => `p${seat}`;
const RAKE = { basisPoints: 500, cap: 3, noFlopNoDrop: true };
/** H-3: the home game's end time; its hands are dealt a minute apart before it. */
const ENDS_AT = Date.UTC(2026, 11, 7, 22, 0);
const HAND_START = ENDS_AT - 24 * 3_600_000;

const holdem: HandConfig = { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 };
const omaha: HandConfig = { game: "omaha", betting: "pot-limit", smallBlind: 1, bigBlind: 2 };
const limitAntes: HandConfig = {
  game: "holdem",
  betting: "fixed-limit",
  smallBlind: 1,
  bigBlind: 2,
  ante: 1,
  anteKind: "big-blind",
};
const draw = (extra: Partial<HandConfig>): HandConfig => ({
  game: "five-card-draw",
  betting: "fixed-limit",
  smallBlind: 1,
  bigBlind: 2,
  ...extra,
});

const stud = (game: "stud7" | "stud5"): HandConfig => ({
  game,
  betting: "fixed-limit",
  smallBlind: 1,
  bigBlind: 2,
});

const GAMES: TableGame[] = [
  { name: "Hold'em NL", hand: holdem },
  { name: "Omaha PL", hand: omaha },
  { name: "Draw 7–A, joker", hand: draw({ deckType: "7A", wild: "joker" }) },
  { name: "Draw, deuces wild", hand: draw({ wild: "deuces" }) },
];

const SESSIONS: [string, Partial<TableSetup>][] = [
  ["hold'em no-limit with rake", { hand: holdem, rake: RAKE }],
  ["Omaha pot-limit", { hand: omaha }],
  ["hold'em fixed-limit with a big-blind ante", { hand: limitAntes, rake: RAKE }],
  ["five-card draw, 7–A deck, joker", { hand: draw({ deckType: "7A", wild: "joker" }) }],
  ["seven-card stud, antes (ST-1)", { hand: { ...stud("stud7"), ante: 1 } }],
  [
    "five-card stud, lowest card wild (ST-5, ST-7)",
    { hand: { ...stud("stud5"), wild: "lowest-card" } },
  ],
  [
    "five-card draw, 7–A deck, bug, antes",
    { hand: draw({ deckType: "7A", wild: "bug", ante: 1 }) },
  ],
  [
    "five-card draw, two jokers, no-limit",
    { hand: draw({ wild: "two-jokers", betting: "no-limit" }) },
  ],
  ["five-card draw, deuces and a joker", { hand: draw({ wild: "deuces-joker" }), rake: RAKE }],
  ["five-card draw, one-eyed jacks", { hand: draw({ wild: "one-eyed-jacks" }) }],
  ["five-card draw, lowest card wild", { hand: draw({ wild: "lowest-card" }) }],
  ["dealer's choice", { games: GAMES, rake: RAKE }],
  // H-3 … H-5: stakes high enough for players to lose their chips (free sets) within the
  // session, a special round after each full house, and the end time after the last hand.
  [
    "home game: fixed limit, poverty poker, special round, end time",
    {
      hand: { ...limitAntes, smallBlind: 5, bigBlind: 10, ante: 0 },
      rake: RAKE,
      home: { endsAt: ENDS_AT, poverty: { freeSets: 2, setChips: 60 }, specialRound: true },
    },
  ],
];

/** Deep equality of JSON values (vitest's toEqual is too slow for thousands of views). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return (
    keys.length === Object.keys(y).length &&
    keys.every((key) => Object.hasOwn(y, key) && sameJson(x[key], y[key]))
  );
}

/** What the sessions covered, so the test also proves it saw every kind of event. */
const seen = { table: new Set<string>(), hand: new Set<string>() };
let sessionsPlayed = 0;

/** As the room builds it (apps/api messages.ts): the view and the events one viewer may see. */
function checkMessages(state: TableState, events: readonly TableEvent[]) {
  const viewers: [string | null, number | null][] = [[null, null]];
  for (let seat = 1; seat <= SEATS; seat++) {
    if (state.seats[seat - 1]) viewers.push([player(seat), seat]);
  }
  for (const [playerId, seat] of viewers) {
    const view = tableViewFor(state, playerId);
    const seenEvents = events.map((e) =>
      e.type === "handEvent" ? { ...e, event: eventsFor([e.event], seat)[0] ?? e.event } : e,
    );
    // As built (the room's objects), then as a client receives it: after JSON,
    // which drops what is undefined, inside the state message.
    tableViewSchema.parse(view);
    for (const event of seenEvents) {
      tableEventSchema.parse(event);
      seen.table.add(event.type);
      if (event.type === "handEvent") seen.hand.add(event.event.type);
    }
    const message = {
      type: "state",
      tableId: "t1",
      feed: 1,
      view,
      you: playerId === null ? null : { playerId, name: playerId },
      clock: null,
      fairness: null,
      rules: state.hand?.rules ?? null,
      events: seenEvents,
      nextHandAt: null,
      tournament: null,
    };
    const wire = JSON.parse(JSON.stringify(message));
    // Parsed unchanged: nothing stripped, nothing added.
    const parsed = serverMessageSchema.parse(wire);
    if (!sameJson(parsed, wire)) expect(parsed).toEqual(wire);
  }
}

/** One random legal decision for whoever is to act (a timeout now and then). */
function decision(state: TableState, random: () => number): TableCommand {
  const hand = state.hand;
  const seat = hand?.toAct ?? null;
  if (!hand || seat === null || random() < 0.04) return { type: "timeout" };
  const legal = tableViewFor(state, player(seat)).hand?.legalActions;
  if (!legal) return { type: "timeout" };
  const act = (action: Extract<TableCommand, { type: "act" }>["action"]): TableCommand => ({
    type: "act",
    playerId: player(seat),
    action,
  });
  if (legal.draw) {
    const mine = hand.players.find((p) => p.seat === seat)?.holeCards ?? [];
    const count = Math.floor(random() * (legal.draw.max + 1));
    return act({ type: "draw", discard: shuffled(mine, random).slice(0, count) });
  }
  const r = random();
  if (legal.fold && r < 0.15) return act({ type: "fold" });
  if (legal.betOrRaise && r > 0.65) {
    const amount =
      random() < 0.5 ? legal.betOrRaise.min : raiseAmountAt(legal.betOrRaise, random());
    return act({ type: "betOrRaiseTo", amount });
  }
  if (legal.check) return act({ type: "check" });
  if (legal.call) return act({ type: "call" });
  return act({ type: "fold" });
}

/** Between hands: players come and go, sit out and back, top up and change their blind choice. */
function seatChange(state: TableState, random: () => number): TableCommand {
  const seat = 1 + Math.floor(random() * SEATS);
  const occupant = state.seats[seat - 1];
  const playerId = player(seat);
  if (!occupant) {
    const waitForBigBlind = random() < 0.5;
    const buyIn = 40 + Math.floor(random() * 161);
    return { type: "sit", seat, playerId, name: `Player ${seat}`, buyIn, waitForBigBlind };
  }
  const r = random();
  if (r < 0.15) return { type: "leave", playerId };
  if (r < 0.4) return { type: "sitOut", playerId };
  if (r < 0.65) return { type: "sitIn", playerId, waitForBigBlind: random() < 0.3 };
  if (r < 0.8) return { type: "waitForBigBlind", playerId, wait: random() < 0.3 };
  return { type: "addChips", playerId, amount: 1 + Math.floor(random() * 60) };
}

function playSession(setup: Partial<TableSetup>, seed: number, hands: number) {
  const random = seededFloats(seed);
  const other = seededFloats(seed + 1);
  // S-2's choices come from a stream of their own, so the sessions' other choices stay as they were.
  const shows = seededFloats(seed + 2);
  const created = createTable({
    seatCount: SEATS,
    minBuyIn: 40,
    maxBuyIn: 200,
    ...setup,
  } as TableSetup);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const step = (command: TableCommand): boolean => {
    const result = applyTable(state, command);
    if (!result.ok) return false;
    state = result.state;
    checkMessages(state, result.events);
    return true;
  };
  checkMessages(state, []);
  // Seat 6 stays empty to begin with: a view always has an empty seat in it.
  for (let seat = 1; seat < SEATS; seat++) {
    step({ type: "sit", seat, playerId: player(seat), name: `Player ${seat}`, buyIn: 100 });
  }
  const decks = [...new Set([setup.hand, ...(setup.games ?? []).map((g) => g.hand)])]
    .filter((hand): hand is HandConfig => hand !== undefined)
    .map((hand) => deckOf({ deckType: hand.deckType ?? "52", wild: hand.wild ?? "none" }));
  let dealt = 0;
  for (let guard = 0; dealt < hands && guard < hands * 400; guard++) {
    const hand = state.hand;
    if (hand && hand.phase !== "complete") {
      const need = hand.needsReshuffle;
      if (need) step({ type: "reshuffle", order: shuffled(need.cards, random) });
      else if (random() < 0.01) step(seatChange(state, random));
      else {
        // S-2: anyone may choose to show his hand at the showdown, on his turn or not.
        if (shows() < 0.05) {
          const chooser = 1 + Math.floor(shows() * SEATS);
          step({ type: "showMyHand", playerId: player(chooser), show: shows() < 0.5 });
        }
        step(decision(state, random));
      }
      continue;
    }
    // Between hands: a few seat changes, the game chosen when it is due, then a deal.
    // S-2: someone shows a hand that was mucked or won uncalled (refused otherwise).
    if (shows() < 0.3) step({ type: "show", playerId: player(1 + Math.floor(shows() * SEATS)) });
    while (random() < 0.5) step(seatChange(state, random));
    for (let seat = 1; seat <= SEATS; seat++) {
      const occupant = state.seats[seat - 1];
      if (occupant && occupant.stack === 0 && random() < 0.7)
        step({ type: "addChips", playerId: occupant.playerId, amount: 100 });
    }
    // Now and then a player sets his auto-rebuy and the admin edits the stake (other buy-in
    // limits and rake, the same games), drawn from a stream of their own so that the
    // sessions' other choices stay as they were.
    if (other() < 0.1) {
      const upTo = other() < 0.3 ? null : 150;
      step({ type: "setAutoRebuy", playerId: player(1 + Math.floor(other() * SEATS)), upTo });
    }
    if (other() < 0.05) {
      const maxBuyIn = other() < 0.5 ? 200 : 300;
      const rake = other() < 0.5 ? RAKE : null;
      step({ type: "changeStakes", stakes: { ...setup, minBuyIn: 40, maxBuyIn, rake } });
    }
    const chooser = tableViewFor(state, null).dealersChoice?.chooser ?? null;
    if (chooser !== null) {
      if (random() < 0.7) {
        const game = Math.floor(random() * GAMES.length);
        step({ type: "chooseGame", playerId: player(chooser), game });
      } else {
        step({ type: "timeout" });
      }
    }
    // The room's clock (H-3): a minute a hand, well before the end time.
    const now = HAND_START + dealt * 60_000;
    for (const deck of decks) {
      if (step({ type: "startHand", deck: shuffled(deck, random), now })) {
        dealt++;
        break;
      }
    }
  }
  expect(dealt).toBe(hands);
  if (setup.home?.endsAt) {
    // The last hand is played out; then the end time comes: the table closes, and
    // everyone is cashed out.
    for (let guard = 0; state.hand && state.hand.phase !== "complete" && guard < 400; guard++) {
      const need = state.hand.needsReshuffle;
      step(
        need ? { type: "reshuffle", order: shuffled(need.cards, random) } : decision(state, random),
      );
    }
    expect(step({ type: "startHand", deck: decks[0] ?? [], now: setup.home.endsAt })).toBe(true);
    expect(state.homeGame?.closed).toBe(true);
    for (let seat = 1; seat <= SEATS; seat++) step({ type: "leave", playerId: player(seat) });
  }
}

describe("the engine's views and events parse with the strict schemas", () => {
  it.each(SESSIONS)("%s", (_name, setup) => {
    // A home game plays longer: its special round (H-5) needs a full house at a showdown.
    for (const seed of [1, 2]) playSession(setup, seed * 7919, setup.home ? 60 : 20);
    sessionsPlayed++;
  });

  it("every kind of event was sent", (context) => {
    // Only meaningful after every session above (not when some are filtered out).
    if (sessionsPlayed < SESSIONS.length) context.skip();
    const handEvents = handEventSchema.options.map((o) => o.shape.type.value);
    const tableEvents = tableEventSchema.options.map((o) => o.shape.type.value);
    expect([...seen.hand].sort()).toEqual([...handEvents].sort());
    expect([...seen.table].sort()).toEqual([...tableEvents].sort());
  });
});

describe("the schemas are strict", () => {
  const view = () => {
    const created = createTable({ hand: holdem, seatCount: 2, minBuyIn: 40, maxBuyIn: 200 });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.state;
    for (const seat of [1, 2]) {
      const sat = applyTable(state, {
        type: "sit",
        seat,
        playerId: player(seat),
        name: "X",
        buyIn: 100,
      });
      if (!sat.ok) throw new Error(sat.error.message);
      state = sat.state;
    }
    const dealt = applyTable(state, {
      type: "startHand",
      deck: deckOf({ deckType: "52", wild: "none" }),
    });
    if (!dealt.ok) throw new Error(dealt.error.message);
    return JSON.parse(JSON.stringify(tableViewFor(dealt.state, player(1))));
  };

  /** Sets (or, with `undefined`, deletes) the value at `path` in a parsed JSON view. */
  const spoiled = (path: (string | number)[], value: unknown) => {
    const spoilt = view();
    let at = spoilt as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    const last = path[path.length - 1] as string | number;
    if (value === undefined) delete at[last];
    else at[last] = value;
    return spoilt;
  };

  it("accepts the view as the engine built it", () => {
    expect(tableViewSchema.safeParse(view()).success).toBe(true);
  });

  it.each([
    ["an unknown key", ["extra"], 1],
    ["an unknown key in a seat", ["seats", 0, "extra"], 1],
    ["an unknown key in a player", ["hand", "players", 0, "extra"], 1],
    ["an unknown key in the legal actions", ["hand", "legalActions", "raise"], true],
    ["fractional chips", ["seats", 0, "stack"], 1.5],
    ["negative chips", ["hand", "totalPot"], -1],
    ["chips as a string", ["rakeTaken"], "0"],
    ["a card past the jokers", ["hand", "players", 0, "holeCards", 0], 54],
    ["a null name (it is left out, never null)", ["hand", "players", 0, "name"], null],
    ["an unknown street", ["hand", "street"], "eighth"],
    ["a missing field", ["hand", "legalActions"], undefined],
  ] as const)("refuses a view with %s", (_name, path, value) => {
    expect(tableViewSchema.safeParse(spoiled([...path], value)).success).toBe(false);
  });

  it.each([
    ["an unknown type", { type: "handExploded", seat: 1 }],
    ["an unknown key", { type: "playerSatIn", seat: 1, extra: true }],
    [
      "a nested unknown key",
      { type: "handEvent", handNumber: 1, event: { type: "rakeTaken", amount: 1, x: 1 } },
    ],
    [
      "extra: false",
      {
        type: "handEvent",
        handNumber: 1,
        event: {
          type: "blindPosted",
          seat: 1,
          blind: "big",
          amount: 2,
          allIn: false,
          extra: false,
        },
      },
    ],
    [
      "a preflop board",
      {
        type: "handEvent",
        handNumber: 1,
        event: { type: "boardDealt", street: "preflop", cards: [] },
      },
    ],
  ])("refuses an event with %s", (_name, event) => {
    expect(tableEventSchema.safeParse(event).success).toBe(false);
  });
});
