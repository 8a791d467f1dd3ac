import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rulesHtml, siteHref } from "./rules-html";

const docs = path.resolve(import.meta.dirname, "../../../../../docs");

describe("the rulebook on the site", () => {
  it.each([
    [
      "rules.md",
      ["texas-holdem", "omaha", "five-card-draw", "the-32-card-deck", "stud", "5-russian-poker"],
    ],
    [
      "rules.ru.md",
      ["техасский-холдем", "омаха", "пятикарточный-дро", "колода-из-32-карт", "стад"],
    ],
  ])("%s has the anchors the tables link to, and every rule ID", async (file, anchors) => {
    const html = rulesHtml(await readFile(path.join(docs, file), "utf8"));
    for (const anchor of anchors) expect(html).toContain(`id="${anchor}"`);
    for (const id of ["T-4", "B-5", "SP-1", "ST-2", "ST-8", "RP-8", "MT-1"])
      expect(html).toContain(id);
  });

  it("keeps links between the rule files on the site and drops the others", () => {
    expect(siteHref("rules.ru.md")).toBe("/rules");
    expect(siteHref("rules.md#omaha")).toBe("/rules#omaha");
    expect(siteHref("#t-4")).toBe("#t-4");
    expect(siteHref("hand-history.md")).toBeNull();
    expect(rulesHtml("[PHH](hand-history.md) and [Omaha](#omaha)")).toBe(
      '<p>PHH and <a href="#omaha">Omaha</a></p>\n',
    );
  });
});
