import { describe, expect, it } from "vitest";
import { driftBetween, type Reconciliation } from "./bots-api";

const reading = (r: Partial<Reconciliation>): Reconciliation => ({
  wallets: 0,
  tables: 0,
  tournaments: 0,
  house: 0,
  created: 0,
  ok: true,
  problems: [],
  ...r,
});

describe("driftBetween", () => {
  const before = reading({ wallets: 9_000, tables: 1_000, created: 10_000 });

  it("chips moved between wallets, tables and the house are no drift", () => {
    expect(
      driftBetween(before, reading({ wallets: 4_000, tables: 5_900, house: 100, created: 10_000 })),
    ).toBe(0);
  });

  it("a reload is new money the ledger created, not drift (a one-hour soak's 131 reloads once read as drift)", () => {
    expect(driftBetween(before, reading({ wallets: 14_000, tables: 1_000, created: 15_000 }))).toBe(
      0,
    );
  });

  it("a chip that appears or vanishes outside the ledger's creations is drift", () => {
    expect(driftBetween(before, reading({ wallets: 9_000, tables: 999, created: 10_000 }))).toBe(
      -1,
    );
    expect(driftBetween(before, reading({ wallets: 14_001, tables: 1_000, created: 15_000 }))).toBe(
      1,
    );
  });
});
