/**
 * Random table sessions: players sit, leave, sit out and back in, bust, top
 * up, change their blind choice and play random legal actions over many
 * hands, with a rake rule on (and half the time dealer's choice). After
 * every command the chips add up; at every deal the seat rules hold.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { type HandConfig, type HandEvent, legalActions } from "../hand";
import { sized } from "../test-size";
import { canPlay, Ring } from "./blinds";
import { applyTable, chipsOnTable, createTable } from "./table";
import type { BlindDebt, Occupant, TableCommand, TableEvent, TableState } from "./types";
import { tableViewFor } from "./view";

const NL: HandConfig = { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 };
const RAKE = { basisPoints: 500, cap: 3, noFlopNoDrop: true };
const GAMES = [
  { name: "Hold'em NL", hand: NL },
  { name: "Omaha PL", hand: { ...NL, game: "omaha" as const, betting: "pot-limit" as const } },
  { name: "Hold'em FL", hand: { ...NL, betting: "fixed-limit" as const } },
];

const seatArb = fc.integer({ min: 1, max: 6 });
/** Mostly "post to play at once": waiting is the default and needs less exercise. */
const waitArb = fc.constantFrom(false, false, false, true, undefined);
const commandArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("act" as const),
      pick: fc.nat(),
      size: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  fc.record({ kind: fc.constant("timeout" as const) }),
  // Plays the hand out passively (check, call or fold), so that sessions run through many hands.
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("finish" as const), calls: fc.boolean() }),
  },
  fc.record({ kind: fc.constant("leave" as const), seat: seatArb }),
  fc.record({
    kind: fc.constant("sit" as const),
    seat: seatArb,
    buyIn: fc.oneof(fc.integer({ min: 40, max: 200 }), fc.integer({ min: 0, max: 250 })),
    wait: waitArb,
  }),
  fc.record({
    kind: fc.constant("add" as const),
    seat: seatArb,
    amount: fc.integer({ min: -10, max: 120 }),
  }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("sitOut" as const), seat: seatArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("sitIn" as const),
      seat: seatArb,
      wait: waitArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("wait" as const), seat: seatArb, wait: waitArb }),
  },
  fc.record({
    kind: fc.constant("choose" as const),
    seat: seatArb,
    game: fc.integer({ min: -1, max: 3 }),
  }),
  fc.record({ kind: fc.constant("garbage" as const), value: fc.anything() }),
);
type Step = typeof commandArb extends fc.Arbitrary<infer T> ? T : never;

const player = (seat: number) => `p${seat}`;

/** Frozen states make any mutation by a refused (or accepted) command throw. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

function commandFor(t: TableState, step: Step): TableCommand {
  switch (step.kind) {
    case "act": {
      const seat = t.hand?.toAct ?? 1;
      const legal = t.hand ? legalActions(t.hand, seat) : null;
      const options = legal
        ? [
            legal.fold && { type: "fold" as const },
            legal.check && { type: "check" as const },
            legal.call && { type: "call" as const },
            legal.betOrRaise && {
              type: "betOrRaiseTo" as const,
              amount: Math.round(
                legal.betOrRaise.min + step.size * (legal.betOrRaise.max - legal.betOrRaise.min),
              ),
            },
          ].filter((o) => o !== false && o !== null)
        : [];
      const action = options[step.pick % Math.max(1, options.length)] ?? { type: "check" as const };
      return { type: "act", playerId: player(seat), action };
    }
    case "timeout":
      return { type: "timeout" };
    case "finish": {
      const seat = t.hand?.toAct ?? 1;
      const legal = t.hand ? legalActions(t.hand, seat) : null;
      const action =
        legal?.check || (legal?.call && !step.calls)
          ? { type: legal.check ? ("check" as const) : ("fold" as const) }
          : legal?.call
            ? { type: "call" as const }
            : { type: "fold" as const };
      return { type: "act", playerId: player(seat), action };
    }
    case "leave":
      return { type: "leave", playerId: player(step.seat) };
    case "sit":
      return {
        type: "sit",
        seat: step.seat,
        playerId: player(step.seat),
        name: "X",
        buyIn: step.buyIn,
        ...(step.wait === undefined ? {} : { waitForBigBlind: step.wait }),
      };
    case "add":
      return { type: "addChips", playerId: player(step.seat), amount: step.amount };
    case "sitOut":
      return { type: "sitOut", playerId: player(step.seat) };
    case "sitIn":
      return {
        type: "sitIn",
        playerId: player(step.seat),
        ...(step.wait === undefined ? {} : { waitForBigBlind: step.wait }),
      };
    case "wait":
      // An absent choice is a malformed command: it must be refused.
      return {
        type: "waitForBigBlind",
        playerId: player(step.seat),
        wait: step.wait as boolean,
      };
    case "choose":
      return { type: "chooseGame", playerId: player(step.seat), game: step.game };
    default:
      return step.value as TableCommand;
  }
}

const handEventsOf = (events: TableEvent[]): HandEvent[] =>
  events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));

/** Which blinds each player has posted since he sat down (or since the game last started afresh). */
type Posted = Map<string, Set<"small" | "big">>;

