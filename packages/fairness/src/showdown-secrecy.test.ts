/**
 * S-2 (the showdown plays itself): what is mucked stays secret. Over random
 * hands (hold'em, Omaha and seven-card stud, whose down cards are the secret
 * ones, ST-1; short stacks for all-ins, "show my hand" chosen
 * at the start and changed during the hand), every hand S-2 keeps secret — a
 * folded hand, a hand that won uncontested, a beaten hand whose player did not
 * ask to show it, when nobody still in is all-in — is in no other player's
 * view nor a spectator's, in no event another viewer receives, not in the
 * public PHH copy, and its leaves are in none of the fairness fields but its
 * owner's.
 */
import {
  apply,
  bestHand,
  bestOmahaHand,
  type Command,
  eventsFor,
  exportHand,
  type HandEvent,
  type HandState,
  legalActions,
  raiseAmountAt,
  STANDARD_DECK,
  type StartHand,
  seededFloats,
  startHand,
  viewFor,
} from "@felt/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitDeal, SCHEME } from "./deal";
import { type DealRecord, HISTORY_FIELDS, historyFields, parseLeaves } from "./history";

interface Spec {
  game: "holdem" | "omaha" | "stud7";
  stacks: number[];
  showAtStart: boolean[];
  seed: number;
  serverSeed: Uint8Array;
}

const spec: fc.Arbitrary<Spec> = fc.integer({ min: 2, max: 6 }).chain((n) =>
  fc.record({
    game: fc.constantFrom("holdem" as const, "omaha" as const, "stud7" as const),
    // Mostly deep stacks (showdowns without an all-in), some short ones (all-ins).
    stacks: fc.array(
      fc.oneof(fc.integer({ min: 200, max: 400 }), fc.integer({ min: 3, max: 60 })),
      {
        minLength: n,
        maxLength: n,
      },
    ),
    showAtStart: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    serverSeed: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  }),
);

