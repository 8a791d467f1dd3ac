import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The browser tests (test/*.ts) wait for conditions, never for fixed times: a sleep is too
// short on a loaded machine and too long everywhere else, and it hides what a step waits for.
const dir = path.resolve(import.meta.dirname, "../test");
const files = readdirSync(dir).filter((name) => name.endsWith(".ts"));

describe("the browser tests", () => {
  it("are found here", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s never waits a fixed time (waitForTimeout)", (name) => {
    const source = readFileSync(path.join(dir, name), "utf8");
    const sleeps = source
      .split("\n")
      .map((line, i) => `${name}:${i + 1}: ${line.trim()}`)
      .filter((line) => /\bwaitForTimeout\b/.test(line));
    expect(sleeps).toEqual([]);
  });
});
