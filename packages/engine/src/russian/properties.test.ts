import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "./machine";
import {
  cardsAccountedFor,
  chipsOnBoxes,
  deepFreeze,
  randomLegalCommand,
  randomRound,
  tapeChooser,
} from "./test-support";
import { BET_FIELDS, type RussianCommand, type RussianState } from "./types";

const tape = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 64, maxLength: 512 });
const RUNS = { numRuns: 300 };

const chipsAtStart = (state: RussianState) =>
  state.players.reduce((sum, player) => sum + player.chipsAtStart, 0);
const chipsNow = (state: RussianState) =>
  state.players.reduce((sum, player) => sum + player.chips, 0);

describe("Russian poker properties", () => {
  it("every legal action offered is accepted, and chips are conserved at every step", () => {
    fc.assert(
      fc.property(tape, (numbers) => {
        const round = randomRound(tapeChooser(numbers));
        for (const state of round.states) {
          expect(chipsAtStart(state)).toBe(
            chipsNow(state) + chipsOnBoxes(state) + state.houseResult,
          );
          expect(cardsAccountedFor(state)).toBe(true);
          for (const player of state.players) expect(player.chips).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  }, 60_000);

  it("RP-12 settlement: player chips in + house result = chips out, field by field", () => {
    fc.assert(
      fc.property(tape, (numbers) => {
        const round = randomRound(tapeChooser(numbers));
        const last = round.states.at(-1) as RussianState;
        if (last.phase !== "settled") return;
        let staked = 0;
        let paidOut = 0;
        let houseKept = 0;
        for (const settlement of last.settlements) {
          for (const field of BET_FIELDS) {
            const { stake, paid, returned, lost } = settlement[field];
            expect(stake).toBe(returned + lost);
            expect(paid).toBeGreaterThanOrEqual(0);
            staked += stake;
            paidOut += returned + paid;
            houseKept += lost - paid;
          }
          // RP-12: fees are never returned.
          for (const fee of ["exchangeFee", "sixthCardFee", "buyGameFee"] as const) {
            expect(settlement[fee].returned + settlement[fee].paid).toBe(0);
          }
          // RP-11: the cap holds on ANTE, BET and insurance together.
          if (last.options.maxPayout !== null) {
            const won = settlement.ante.paid + settlement.bet.paid + settlement.insurance.paid;
            expect(won).toBeLessThanOrEqual(last.options.maxPayout);
          }
        }
        expect(paidOut - staked + houseKept).toBe(0);
        expect(chipsAtStart(last) - staked + paidOut).toBe(chipsNow(last));
        expect(chipsAtStart(last)).toBe(chipsNow(last) + last.houseResult);
        expect(last.houseResult).toBe(houseKept);
      }),
      RUNS,
    );
  }, 60_000);

  it("RP-4 a reshuffle resumes the interrupted deal before anyone decides again", () => {
    fc.assert(
      fc.property(tape, (numbers) => {
        const round = randomRound(tapeChooser(numbers), true);
        round.commands.forEach((command, index) => {
          const after = round.states[index + 1] as RussianState;
          if (command.type !== "reshuffle" || after.phase === "awaitingReshuffle") return;
          expect(after.boxes.filter((box) => box.pendingImprovement !== null)).toEqual([]);
        });
      }),
      RUNS,
    );
  }, 60_000);

  it("rounds replay exactly from their commands", () => {
    fc.assert(
      fc.property(tape, (numbers) => {
        const round = randomRound(tapeChooser(numbers));
        let state = round.states[0] as RussianState;
        for (const command of round.commands) {
          const result = apply(state, command);
          if (!result.ok) throw new Error(result.error.code);
          state = result.state;
        }
        expect(state).toEqual(round.states.at(-1));
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  const playerIds = fc.constantFrom("p1", "p2", "p3", "nobody", "", "__proto__");
  const amounts = fc.oneof(
    fc.integer({ min: -50, max: 5000 }),
    fc.double(),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 2 ** 53),
    fc.string(),
  );
  const structuredGarbage = fc.record(
    {
      type: fc.constantFrom(
        "placeBets",
        "clearBets",
        "deal",
        "fold",
        "play",
        "exchange",
        "buySixthCard",
        "takeAnte",
        "buyGame",
        "reshuffle",
        "timeout",
        "cheat",
      ),
      playerId: playerIds,
      box: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.string()),
      ante: amounts,
      bonus: amounts,
      insurance: amounts,
      cards: fc.oneof(fc.array(fc.integer({ min: -1, max: 53 }), { maxLength: 7 }), fc.string()),
      expectedVersion: fc.oneof(fc.nat({ max: 30 }), fc.double()),
    },
    { requiredKeys: ["type"] },
  );
  const garbage = fc.oneof(structuredGarbage, fc.anything());

  it("garbage commands are refused with a code and leave the state untouched", () => {
    fc.assert(
      fc.property(
        tape,
        fc.nat(),
        fc.array(garbage, { minLength: 1, maxLength: 20 }),
        (numbers, at, junk) => {
          const round = randomRound(tapeChooser(numbers));
          const state = deepFreeze(round.states[at % round.states.length] as RussianState);
          const before = JSON.stringify(state);
          for (const command of junk) {
            // A frozen state proves apply never writes to its input: a write would throw.
            const result = apply(state, command as RussianCommand);
            if (result.ok) {
              expect(result.state.version).toBe(state.version + 1);
              expect(cardsAccountedFor(result.state)).toBe(true);
            } else {
              expect(result.error.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
            }
            expect(JSON.stringify(state)).toBe(before);
          }
        },
      ),
      RUNS,
    );
  }, 60_000);

  it("unstructured garbage is always refused", () => {
    fc.assert(
      fc.property(tape, fc.anything(), (numbers, junk) => {
        const round = randomRound(tapeChooser(numbers));
        const state = round.states.at(-1) as RussianState;
        fc.pre(typeof junk !== "object" || junk === null || !("type" in junk));
        expect(apply(state, junk as RussianCommand).ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it("accepted commands never write to the state they are applied to", () => {
    fc.assert(
      fc.property(tape, (numbers) => {
        const round = randomRound(tapeChooser(numbers));
        for (const state of round.states) deepFreeze(state);
        const last = round.states.at(-1) as RussianState;
        const command = randomLegalCommand(last, tapeChooser(numbers));
        if (command !== null) expect(apply(last, command).ok).toBe(true);
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
