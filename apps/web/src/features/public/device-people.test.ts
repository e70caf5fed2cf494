import { describe, expect, it } from "vitest";
import { stubLocalStorage } from "../../test-utils/memory-storage";
import { forgetEveryone, forgetPerson, rememberSentPeople, rememberedPeople } from "./device-people";

const mother = { patientName: "ヤマダ ハナコ", phone: "09012345678", answers: { prescriptionType: "Paper" } };
const son = { patientName: "ヤマダ タロウ", phone: "09012345678", answers: { prescriptionType: "Paper" } };
const daughter = { patientName: "ヤマダ ユイ", phone: "09012345678", answers: { genericDrug: "Yes" } };

describe("the people this phone remembers", () => {
  it("are not stored at all when 「この端末に覚える」 is not ticked", () => {
    const storage = stubLocalStorage();
    rememberSentPeople(false, [mother, son], storage);
    expect(storage.length).toBe(0);
    expect(rememberedPeople(storage)).toEqual([]);
  });

  it("are stored with consent, the last send's people first, a name sent again replaced by its latest", () => {
    const storage = stubLocalStorage();
    rememberSentPeople(true, [mother, son], storage);
    const newer = { ...son, answers: { prescriptionType: "Electronic" } };
    rememberSentPeople(true, [daughter, newer], storage);
    expect(rememberedPeople(storage)).toEqual([daughter, newer, mother]);
    // without consent the next send leaves them as they are
    rememberSentPeople(false, [{ ...mother, phone: "08000000000" }], storage);
    expect(rememberedPeople(storage)).toEqual([daughter, newer, mother]);
  });

  it("are forgotten one by one, then all, leaving nothing in the storage", () => {
    const storage = stubLocalStorage();
    rememberSentPeople(true, [mother, son, daughter], storage);
    forgetPerson(son.patientName, storage);
    expect(rememberedPeople(storage).map((person) => person.patientName)).toEqual(["ヤマダ ハナコ", "ヤマダ ユイ"]);
    forgetEveryone(storage);
    expect(rememberedPeople(storage)).toEqual([]);
    expect(storage.length).toBe(0);
  });

  it("ignore anything unreadable", () => {
    const storage = stubLocalStorage();
    storage.setItem("remembered_people", "{not json");
    expect(rememberedPeople(storage)).toEqual([]);
    storage.setItem("remembered_people", JSON.stringify([{ patientName: 3 }]));
    expect(rememberedPeople(storage)).toEqual([]);
  });
});
