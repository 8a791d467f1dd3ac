import { afterEach, describe, expect, it, vi } from "vitest";
import { help, main } from "./cli";

describe("felt CLI", () => {
  afterEach(() => vi.restoreAllMocks());

  it("--help lists every command", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await main(["--help"])).toBe(0);
    const text = String(log.mock.calls[0]?.[0]);
    for (const command of ["census", "bench", "replay"]) expect(text).toContain(`felt ${command}`);
    expect(text).toBe(help());
  });

  it("an unknown command is a usage error (exit 2)", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await main(["shuffle-up"])).toBe(2);
    expect(String(error.mock.calls[0]?.[0])).toContain('unknown command "shuffle-up"');
  });
});
