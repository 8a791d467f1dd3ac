import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { CATALOGUES } from "./messages";

type Tree = { [key: string]: string | Tree };

/** Every message of a catalogue by its dotted key ("table.actions.fold"). */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(path, value);
    else for (const [k, v] of flatten(value, path)) flat.set(k, v);
  }
  return flat;
}

/** The arguments a message takes ({name}, {count, plural, …}, <b>…</b>), found in nested plurals too. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
  }
  return found;
}

const catalogues = LOCALES.map((locale) => [locale, flatten(CATALOGUES[locale] as Tree)] as const);
const [, english] = catalogues[0] as (typeof catalogues)[number];

describe("the catalogues", () => {
  it.each(catalogues)("%s has exactly the English keys", (_locale, messages) => {
    const missing = [...english.keys()].filter((key) => !messages.has(key));
    const extra = [...messages.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(catalogues)(
    "%s messages are valid ICU with the English arguments, and none is blank",
    (_l, messages) => {
      for (const [key, message] of messages) {
        expect(message.trim(), key).not.toBe("");
        const reference = english.get(key) ?? "";
        const args = [...argumentsOf(parse(message))].sort();
        expect(args, key).toEqual([...argumentsOf(parse(reference))].sort());
      }
    },
  );
});