/** Plays the hand at random: mostly checks and calls (to reach showdowns), "show my hand" toggled now and then. */
function play(start: StartHand, seed: number): { state: HandState; events: HandEvent[] } {
  const started = startHand(start);
  if (!started.ok) throw new Error(started.error.message);
  const random = seededFloats(seed);
  let state = started.state;
  const events = [...started.events];
  for (let guard = 0; state.phase !== "complete" && guard < 500; guard++) {
    let command: Command;
    if (random() < 0.15) {
      const p = state.players[
        Math.floor(random() * state.players.length)
      ] as HandState["players"][number];
      command = { type: "showMyHand", seat: p.seat, show: random() < 0.5 };
    } else {
      const seat = state.toAct as number;
      const legal = legalActions(state, seat);
      const r = random();
      if (legal.fold && r < 0.12) command = { type: "fold", seat };
      else if (legal.betOrRaise && r > 0.85)
        command = { type: "betOrRaiseTo", seat, amount: raiseAmountAt(legal.betOrRaise, random()) };
      else if (legal.check) command = { type: "check", seat };
      else if (legal.call) command = { type: "call", seat };
      // ST-2: the bring-in may neither check nor fold.
      else command = { type: "betOrRaiseTo", seat, amount: legal.betOrRaise?.min ?? 0 };
    }
    const result = apply(state, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.error.code}`);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/** The S-2 oracle, worked out apart from the engine: the seats whose hands stay secret. */
function secretSeats(state: HandState, events: readonly HandEvent[]): Set<number> {
  const secret = new Set(state.players.filter((p) => p.folded).map((p) => p.seat));
  const live = state.players.filter((p) => !p.folded);
  // Won uncontested: nobody saw it.
  if (live.length === 1) return new Set(state.players.map((p) => p.seat));
  if (live.some((p) => p.allIn)) return secret;
  // Order: the last to bet or raise after the last board card, else the first left of the button.
  let lastAggressor: number | null = null;
  for (const e of events) {
    // A new street: the board, or stud's cards to the players.
    if (e.type === "boardDealt" || e.type === "upCardsDealt" || e.type === "holeCardsDealt")
      lastAggressor = null;
    if (e.type === "betPlaced" || e.type === "raisedTo") lastAggressor = e.seat;
  }
  const n = state.players.length;
  const aggressor = state.players.findIndex((p) => p.seat === lastAggressor && !p.folded);
  let first = aggressor;
  if (first < 0)
    for (let k = 1; k <= n && first < 0; k++)
      if (!state.players[(state.buttonIndex + k) % n]?.folded) first = (state.buttonIndex + k) % n;
  const strength = (p: HandState["players"][number]) =>
    state.rules.game === "omaha"
      ? bestOmahaHand(p.holeCards, state.board).value
      : bestHand([...p.holeCards, ...(p.upCards ?? []), ...state.board]).value;
  let best = -1;
  for (let k = 0; k < n; k++) {
    const p = state.players[(first + k) % n] as HandState["players"][number];
    if (p.folded) continue;
    const value = strength(p);
    if (value >= best) best = value;
    else if (p.atShowdown !== "show") secret.add(p.seat);
  }
  return secret;
}

describe("S-2 what is mucked stays secret (property)", () => {
  /** How often the runs met each case: the property must not hold only vacuously. */
  const seen = { mucked: 0, shownBeaten: 0, allInShowdown: 0, uncontested: 0 };

  it("S-2 no hand the showdown keeps secret is in another's view, another's events, the public PHH or any fairness leaves but its owner's", async () => {
    await fc.assert(
      fc.asyncProperty(spec, async (s) => {
        const deal = await commitDeal({
          serverSeed: s.serverSeed,
          hand: 1,
          clientSeeds: [],
          cards: STANDARD_DECK,
        });
        const start: StartHand = {
          type: "start",
          config: {
            game: s.game,
            betting:
              s.game === "omaha" ? "pot-limit" : s.game === "stud7" ? "fixed-limit" : "no-limit",
            smallBlind: 1,
            bigBlind: 2,
          },
          players: s.stacks.map((stack, i) => ({
            seat: i + 1,
            stack,
            ...(s.showAtStart[i] ? { atShowdown: "show" as const } : {}),
          })),
          button: s.stacks.length,
          deck: deal.deck,
        };
        const { state, events } = play(start, s.seed);
        expect(state.phase).toBe("complete");
        const secret = secretSeats(state, events);
        // The engine mucked exactly the hands S-2 keeps secret at a showdown.
        const live = state.players.filter((p) => !p.folded);
        if (live.length > 1)
          for (const p of live) expect([p.seat, p.mucked]).toEqual([p.seat, secret.has(p.seat)]);
        const seats = state.players.map((p) => p.seat);
        if (live.length === 1) seen.uncontested++;
        else if (live.some((p) => p.allIn)) seen.allInShowdown++;
        if (live.some((p) => p.mucked)) seen.mucked++;
        if (live.length > 1 && live.some((p) => p.shown && p.atShowdown === "show"))
          seen.shownBeaten++;

        for (const owner of secret) {
          const cards = state.players.find((p) => p.seat === owner)?.holeCards ?? [];
          for (const viewer of [null, ...seats.filter((seat) => seat !== owner)]) {
            expect(
              viewFor(state, viewer).players.find((p) => p.seat === owner)?.holeCards,
            ).toBeNull();
            for (const e of eventsFor(events, viewer)) {
              if (e.type === "handShown") expect(e.seat).not.toBe(owner);
              if (e.type === "holeCardsDealt" && e.seat === owner) expect(e.cards).toBeNull();
            }
          }
          // The public history writes `??` for them (stud's up cards are public) and no `sm` line shows them.
          const exported = exportHand(start, events, { hideHoleCards: true });
          if (!exported.ok) throw new Error(exported.error.message);
          const k = (exported.history.seats ?? []).indexOf(owner);
          for (const action of exported.history.actions) {
            if (action.kind === "dealHole" && action.player === k)
              for (const card of action.cards) expect(cards).not.toContain(card);
            if (action.kind === "showOrMuck" && action.player === k)
              expect(action.show).toBe(false);
          }
          // The fairness fields: its leaves only in its owner's own field.
          const record: DealRecord = {
            ...deal,
            reshuffled: [],
            scheme: SCHEME,
            seed: "00",
            seedCommitment: "00",
            clientSeeds: [],
          };
          const fields = historyFields(record, state.board, exported.history.seats ?? [], events);
          for (const [name, text] of Object.entries(fields)) {
            if (
              name !== HISTORY_FIELDS.publicLeaves &&
              !name.startsWith(HISTORY_FIELDS.playerLeaves)
            )
              continue;
            if (name === `${HISTORY_FIELDS.playerLeaves}${k + 1}`) continue;
            const leaves = parseLeaves(text) ?? [];
            for (const leaf of leaves) expect(cards).not.toContain(leaf.card);
          }
        }
      }),
      { numRuns: 150 },
    );
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  }, 60_000);
});
