/**
 * The rulebook stands alone. docs/rules.md (English) and docs/rules.ru.md
 * (Russian) define the same rule IDs in the same order and with the same
 * outline of headings; every rule ID cited anywhere in the repository (test
 * names, code comments, READMEs, other docs) is defined in docs/rules.md; and
 * every link to a section of a file in docs/ names a heading it has, so the
 * web app's links to each game's section keep working.
 *
 * It lives here because this package runs in Node and may read the whole
 * tree; the engine may not import Node modules.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DOCS = path.join(ROOT, "docs");

/** Build output, dependencies and generated declarations (apps/api/types): not written by us. */
const SKIPPED_DIRS = new Set([
  "node_modules",
  ".git",
  ".next",
  ".turbo",
  ".wrangler",
  "test-results",
  "dist",
  "artifacts",
]);
const SKIPPED_PATHS = new Set(["apps/api/types", "pnpm-lock.yaml"]);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|phh|phhs|json|jsonc|sh|sql|grit|ya?ml|toml)$/;

function textFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(ROOT, full).split(path.sep).join("/");
    if (SKIPPED_PATHS.has(relative)) continue;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...textFiles(full));
    } else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
      files.push(relative);
    }
  }
  return files;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Markdown lines outside fenced code blocks (a `#` in a TOML example is no heading). */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push(line);
  }
  return lines;
}

/** A rule is defined by a list item that starts with its bold ID: `- **B-5** …`. */
function definedIds(markdown: string): string[] {
  const ids: string[] = [];
  for (const line of proseLines(markdown)) {
    const match = /^\s*(?:[-*+]|\d+\.)\s+\*\*([A-Z]{1,3}-\d+)\*\*/.exec(line);
    if (match) ids.push(match[1] as string);
  }
  return ids;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Headings as [level, anchor], with GitHub's -1, -2 … for repeated anchors. */
function headings(markdown: string): { level: number; anchor: string }[] {
  const seen = new Map<string, number>();
  const result: { level: number; anchor: string }[] = [];
  for (const line of proseLines(markdown)) {
    const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = githubSlug(match[2] as string);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.push({ level: (match[1] as string).length, anchor: count ? `${base}-${count}` : base });
  }
  return result;
}

const english = read("docs/rules.md");
const russian = read("docs/rules.ru.md");
const englishIds = definedIds(english);
const prefixes = [...new Set(englishIds.map((id) => id.split("-")[0] as string))];
// A rule ID standing alone: not the middle of a card run such as J-T-9-8-7, nor part of a word.
const citation = new RegExp(`(?<![\\w-])(?:${prefixes.join("|")})-\\d+(?![\\w-])`, "g");
const files = textFiles(ROOT);

describe("docs/rules.md and docs/rules.ru.md", () => {
  it("define rules, each ID once", () => {
    expect(englishIds.length).toBeGreaterThan(50);
    expect(prefixes.sort()).toEqual(["B", "C", "H", "MT", "RP", "S", "SP", "ST", "T", "W"]);
    expect(englishIds.filter((id, i) => englishIds.indexOf(id) !== i)).toEqual([]);
  });

  it("define the same rule IDs in the same order", () => {
    const russianIds = definedIds(russian);
    expect(russianIds.filter((id) => !englishIds.includes(id))).toEqual([]);
    expect(englishIds.filter((id) => !russianIds.includes(id))).toEqual([]);
    expect(russianIds).toEqual(englishIds);
  });

  it("have the same outline of headings", () => {
    const levels = (markdown: string) => headings(markdown).map((h) => h.level);
    expect(levels(russian)).toEqual(levels(english));
  });

  it("define every rule ID cited in the repository", () => {
    expect(files).toContain("packages/engine/src/hand/side-pots.test.ts");
    const defined = new Set(englishIds);
    const missing: string[] = [];
    for (const file of files) {
      read(file)
        .split("\n")
        .forEach((line, index) => {
          for (const [id] of line.matchAll(citation)) {
            if (!defined.has(id)) missing.push(`${file}:${index + 1} cites ${id}`);
          }
        });
    }
    expect(missing).toEqual([]);
  });
});

describe("links to sections of docs/", () => {
  it("name headings that exist", () => {
    const anchors = new Map<string, Set<string>>();
    for (const name of readdirSync(DOCS).filter((f) => f.endsWith(".md"))) {
      anchors.set(name, new Set(headings(read(`docs/${name}`)).map((h) => h.anchor)));
    }
    // `rules.md#texas-holdem`, `docs/rules.md#…`, `../../docs/rules.md#…`; in docs/ also `](#…)`.
    const toFile = /([\w.-]+\.md)#([\p{L}\p{N}_-]+)/gu;
    const toSelf = /\]\(#([\p{L}\p{N}_-]+)\)/gu;
    const broken: string[] = [];
    for (const file of files) {
      const self = file.startsWith("docs/") ? path.basename(file) : null;
      read(file)
        .split("\n")
        .forEach((line, index) => {
          const links = [...line.matchAll(toFile)].map((m) => [m[1], m[2]]);
          if (self) links.push(...[...line.matchAll(toSelf)].map((m) => [self, m[1]]));
          for (const [name, anchor] of links as [string, string][]) {
            const known = anchors.get(name);
            if (known && !known.has(anchor))
              broken.push(`${file}:${index + 1} links to ${name}#${anchor}`);
          }
        });
    }
    expect(broken).toEqual([]);
  });

  it("the game anchors the web app links to exist in both editions", () => {
    const en = new Set(headings(english).map((h) => h.anchor));
    const ru = new Set(headings(russian).map((h) => h.anchor));
    for (const anchor of [
      "texas-holdem",
      "omaha",
      "five-card-draw",
      "the-52-card-deck",
      "the-32-card-deck",
      "wild-cards",
      "dealers-choice",
      "5-russian-poker",
      "6-tournaments",
    ])
      expect(en.has(anchor), anchor).toBe(true);
    for (const anchor of [
      "техасский-холдем",
      "омаха",
      "пятикарточный-дро",
      "колода-из-52-карт",
      "колода-из-32-карт",
      "свободные-карты",
      "выбор-сдающего",
      "5-русский-покер",
      "6-турниры",
    ])
      expect(ru.has(anchor), anchor).toBe(true);
  });
});
