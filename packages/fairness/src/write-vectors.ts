/**
 * Writes docs/fairness-vectors.json from our code (`pnpm --filter @felt/fairness vectors`).
 * Run it only when the scheme itself changes: vectors.test.ts fails until the file matches.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildVectors } from "./vectors";

const file = fileURLToPath(new URL("../../../docs/fairness-vectors.json", import.meta.url));
writeFileSync(file, `${JSON.stringify(await buildVectors(), null, 2)}\n`);
// The repository's formatter has the last word on the layout (the content is what the tests compare).
execFileSync("biome", ["format", "--write", file], { stdio: "inherit" });
console.log(`wrote ${file}`);
