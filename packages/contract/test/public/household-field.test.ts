import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  HouseholdFieldSchema,
  MAX_HOUSEHOLD_PEOPLE,
  MAX_WEB_PHOTOS,
  WebReceptionFieldsSchema,
} from "../../src/public/public.js";

// The `household` multipart field of a web send (docs/rules.md#family): JSON, the other people.
const kana = fc
  .array(fc.constantFrom(..."アイウエオカキクケコヤマダタロウはなこ"), { minLength: 1, maxLength: 12 })
  .map((chars) => chars.join(""));
const member = fc.record(
  {
    patientName: kana,
    phone: fc.constantFrom("09012345678", "０８０-１１１１-２２２２"),
    answers: fc.record(
      {
        prescriptionType: fc.constantFrom("Paper", "Electronic", "Forgot", "DoNotHave"),
        receiveMethod: fc.constantFrom("Pharmacy", "Locker", "Delivery"),
      },
      { requiredKeys: [] },
    ),
    photoCount: fc.integer({ min: 0, max: MAX_WEB_PHOTOS }),
  },
  { requiredKeys: ["patientName", "answers", "photoCount"] },
);

describe("the household field", () => {
  it("takes 1 to 5 well-formed people, each as sent (kana kept as katakana, phone as digits)", () => {
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: MAX_HOUSEHOLD_PEOPLE - 1 }), (people) => {
        const parsed = HouseholdFieldSchema.safeParse(JSON.stringify(people));
        expect(parsed.success).toBe(true);
        expect(parsed.data).toHaveLength(people.length);
        for (const [index, person] of parsed.data!.entries()) {
          expect(person.patientName).not.toMatch(/[ぁ-ん]/);
          expect(person.photoCount).toBe(people[index]!.photoCount);
          if (person.phone !== undefined) expect(person.phone).toMatch(/^0\d{9,10}$/);
        }
      }),
    );
  });

  it("refuses more than five others, none, and any person with a field it does not know", () => {
    fc.assert(
      fc.property(
        fc.array(member, { minLength: MAX_HOUSEHOLD_PEOPLE, maxLength: MAX_HOUSEHOLD_PEOPLE + 4 }),
        (people) => {
          expect(HouseholdFieldSchema.safeParse(JSON.stringify(people)).success).toBe(false);
        },
      ),
    );
    expect(HouseholdFieldSchema.safeParse("[]").success).toBe(false);
    fc.assert(
      fc.property(
        member,
        fc
          .string({ minLength: 1 })
          .filter(
            (key) =>
              !["patientName", "phone", "answers", "exchangeNumber", "photoCount", "photoCodes", "__proto__"].includes(
                key,
              ),
          ),
        fc.jsonValue(),
        (person, key, value) => {
          const sent = JSON.stringify([{ ...person, [key]: value }]);
          expect(HouseholdFieldSchema.safeParse(sent).success).toBe(false);
        },
      ),
    );
  });

  it("never throws on any text, and takes nothing but an array of people", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (text) => {
          const parsed = HouseholdFieldSchema.safeParse(text);
          if (parsed.success) expect(Array.isArray(parsed.data)).toBe(true);
        },
      ),
    );
  });

  it("refuses a photo count outside 0–5 and a household id as a field of the send", () => {
    fc.assert(
      fc.property(
        member,
        fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: MAX_WEB_PHOTOS + 1 }), fc.double()),
        (person, count) => {
          fc.pre(!Number.isInteger(count) || count < 0 || count > MAX_WEB_PHOTOS);
          expect(HouseholdFieldSchema.safeParse(JSON.stringify([{ ...person, photoCount: count }])).success).toBe(
            false,
          );
        },
      ),
    );
    const send = {
      patientName: "ヤマダ ハナコ",
      phone: "09012345678",
      answers: "{}",
      household: JSON.stringify([{ patientName: "ヤマダ タロウ", answers: {}, photoCount: 0 }]),
    };
    expect(WebReceptionFieldsSchema.safeParse(send).success).toBe(true);
    expect(
      WebReceptionFieldsSchema.safeParse({ ...send, householdId: "3f0c1a9e-1111-4aaa-8bbb-000000000000" }).success,
    ).toBe(false);
  });
});
