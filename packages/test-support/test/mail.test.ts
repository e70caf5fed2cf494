import { describe, expect, it } from "vitest";
import { decodeMailText } from "../src/mail.js";

const HEAD = "To: a@example.jp\nSubject: x\nContent-Type: text/plain; charset=utf-8";

describe("reading a mail of the outbox", () => {
  it("decodes a base64 body", () => {
    const body = Buffer.from("確認コード: 123456").toString("base64");
    expect(decodeMailText(`${HEAD}\nContent-Transfer-Encoding: base64\n\n${body}`)).toBe("確認コード: 123456");
  });

  it("decodes a quoted-printable body with soft line breaks", () => {
    const body = "=E7=A2=BA=E8=AA=8D=\n=E3=82=B3=E3=83=BC=E3=83=89: 654321";
    expect(decodeMailText(`${HEAD}\nContent-Transfer-Encoding: quoted-printable\n\n${body}`)).toBe(
      "確認コード: 654321",
    );
  });

  it("leaves a plain body as it is", () => {
    expect(decodeMailText(`${HEAD}\n\n確認コード: 000001`)).toBe("確認コード: 000001");
  });
});
