import { afterEach, describe, expect, it, vi } from "vitest";
import { logError, logLine } from "./log";

describe("structured logs", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes one JSON object a line: info to the log, errors with their name, message, stack and cause", () => {
    const info: string[] = [];
    const errors: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => info.push(String(line)));
    vi.spyOn(console, "error").mockImplementation((line: unknown) => errors.push(String(line)));
    logLine("info", "request", { requestId: "r1", status: 200 });
    logError("table room: message failed", new Error("broken", { cause: new TypeError("deep") }), {
      table: "t1",
    });
    // An engine's refusal is a value, logged as it is.
    logError("table room: deal refused", { code: "no_deck", message: "no deck" }, { table: "t1" });
    expect(info.map((line) => JSON.parse(line))).toEqual([
      { level: "info", msg: "request", requestId: "r1", status: 200 },
    ]);
    const [failed, refused] = errors.map((line) => JSON.parse(line));
    expect(failed).toMatchObject({
      level: "error",
      msg: "table room: message failed",
      table: "t1",
      error: {
        name: "Error",
        message: "broken",
        stack: expect.stringContaining("broken"),
        cause: { name: "TypeError", message: "deep" },
      },
    });
    expect(refused).toEqual({
      level: "error",
      msg: "table room: deal refused",
      table: "t1",
      error: { code: "no_deck", message: "no deck" },
    });
    expect(errors.every((line) => !line.includes("\n"))).toBe(true);
  });
});
