import { describe, expect, it } from "vitest";
import {
  ForgotPasswordSearchSchema,
  LoginSearchSchema,
  ReceptionSearchSchema,
  SignUpSearchSchema,
} from "./search-params";

describe("reception screen search params", () => {
  it("showDates defaults to false", () => {
    expect(ReceptionSearchSchema.parse({})).toEqual({ showDates: false });
  });

  it.each([true, "true"])("showDates %j is true", (value) => {
    expect(ReceptionSearchSchema.parse({ showDates: value }).showDates).toBe(true);
  });

  it.each([false, "false"])("showDates %j is false", (value) => {
    expect(ReceptionSearchSchema.parse({ showDates: value }).showDates).toBe(false);
  });

  it.each(["banana", 3, null, { nested: true }, "yes", "on", "1", 1, "enabled", "TRUE"])(
    "an invalid showDates (%j) falls back to false",
    (value) => {
      expect(ReceptionSearchSchema.parse({ showDates: value }).showDates).toBe(false);
    },
  );

  it("receptionId and date are optional strings", () => {
    expect(ReceptionSearchSchema.parse({ receptionId: "r-1", date: "2025-04-01" })).toEqual({
      receptionId: "r-1",
      date: "2025-04-01",
      showDates: false,
    });
    expect(ReceptionSearchSchema.parse({ receptionId: undefined })).toEqual({ showDates: false });
  });

  it("a receptionId the router parsed as a number is kept as its string", () => {
    expect(ReceptionSearchSchema.parse({ receptionId: 12 }).receptionId).toBe("12");
  });

  it("values that are not strings are dropped instead of failing the route", () => {
    expect(ReceptionSearchSchema.parse({ receptionId: { x: 1 }, date: [1] })).toEqual({ showDates: false });
  });
});

describe("auth page search params", () => {
  it("email is an optional string on every public page", () => {
    for (const schema of [LoginSearchSchema, SignUpSearchSchema, ForgotPasswordSearchSchema]) {
      expect(schema.parse({}).email).toBeUndefined();
      expect(schema.parse({ email: "a@example.com" }).email).toBe("a@example.com");
      expect(schema.parse({ email: { bad: true } }).email).toBeUndefined();
    }
  });

  it("login keeps the page to return to", () => {
    expect(LoginSearchSchema.parse({ redirect: "/settings/" })).toEqual({ redirect: "/settings/" });
  });

  it("an unknown step falls back to the first step", () => {
    expect(SignUpSearchSchema.parse({ step: "confirm" }).step).toBe("confirm");
    expect(SignUpSearchSchema.parse({ step: "other" }).step).toBeUndefined();
    expect(ForgotPasswordSearchSchema.parse({ step: "reset" }).step).toBe("reset");
    expect(ForgotPasswordSearchSchema.parse({ step: 1 }).step).toBeUndefined();
  });
});
