import { describe, expect, it } from "vitest";
import { toKatakana } from "../../src/shared/katakana.js";
import { KanaNameSchema } from "../../src/public/public.js";

describe("a reading typed in hiragana", () => {
  it("is kept in katakana, the long-vowel mark, spaces and katakana as they are", () => {
    expect(toKatakana("やまだ はなこ")).toBe("ヤマダ ハナコ");
    expect(toKatakana("ゆうこ・さとう")).toBe("ユウコ・サトウ");
    expect(toKatakana("ヤマダ　ゔぃおら")).toBe("ヤマダ　ヴィオラ");
    expect(toKatakana("らーめん")).toBe("ラーメン");
  });

  it("passes the name schema as katakana; kanji and latin letters are still refused", () => {
    expect(KanaNameSchema.parse(" やまだ はなこ ")).toBe("ヤマダ ハナコ");
    expect(KanaNameSchema.safeParse("山田 花子").success).toBe(false);
    expect(KanaNameSchema.safeParse("Hanako").success).toBe(false);
  });
});
