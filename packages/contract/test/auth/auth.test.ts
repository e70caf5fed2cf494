import { describe, expect, it } from "vitest";
import {
  ConfirmationCodeSchema,
  EmailSchema,
  PasswordSchema,
  SignInSchema,
  SignUpSchema,
} from "../../src/auth/auth.js";
import { InviteStaffSchema } from "../../src/auth/staff.js";
import { ERROR_CODE_MESSAGES, ErrorCode, isErrorCode } from "../../src/shared/errors.js";

describe("auth schemas", () => {
  it("normalise an e-mail to trimmed lower case", () => {
    expect(EmailSchema.parse("  Staff@Example.JP ")).toBe("staff@example.jp");
  });

  it("converts a full-width address (typed with the Japanese input on) before checking it, wherever one is typed", () => {
    expect(EmailSchema.parse("ｓｔａｆｆ．０１＠Ｅｘａｍｐｌｅ．ｊｐ")).toBe("staff.01@example.jp");
    expect(EmailSchema.parse("　ｙａｍａ－ｄａ_ｔａｒｏ＋ｒｘ＠ｍａｉｌ．ｃｏ．ｊｐ　")).toBe(
      "yama-da_taro+rx@mail.co.jp",
    );
    const typed = { email: "ｋｕｓｕｒｉ＠ｅｘａｍｐｌｅ．ｊｐ", password: "Kusuri26" };
    expect(SignUpSchema.parse({ ...typed, name: "薬剤師 太郎" }).email).toBe("kusuri@example.jp");
    expect(SignInSchema.parse(typed).email).toBe("kusuri@example.jp");
    expect(InviteStaffSchema.parse({ email: typed.email, name: "薬剤師 花子", role: "staff" }).email).toBe(
      "kusuri@example.jp",
    );
  });

  it.each(["", "staff", "staff@", "@example.jp", `${"a".repeat(250)}@example.jp`])("refuse the e-mail %j", (email) => {
    expect(EmailSchema.safeParse(email).success).toBe(false);
  });

  it("accept a password with lower, upper case and a digit of 8 or more characters", () => {
    expect(PasswordSchema.safeParse("Kusuri26").success).toBe(true);
  });

  it.each([
    ["Kusuri2", "8文字以上"],
    ["kusuri2026", "英大文字"],
    ["KUSURI2026", "英小文字"],
    ["Kusurikusuri", "数字"],
  ])("refuse the password %j saying what is missing (%s)", (password, hint) => {
    const result = PasswordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join()).toContain(hint);
  });

  it("take a code of exactly six digits", () => {
    expect(ConfirmationCodeSchema.safeParse("012345").success).toBe(true);
    for (const code of ["12345", "1234567", "12a456", ""])
      expect(ConfirmationCodeSchema.safeParse(code).success).toBe(false);
  });

  it("refuse unknown fields in a request body", () => {
    expect(SignUpSchema.safeParse({ email: "a@b.jp", password: "Kusuri26", admin: true }).success).toBe(false);
  });
});

describe("error codes", () => {
  it("have a Japanese message each", () => {
    for (const code of Object.values(ErrorCode)) expect(ERROR_CODE_MESSAGES[code]).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });

  it("recognise only catalogue codes", () => {
    expect(isErrorCode(1010)).toBe(true);
    expect(isErrorCode(1234)).toBe(false);
    expect(isErrorCode("1010")).toBe(false);
  });
});
