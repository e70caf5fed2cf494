import { SHIPPED_FOLLOW_UP_TEMPLATES } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { describe, expect, it } from "vitest";
import { defaultChannel, medicineNamesOf, suggestedTemplateId } from "./plan-defaults";

const withDrugs = (...names: string[]) =>
  ({ prescriptions: [{ rx: { rps: [{ drugs: names.map((name) => ({ name })) }] } }] }) as unknown as Pick<
    Reception,
    "prescriptions"
  >;

describe("the planning dialog's choices before any tap", () => {
  it("picks the questionnaire that fits the medicines read from the code", () => {
    expect(suggestedTemplateId(withDrugs("アドエア250ディスカス28吸入用"), SHIPPED_FOLLOW_UP_TEMPLATES)).toBe(
      "inhaler",
    );
    expect(suggestedTemplateId(withDrugs("アムロジピン錠5mg", "エリキュース錠5mg"), SHIPPED_FOLLOW_UP_TEMPLATES)).toBe(
      "anticoagulant",
    );
    expect(suggestedTemplateId(withDrugs("メトグルコ錠250mg"), SHIPPED_FOLLOW_UP_TEMPLATES)).toBe("diabetes");
    expect(suggestedTemplateId(withDrugs("ロキソプロフェン錠60mg"), SHIPPED_FOLLOW_UP_TEMPLATES)).toBe("general");
    expect(suggestedTemplateId({ prescriptions: [] }, SHIPPED_FOLLOW_UP_TEMPLATES)).toBe("general");
  });

  it("falls back to the branch's own templates when the fitting or 一般 one was removed", () => {
    const own = [{ id: "custom-1" }, { id: "custom-2" }];
    expect(suggestedTemplateId(withDrugs("アドエア250ディスカス"), own)).toBe("custom-1");
    expect(suggestedTemplateId(withDrugs("x"), [])).toBeUndefined();
  });

  it("reads only named drugs", () => {
    expect(medicineNamesOf(withDrugs("", "アムロジピン錠5mg"))).toEqual(["アムロジピン錠5mg"]);
  });

  it("reaches the patient by e-mail, else by the status page's push, else by phone", () => {
    expect(defaultChannel({ email: "a@example.jp", push: true, line: true })).toBe("email");
    expect(defaultChannel({ push: true, line: true })).toBe("line");
    expect(defaultChannel({ push: true, line: false })).toBe("push");
    expect(defaultChannel({ push: false, line: false })).toBe("phone");
    expect(defaultChannel(null)).toBe("phone");
  });
});
