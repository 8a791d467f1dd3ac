/**
 * Writes docs/fairness-vectors.json and examples/fairness/hands.phhs from our code (`pnpm --filter @felt/fairness vectors`).
 * Run it only when the scheme itself changes: vectors.test.ts fails until the file matches.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildExampleHands, buildVectors } from "./vectors";

const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const vectors = repo("docs/fairness-vectors.json");
writeFileSync(vectors, `${JSON.stringify(await buildVectors(), null, 2)}\n`);
// The repository's formatter has the last word on the layout (the content is what the tests compare).
execFileSync("biome", ["format", "--write", vectors], { stdio: "inherit" });
const hands = repo("examples/fairness/hands.phhs");
writeFileSync(hands, await buildExampleHands());
console.log(`wrote ${vectors} and ${hands}`);
