import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { describe, expect, it } from "vitest";
import { callableWith, householdLabel, householdOthers } from "./household";

const reception = (id: string, receptionNumber: number, extra: Partial<Reception> = {}) =>
  ({ id, receptionNumber, partitionNumber: 0, status: null, ...extra }) as Reception;

describe("a household on the staff list", () => {
  const household = "3f0c1a9e-1111-4aaa-8bbb-000000000000";
  const mother = reception("m", 12, { householdId: household, status: "Completed" });
  const son = reception("s", 14, { householdId: household, status: "Completed", handedOverAt: "2026-06-03T02:00:00Z" });
  const daughter = reception("d", 13, { householdId: household, status: "Completed" });
  const stranger = reception("x", 15, { status: "Completed" });
  const day = [stranger, son, mother, daughter];

  it("is the others of the same household, by number; none for a reception sent alone", () => {
    expect(householdOthers(mother, day).map((other) => other.id)).toEqual(["d", "s"]);
    expect(householdOthers(stranger, day)).toEqual([]);
    expect(householdLabel(2)).toBe("同じ家族 2件");
  });

  it("calls together only the others ready and not handed over", () => {
    expect(callableWith(householdOthers(mother, day)).map((other) => other.id)).toEqual(["d"]);
  });
});
