import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { seededRandom, shuffleInPlace } from "../seeded-random";
import { DEFAULT_PAY_TABLE } from "./pay-tables";
import {
  applyRussianTable,
  chipsAtTable,
  chipsOf,
  createRussianTable,
  everyoneReady,
  type RussianTableCommand,
  type RussianTableState,
} from "./table";
import { russianTableView } from "./table-view";

const deck = (seed: number) => shuffleInPlace([...STANDARD_DECK], seededRandom(seed));

function table(): RussianTableState {
  const made = createRussianTable({
    maxPlayers: 3,
    minBuyIn: 50,
    maxBuyIn: 1000,
    options: { minAnte: 5, maxAnte: 50 },
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.state;
}

function run(state: RussianTableState, ...commands: RussianTableCommand[]): RussianTableState {
  let current = state;
  for (const command of commands) {
    const result = applyRussianTable(current, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.error.code}`);
    current = result.state;
  }
  return current;
}

const sit = (playerId: string, chips: number): RussianTableCommand => ({
  type: "sit",
  playerId,
  name: playerId,
  chips,
});
const round = (command: Extract<RussianTableCommand, { type: "round" }>["command"]) =>
  ({ type: "round", command }) as RussianTableCommand;

describe("a Russian poker table", () => {
  it("T-4 seats players within the buy-in limits and refuses the rest without a change", () => {
    const start = run(table(), sit("a", 100));
    for (const [command, code] of [
      [sit("a", 100), "already_seated"],
      [sit("b", 10), "below_min"],
      [sit("b", 5000), "above_max"],
      [sit("b", 100.5), "below_min"],
      [{ type: "addChips", playerId: "a", amount: 950 }, "above_max"],
      [{ type: "addChips", playerId: "a", amount: -1 }, "invalid_amount"],
    ] as const) {
      const result = applyRussianTable(start, command as RussianTableCommand);
      expect(result.ok ? "accepted" : result.error.code).toBe(code);
    }
    const full = run(start, sit("b", 100), sit("c", 100));
    const refused = applyRussianTable(full, sit("d", 100));
    expect(refused.ok ? null : refused.error.code).toBe("table_full");
  });

  it("RP-1 deals a round to the players seated, and one who sits while betting is open joins it", () => {
    let state = run(table(), sit("a", 200), { type: "openRound", deck: deck(1) });
    state = run(state, sit("b", 300));
    expect(state.round?.players.map((p) => p.id)).toEqual(["a", "b"]);
    state = run(
      state,
      round({ type: "placeBets", playerId: "a", box: 0, ante: 10 }),
      round({ type: "placeBets", playerId: "b", box: 3, ante: 5, bonus: 5 }),
    );
    expect(chipsOf(state, "a")).toBe(190);
    expect(chipsAtTable(state)).toBe(500);
    expect(everyoneReady(state)).toBe(false);
    state = run(state, { type: "ready", playerId: "a" });
    expect(everyoneReady(state)).toBe(false);
    state = run(state, { type: "ready", playerId: "b" });
    expect(everyoneReady(state)).toBe(true);
    state = run(state, round({ type: "deal" }), round({ type: "timeout" }));
    // Undecided boxes fold on the clock: both antes lost; the bonus lost with its box (RP-2).
    expect(state.round?.phase).toBe("settled");
    expect(state.seats.map((s) => s.chips)).toEqual([190, 290]);
    expect(chipsAtTable(state)).toBe(480);
  });

  it("a player with bets down leaves when the round is settled, one without at once", () => {
    let state = run(table(), sit("a", 200), sit("b", 100), { type: "openRound", deck: deck(2) });
    state = run(state, round({ type: "placeBets", playerId: "a", box: 0, ante: 10 }));
    const left = applyRussianTable(state, { type: "leave", playerId: "b" });
    expect(left.ok && left.events).toEqual([{ type: "playerLeft", playerId: "b", cashOut: 100 }]);
    state = run(state, { type: "leave", playerId: "b" }, { type: "leave", playerId: "a" });
    expect(state.seats.map((s) => [s.playerId, s.leaving])).toEqual([["a", true]]);
    const dealt = run(state, round({ type: "deal" }));
    const settled = applyRussianTable(dealt, round({ type: "timeout" }));
    if (!settled.ok) throw new Error(settled.error.code);
    expect(settled.events.at(-1)).toEqual({ type: "playerLeft", playerId: "a", cashOut: 190 });
    expect(settled.state.seats).toEqual([]);
  });

  it("the view shows the seats and hides the dealer's hole cards and the stub", () => {
    let state = run(table(), sit("a", 200), { type: "openRound", deck: deck(3) });
    state = run(
      state,
      round({ type: "placeBets", playerId: "a", box: 0, ante: 10 }),
      round({ type: "deal" }),
    );
    const view = russianTableView(state, "a");
    expect(view.seats).toEqual([{ playerId: "a", name: "a", chips: 190, leaving: false }]);
    expect(view.round?.dealer.cards).toBeNull();
    expect(view.round?.boxes[0]?.cards).toHaveLength(5);
    expect(JSON.stringify(view)).not.toContain('"stub"');
    expect(russianTableView(state, null).round?.boxes[0]?.cards).toBeNull();
  });

  it("refuses a second round while one is in progress and a ready without bets", () => {
    const state = run(table(), sit("a", 200), { type: "openRound", deck: deck(4) });
    const again = applyRussianTable(state, { type: "openRound", deck: deck(5) });
    expect(again.ok ? null : again.error.code).toBe("wrong_phase");
    const ready = applyRussianTable(state, { type: "ready", playerId: "a" });
    expect(ready.ok ? null : ready.error.code).toBe("no_bets");
  });

  it("RP-5 new rules given between rounds apply to the next round at once", () => {
    const payTable = { ...DEFAULT_PAY_TABLE, onePair: 2 };
    const state = run(table(), sit("a", 200));
    const setup = {
      maxPlayers: 2,
      minBuyIn: 20,
      maxBuyIn: 500,
      options: { minAnte: 2, maxAnte: 20, payTable, antePaidOnWin: true },
    };
    const changed = applyRussianTable(state, { type: "setRules", setup });
    if (!changed.ok) throw new Error(changed.error.code);
    expect(changed.events.map((e) => e.type)).toEqual(["rulesChanged"]);
    expect(changed.state.options.payTable.onePair).toBe(2);
    expect([changed.state.maxPlayers, changed.state.minBuyIn, changed.state.maxBuyIn]).toEqual([
      2, 20, 500,
    ]);
    const next = run(changed.state, { type: "openRound", deck: deck(6) });
    expect(next.round?.options.payTable.onePair).toBe(2);
    expect(next.round?.options.minAnte).toBe(2);
  });

  it("RP-5 new rules given mid-round wait until the round is settled: the round keeps its own", () => {
    let state = run(table(), sit("a", 200), { type: "openRound", deck: deck(7) });
    state = run(state, round({ type: "placeBets", playerId: "a", box: 0, ante: 10 }));
    const payTable = { ...DEFAULT_PAY_TABLE, royalFlush: 250 };
    const setup = { maxPlayers: 3, minBuyIn: 50, maxBuyIn: 1000, options: { payTable } };
    const pending = applyRussianTable(state, { type: "setRules", setup });
    if (!pending.ok) throw new Error(pending.error.code);
    expect(pending.events).toEqual([{ type: "rulesPending" }]);
    expect(pending.state.options.payTable.royalFlush).toBe(100);
    expect(pending.state.round?.options.payTable.royalFlush).toBe(100);
    state = run(pending.state, round({ type: "deal" }));
    expect(state.options.payTable.royalFlush).toBe(100);
    const settled = applyRussianTable(state, round({ type: "timeout" }));
    if (!settled.ok) throw new Error(settled.error.code);
    expect(settled.events.at(-1)?.type).toBe("rulesChanged");
    expect(settled.state.options.payTable.royalFlush).toBe(250);
    expect(settled.state.pendingRules).toBeNull();
    // The settled round itself was played with the old table.
    expect(settled.state.round?.options.payTable.royalFlush).toBe(100);
  });

  it("RP-5 refuses invalid new rules with the engine's code and changes nothing", () => {
    const state = run(table(), sit("a", 200));
    const payTable = { ...DEFAULT_PAY_TABLE, flush: -1 };
    const setup = { maxPlayers: 3, minBuyIn: 50, maxBuyIn: 1000, options: { payTable } };
    const refused = applyRussianTable(state, { type: "setRules", setup });
    expect(refused.ok ? null : refused.error.code).toBe("invalid_pay_table");
    const seats = applyRussianTable(state, {
      type: "setRules",
      setup: { ...setup, options: {}, maxPlayers: 7 },
    });
    expect(seats.ok ? null : seats.error.code).toBe("invalid_players");
  });
});