/** T-7 … T-9 at one deal: `before` is the table just before it, `after` just after. */
function checkDeal(before: TableState, after: TableState, events: TableEvent[], posted: Posted) {
  const hand = after.hand as NonNullable<TableState["hand"]>;
  const at = after.positions as NonNullable<TableState["positions"]>;
  const seatOf = (seat: number) => before.seats[seat - 1] as Occupant;
  const dealt = hand.players.map((p) => p.seat);
  // Nobody is dealt in while sitting out, broke or leaving.
  for (const seat of dealt) expect(canPlay(seatOf(seat))).toBe(true);

  // T-9 the big blind moves to the next player who can play: never skipped, never twice on a seat.
  if (before.positions) {
    const ring = new Ring(before.config.seatCount);
    const able = (seat: number) => {
      const o = before.seats[seat - 1];
      return o !== null && o !== undefined && canPlay(o);
    };
    expect(at.bigBlind).toBe(ring.next(before.positions.bigBlind, able));
    expect(at.bigBlind).not.toBe(before.positions.bigBlind);
  }

  // The blinds are posted by the right seats.
  const posts = handEventsOf(events);
  const blinds = posts.flatMap((e) => (e.type === "blindPosted" ? [e] : []));
  expect(blinds.filter((e) => e.blind === "small").map((e) => e.seat)).toEqual(
    at.smallBlindDead ? [] : [at.smallBlind],
  );
  expect(blinds.filter((e) => e.blind === "big" && !e.extra).map((e) => e.seat)).toEqual([
    at.bigBlind,
  ]);
  const owed = (seat: number, kinds: BlindDebt[]) => {
    const o = seatOf(seat);
    return !o.waitForBigBlind && o.owes !== null && kinds.includes(o.owes);
  };
  for (const e of blinds.filter((b) => b.extra))
    expect(owed(e.seat, ["newPlayer", "missedBig"])).toBe(true);
  for (const e of posts.filter((p) => p.type === "deadBlindPosted"))
    expect(owed(e.seat, ["missedSmall", "missedBig"])).toBe(true);
  // T-7 a player waiting for the big blind plays only when it reaches him (or the game starts afresh).
  for (const seat of dealt) {
    const o = seatOf(seat);
    if (o.owes !== null && o.waitForBigBlind && !at.newGame) expect(seat).toBe(at.bigBlind);
    expect(after.seats[seat - 1]?.owes).toBeNull();
  }

  // T-9 every player posts both blinds before he gets the button.
  const idOf = (seat: number) => seatOf(seat).playerId;
  const note = (seat: number, blind: "small" | "big") => {
    const id = idOf(seat);
    posted.set(id, new Set([...(posted.get(id) ?? []), blind]));
  };
  if (dealt.length > 2 && dealt.includes(at.button) && !at.newGame) {
    expect([...(posted.get(idOf(at.button)) ?? [])].sort()).toEqual(["big", "small"]);
  }
  if (at.newGame) {
    for (const seat of dealt) {
      note(seat, "small");
      note(seat, "big");
    }
  }
  for (const e of blinds) note(e.seat, e.blind);
  for (const e of posts) if (e.type === "deadBlindPosted") note(e.seat, "small");
}

