import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { decodeMailText, outboxMails, waitForMails } from "@pharmacy/test-support/mail";
import { makeAccount, openPublicPage, uniqueEmail, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const EVIL = "evil.example";
const OWN = "https://reception.example.jp";

let server: TestServer;
let admin: TestAccount;
let slug: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAccount(server);
  // the staff app opened through the proxy on the branch's own address: its first signed-in call records it
  const first = await server.api.request("GET", "/api/user/me", {
    token: admin.idToken,
    headers: { "x-forwarded-host": "reception.example.jp", "x-forwarded-proto": "https" },
  });
  expect(first.status).toBe(200);
  slug = await openPublicPage(server, admin);
});
afterAll(() => server.close());

const forged = { "x-forwarded-host": EVIL, "x-forwarded-proto": "https" };

/** A web reception sent with a forged Host header (no proxy header at all), as raw HTTP. */
function sendWithHost(host: string, email: string): Promise<number> {
  const form = new FormData();
  form.append("patientName", "ヤマダ");
  form.append("phone", "09012345678");
  form.append("email", email);
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
  const encoded = new Response(form);
  return encoded.arrayBuffer().then(
    (body) =>
      new Promise((resolve, reject) => {
        const { port } = new URL(server.baseUrl);
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: `/api/public/pharmacy/${slug}/reception`,
            headers: { host, "content-type": encoded.headers.get("content-type")! },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end(Buffer.from(body));
      }),
  );
}

async function statusLinkMailedTo(email: string): Promise<string> {
  const receptions = (await server.api.get("/api/reception", admin.idToken)).body.receptions as Array<{
    id: string;
    status: string | null;
  }>;
  for (const { id } of receptions.filter((reception) => reception.status !== "Completed")) {
    await server.api.request("PATCH", `/api/reception/${id}`, {
      body: { id, status: "Completed" },
      token: admin.idToken,
    });
  }
  const [text = ""] = await waitForMails(server.config.mail.outboxDir, email);
  return /https?:\/\/\S+\/web\/status\/\S+/.exec(text)?.[0] ?? text;
}

describe("links are built on the branch's recorded address, never on a request's Host", () => {
  it("a visitor's mail links to the recorded address whatever Host the visitor's request named", async () => {
    const email = uniqueEmail("visitor");
    expect(await sendWithHost(EVIL, email)).toBe(201);
    const link = await statusLinkMailedTo(email);
    expect(link.startsWith(`${OWN}/web/status/`)).toBe(true);
    expect(link).not.toContain(EVIL);
  });

  it("a visitor's forged X-Forwarded-Host through the proxy does not move it either", async () => {
    const email = uniqueEmail("visitor");
    const form = new FormData();
    form.append("patientName", "ヤマダ");
    form.append("phone", "09012345678");
    form.append("email", email);
    form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
    form.append("photoConsent", "true");
    form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
    const sent = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
      method: "POST",
      body: form,
      headers: forged,
    });
    expect(sent.status).toBe(201);
    expect((await statusLinkMailedTo(email)).startsWith(`${OWN}/web/status/`)).toBe(true);
  });

  it("the invitation link, the public link and its QR are on the recorded address, even when a later call names another host", async () => {
    const email = uniqueEmail("invited");
    expect(
      (
        await server.api.request("POST", "/api/staff", {
          body: { email, name: "受付 次郎", role: "staff" },
          token: admin.idToken,
          headers: forged,
        })
      ).status,
    ).toBe(201);
    const mail = decodeMailText((await outboxMails(server.config.mail.outboxDir, email))[0]!);
    expect(mail).toContain(`${OWN}/accept-invitation?token=`);
    expect(mail).not.toContain(EVIL);
    const pharmacy = (await server.api.request("GET", "/api/pharmacy", { token: admin.idToken, headers: forged })).body;
    expect(pharmacy.publicUrl).toBe(`${OWN}/web/${slug}`);
    const stored = await server.database.db
      .selectFrom("pharmacies")
      .select("link_origin")
      .where("id", "=", admin.user.pharmacyId)
      .executeTakeFirstOrThrow();
    expect(stored.link_origin).toBe(OWN);
  });

  it("a loopback address recorded first gives way once to the first other address a signed-in person uses", async () => {
    const account = await makeAccount(server);
    expect((await server.api.get("/api/pharmacy", account.idToken)).body.publicUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/web\//,
    );
    const lan = { "x-forwarded-host": "192.168.1.20:3000", "x-forwarded-proto": "http" };
    expect(
      (await server.api.request("GET", "/api/pharmacy", { token: account.idToken, headers: lan })).body.publicUrl,
    ).toMatch(/^http:\/\/192\.168\.1\.20:3000\/web\//);
    expect(
      (await server.api.request("GET", "/api/pharmacy", { token: account.idToken, headers: forged })).body.publicUrl,
    ).toMatch(/^http:\/\/192\.168\.1\.20:3000\/web\//);
  });
});
