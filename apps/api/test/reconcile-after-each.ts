import { afterEach } from "vitest";
import { expectLedgerReconciles } from "./trpc";

// docs/architecture.md#money: wallets + tables + tournaments + house = chips created,
// checked after every test in every file, whatever the test did.
afterEach(expectLedgerReconciles);
