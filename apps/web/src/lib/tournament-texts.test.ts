import { describe, expect, it } from "vitest";
import { textsFor } from "./tournament-texts";

const both = {
  name: "Sunday PLO",
  nameRu: "Воскресная Омаха",
  description: "Deep stacks.",
  descriptionRu: "Глубокие стеки.",
};

describe("a tournament's lobby texts", () => {
  it("are the Russian ones at the ru locale, the default ones elsewhere", () => {
    expect(textsFor(both, "ru")).toEqual({
      name: "Воскресная Омаха",
      description: "Глубокие стеки.",
    });
    expect(textsFor(both, "en")).toEqual({ name: "Sunday PLO", description: "Deep stacks." });
  });

  it("fall back to the default name and description where no Russian was written", () => {
    const english = { ...both, nameRu: null, descriptionRu: null };
    expect(textsFor(english, "ru")).toEqual({ name: "Sunday PLO", description: "Deep stacks." });
    expect(textsFor({ ...english, description: null }, "ru").description).toBeNull();
  });
});
