import { readdir } from "node:fs/promises";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { PATIENT_LANGUAGES } from "@pharmacy/contract/shared/languages";
import { describe, expect, it } from "vitest";
import { messages as japanese } from "../src/i18n/catalogs/ja.js";
import { businessDay, patientText, type MessageKey } from "../src/i18n/patient-text.js";

const CATALOG_DIR = path.join(import.meta.dirname, "../src/i18n/catalogs");

/** Every argument of a message with its kind and, for dates, its skeleton's fields: `date:date`, `label:argument`. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) found.add(`${element.value}:argument`);
      if (element.type === TYPE.number) found.add(`${element.value}:number`);
      if (element.type === TYPE.date) found.add(`${element.value}:date`);
      if (element.type === TYPE.time) found.add(`${element.value}:time`);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        found.add(`${element.value}:${TYPE[element.type]}`);
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...found].sort();
}

async function catalogOf(tag: string): Promise<Record<string, string>> {
  return ((await import(`../src/i18n/catalogs/${tag}.ts`)) as { messages: Record<string, string> }).messages;
}

const KEYS = Object.keys(japanese).sort() as MessageKey[];
const SAMPLE_VALUES = {
  number: "8",
  date: businessDay("2026-11-26"),
  from: businessDay("2026-12-30"),
  to: businessDay("2027-01-05"),
  label: "«label»",
  title: "«title»",
  body: "«body»",
  reason: "«reason»",
  pharmacy: "«pharmacy»",
  link: "https://example.jp/web/status/x",
  window: "«window»",
  days: 14,
};

describe("the patient's notices in every language (docs/rules.md#every-patient)", () => {
  it("there is one catalog per supported language, and no other", async () => {
    const files = (await readdir(CATALOG_DIR)).map((file) => file.replace(/\.ts$/, "")).sort();
    expect(files).toEqual(PATIENT_LANGUAGES.map((language) => language.tag).sort());
  });

  it.each(PATIENT_LANGUAGES.map((language) => language.tag))(
    "%s has every key, with Japanese's placeholders, and each message formats",
    async (tag) => {
      const catalog = await catalogOf(tag);
      expect(Object.keys(catalog).sort()).toEqual(KEYS);
      const text = await patientText(tag);
      for (const key of KEYS) {
        expect({ key, placeholders: placeholders(catalog[key]!) }).toEqual({
          key,
          placeholders: placeholders(japanese[key]),
        });
        const formatted = text.t(key, SAMPLE_VALUES);
        expect(formatted.trim(), `${tag} ${key}`).not.toBe("");
        // every value given is written into the message: none is dropped or left as "{name}"
        for (const name of placeholders(catalog[key]!).map((entry) => entry.split(":")[0]!)) {
          const value = SAMPLE_VALUES[name as keyof typeof SAMPLE_VALUES];
          if (typeof value === "string") expect(formatted, `${tag} ${key} ${name}`).toContain(value);
        }
        expect(formatted, `${tag} ${key}`).not.toMatch(/\{[a-z]+\}/);
      }
    },
  );

  it("dates are the language's own, on Tokyo's day", async () => {
    const when = { number: "8", date: businessDay("2026-11-26") };
    expect((await patientText("ja")).t("numberOtherDay", when)).toBe("11月26日(木)の受付番号 8");
    expect((await patientText("en")).t("numberOtherDay", when)).toBe("reception number 8 of Thu, Nov 26");
    expect((await patientText("vi")).t("numberOtherDay", when)).toContain("26 tháng 11");
    expect((await patientText("th")).t("numberOtherDay", when)).toContain("26 พฤศจิกายน");
  });
});
