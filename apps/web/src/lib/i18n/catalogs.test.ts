import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { CATALOG_LOADERS } from "./catalog-loaders";
import { ja, type Catalog } from "./catalogs/ja";
import { LANGUAGES } from "./languages";

/** Every message of a catalog by its dotted key. */
function flatten(catalog: object, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(path, value);
    else for (const [inner, text] of flatten(value as object, path)) flat.set(inner, text);
  }
  return flat;
}

/** The names a message's placeholders use, through plural and select branches, sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...names].sort();
}

const japanese = flatten(ja);
const others = LANGUAGES.filter((language) => language.tag !== "ja");

describe("the patient catalogs", () => {
  it("has a catalog for every language but Japanese, loaded on its own", () => {
    expect(Object.keys(CATALOG_LOADERS).sort()).toEqual(others.map((language) => language.tag).sort());
  });

  it("parses every Japanese message as ICU", () => {
    for (const [key, message] of japanese) expect(() => placeholders(message), key).not.toThrow();
  });

  it.each(others.map((language) => language.tag))(
    "%s has every key, no other, with the same placeholders",
    async (tag) => {
      const load = CATALOG_LOADERS[tag as keyof typeof CATALOG_LOADERS]!;
      const catalog: Catalog = (await load()).default;
      const messages = flatten(catalog);
      expect([...messages.keys()].sort()).toEqual([...japanese.keys()].sort());
      for (const [key, message] of messages) {
        expect(message.trim(), `${tag} ${key} is empty`).not.toBe("");
        expect(placeholders(message), `${tag} ${key}`).toEqual(placeholders(japanese.get(key)!));
      }
    },
  );
});
