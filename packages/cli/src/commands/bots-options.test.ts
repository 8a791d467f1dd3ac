import { describe, expect, it } from "vitest";
import { options } from "./bots";

const base = ["--admin-password", "x"];

describe("felt bots --game", () => {
  it("ST-1 ST-5 seven- and five-card stud tables can be asked for", () => {
    expect(options(["--game", "stud7", ...base])).toMatchObject({ game: "stud7", seats: 6 });
    expect(options(["--game", "stud5", "--seats", "10", ...base])).toMatchObject({
      game: "stud5",
      seats: 10,
    });
  });

  it("ST-1 seven-card stud seats at most 8; an unknown game is refused", () => {
    expect(options(["--game", "stud7", "--seats", "9", ...base])).toBe(
      "--seats: seven-card stud seats at most 8",
    );
    expect(options(["--game", "stud9", ...base])).toBe(
      "--game must be holdem, dealers-choice, russian, stud7 or stud5",
    );
  });
});
