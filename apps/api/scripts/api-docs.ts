/** Rewrites the procedure table in docs/API.md from the routers (see src/trpc/describe.ts). */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { procedureTable, withProcedureTable } from "../src/trpc/describe";
import { appRouter } from "../src/trpc/router";

const file = path.resolve(import.meta.dirname, "../../../docs/API.md");
const before = readFileSync(file, "utf8");
const after = withProcedureTable(before, procedureTable(appRouter._def.procedures));
writeFileSync(file, after);
console.log(before === after ? "docs/API.md is up to date" : "docs/API.md updated");
