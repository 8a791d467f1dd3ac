import { describe, expect, it } from "vitest";
import { type SheetTransfer, sheetCsv, sheetFrom } from "./sheet";

const names = new Map([
  ["a", "Ann"],
  ["b", "=Bob"],
]);

describe("H-6 the banker's sheet", () => {
  it("H-6: a buy-in while seated is a top-up; after a cash-out it is a buy-in again; free sets stand apart", () => {
    const moves: SheetTransfer[] = [
      { kind: "buy_in", userId: "a", amount: 100 },
      { kind: "buy_in", userId: "b", amount: 100 },
      { kind: "buy_in", userId: "a", amount: 50 },
      { kind: "free_set", userId: "b", amount: 100 },
      { kind: "cash_out", userId: "a", amount: 20 },
      { kind: "buy_in", userId: "a", amount: 80 },
    ];
    const sheet = sheetFrom(
      "t",
      moves,
      names,
      new Map([
        ["a", 90],
        ["b", 320],
      ]),
      410,
    );
    expect(sheet.rows).toEqual([
      {
        playerId: "a",
        name: "Ann",
        buyIns: 180,
        topUps: 50,
        freeSets: 0,
        freeSetCount: 0,
        cashOuts: 20,
        onTable: 90,
        net: 20 + 90 - 180 - 50,
      },
      {
        playerId: "b",
        name: "=Bob",
        buyIns: 100,
        topUps: 0,
        freeSets: 100,
        freeSetCount: 1,
        cashOuts: 0,
        onTable: 320,
        net: 220,
      },
    ]);
    // Sums: in − out = the escrow, and it is all on the table.
    const { totals } = sheet;
    expect(totals.buyIns + totals.topUps + totals.freeSets - totals.cashOuts).toBe(sheet.escrow);
    expect(totals.onTable).toBe(sheet.escrow);
  });

  it("H-6: the CSV has a row per player and the totals; a name is never read as a formula", () => {
    const sheet = sheetFrom(
      "t",
      [{ kind: "buy_in", userId: "b", amount: 40 }],
      names,
      new Map([["b", 40]]),
      40,
    );
    expect(sheetCsv(sheet).split("\r\n")).toEqual([
      "player,buy_ins,top_ups,free_sets,free_set_chips,cash_outs,on_table,net",
      `"'=Bob",40,0,0,0,0,40,0`,
      `"TOTAL",40,0,0,0,0,40,0`,
    ]);
  });
});
