import { afterEach } from "vitest";
import { expectLedgerReconciles } from "./trpc";

// DESIGN.md "Money": wallets + tables + tournaments + house = chips created,
// checked after every test in every file, whatever the test did.
afterEach(expectLedgerReconciles);
