import { describe, expect, it } from "vitest";
import { options } from "./bots-sng";

const base = ["--admin-password", "x"];

describe("felt bots --sng", () => {
  it("H-7 N seats for each of T sit-and-gos; above 9 seats they play on several tables", () => {
    expect(options(["--sng", "6", "--tables", "3", ...base])).toMatchObject({
      sng: 6,
      tables: 3,
      players: 18,
      seats: 6,
    });
    expect(options(["--sng", "12", ...base])).toMatchObject({ sng: 12, tables: 1, seats: 9 });
    expect(options(["--sng", "12", "--seats-per-table", "6", ...base])).toMatchObject({
      seats: 6,
    });
  });

  it("H-7 a missing or bad seat count, or no admin password, is refused with its reason", () => {
    expect(options([...base])).toBe("--sng must be a whole number from 2 to 100");
    expect(options(["--sng", "1", ...base])).toBe("--sng must be a whole number from 2 to 100");
    expect(options(["--sng", "6", "--tables", "0", ...base])).toBe(
      "--tables must be a whole number from 1 to 200",
    );
    expect(options(["--sng", "6"])).toMatch(/--admin-password/);
  });
});