describe("random table sessions", () => {
  it("T-7 T-8 T-9 T-10 chips are conserved with rake, blinds go to the right seats, bad commands change nothing", () => {
    fc.assert(
      fc.property(
        fc.array(commandArb, { minLength: 20, maxLength: 120, size: "max" }),
        fc.array(fc.nat(51), { minLength: 52, maxLength: 52 }),
        fc.boolean(),
        (script, swaps, dealersChoice) => {
          const shuffled = STANDARD_DECK.slice();
          swaps.forEach((j, i) => {
            [shuffled[i], shuffled[j]] = [shuffled[j] as number, shuffled[i] as number];
          });
          const created = createTable({
            ...(dealersChoice ? { games: GAMES } : { hand: NL }),
            seatCount: 6,
            minBuyIn: 40,
            maxBuyIn: 200,
            rake: RAKE,
          });
          if (!created.ok) throw new Error(created.error.message);
          let t = deepFreeze(created.state);
          let bank = 0; // chips that came in through buy-ins and top-ups
          let out = 0; // chips cashed out
          const posted: Posted = new Map();
          const account = (events: TableEvent[]) => {
            for (const event of events) {
              if (event.type === "playerSat") {
                bank += event.buyIn;
                posted.delete(event.playerId);
              }
              if (event.type === "chipsAdded") bank += event.amount;
              if (event.type === "playerLeft") out += event.cashOut;
              if (event.type === "handSettled") {
                const hand = t.hand as NonNullable<TableState["hand"]>;
                expect(event.rake).toBe(hand.rakeTaken);
                expect(event.rake).toBeLessThanOrEqual(RAKE.cap);
                if (hand.street === "preflop") expect(event.rake).toBe(0);
              }
            }
          };
          for (const seat of [1, 2, 3, 4, 5]) {
            const sat = applyTable(t, {
              type: "sit",
              seat,
              playerId: player(seat),
              name: "X",
              buyIn: 100,
            });
            if (!sat.ok) throw new Error(sat.error.message);
            t = deepFreeze(sat.state);
            account(sat.events);
          }
          for (const step of script) {
            if (t.hand === null || t.hand.phase === "complete") {
              let started = applyTable(t, { type: "startHand", deck: shuffled });
              if (!started.ok && started.error.code === "game_not_chosen") {
                // Half the time the chooser picks, otherwise his clock runs out.
                const chooser = tableViewFor(t, null).dealersChoice?.chooser as number;
                const choice =
                  step.kind === "act"
                    ? applyTable(t, {
                        type: "chooseGame",
                        playerId: player(chooser),
                        game: step.pick % 3,
                      })
                    : applyTable(t, { type: "timeout" });
                if (!choice.ok) throw new Error(choice.error.code);
                account(choice.events);
                t = deepFreeze(choice.state);
                started = applyTable(t, { type: "startHand", deck: shuffled });
              }
              if (started.ok) {
                const before = t;
                t = deepFreeze(started.state);
                checkDeal(before, t, started.events, posted);
                account(started.events);
              }
            }
            do {
              // The state is frozen: a refused command that touched it would have thrown.
              const result = applyTable(t, commandFor(t, step));
              if (!result.ok) break;
              expect(result.state.version).toBe(t.version + 1);
              t = deepFreeze(result.state);
              account(result.events);
              expect(chipsOnTable(t) + out + t.rakeTaken).toBe(bank);
              for (const o of t.seats) if (o) expect(o.stack).toBeGreaterThanOrEqual(0);
            } while (step.kind === "finish" && t.hand !== null && t.hand.phase !== "complete");
          }
        },
      ),
      { numRuns: sized(20, 80) },
    );
  }, 60_000);
});
