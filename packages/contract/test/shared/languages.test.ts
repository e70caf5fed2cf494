import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PATIENT_LANGUAGES,
  PatientLanguageSchema,
  closestPatientLanguage,
  japaneseNameOf,
  patientLanguageOfHeader,
} from "../../src/shared/languages.js";

describe("the patient's language from Accept-Language", () => {
  it.each([
    ["vi", "vi"],
    ["vi-VN,vi;q=0.9,en-US;q=0.8", "vi"],
    ["de-DE,de;q=0.9,en;q=0.8", "en"],
    ["en;q=0.5, th;q=0.9", "th"],
    ["zh-CN,zh;q=0.9", "zh-Hans"],
    ["zh-TW", "zh-Hant"],
    ["zh-Hant-HK", "zh-Hant"],
    ["zh-HK", "zh-Hant"],
    ["zh", "zh-Hans"],
    ["pt-PT", "pt-BR"],
    ["pt-BR", "pt-BR"],
    ["tl-PH", "fil"],
    ["fil", "fil"],
    ["in", "id"],
    ["ne-NP", "ne"],
    ["es-MX", "es"],
    ["ko-KR", "ko"],
    ["ja-JP", "ja"],
    ["ja-x-easy", "ja-x-easy"],
    ["JA-X-EASY", "ja-x-easy"],
    ["fr, *;q=0.1", "ja"],
    ["vi;q=0, en;q=0.1", "en"],
    ["vi;q=2, ko", "ko"],
    ["", "ja"],
    [undefined, "ja"],
  ])("%s → %s", (header, language) => {
    expect(patientLanguageOfHeader(header)).toBe(language);
  });

  it("any string at all gives a supported language, never an error", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (header) => {
        expect(PatientLanguageSchema.safeParse(patientLanguageOfHeader(header)).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("every supported tag finds itself, alone or among unsupported ones", () => {
    for (const { tag } of PATIENT_LANGUAGES) {
      expect(closestPatientLanguage([tag])).toBe(tag);
      expect(patientLanguageOfHeader(`xx-YY, ${tag};q=0.7, fr;q=0.6`)).toBe(tag);
    }
  });

  it("staff read each language's Japanese name", () => {
    expect(japaneseNameOf("en")).toBe("英語");
    expect(japaneseNameOf("ja-x-easy")).toBe("やさしい日本語");
    expect(new Set(PATIENT_LANGUAGES.map((language) => language.japaneseName)).size).toBe(PATIENT_LANGUAGES.length);
  });
});
