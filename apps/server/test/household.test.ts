import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { MAX_HOUSEHOLD_PEOPLE } from "@pharmacy/contract/public/public";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * 「家族の分もまとめて」 (docs/rules.md#family): one public send for several people makes one reception
 * per person, each with its own number and link, sharing a household id, all or none.
 */
let server: TestServer;
let account: TestAccount;
let slug: string;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_SEND_CONCURRENCY: "20", PUBLIC_SEND_LIMIT_PER_MINUTE: "6" });
  // a Wednesday, 10:00 in Tokyo
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
});
afterAll(() => server.close());

const PAPER = { prescriptionType: "Paper", receiveMethod: "Pharmacy" };
const child = (name: string, extra: Record<string, unknown> = {}) => ({
  patientName: name,
  answers: PAPER,
  photoCount: 1,
  ...extra,
});

/** A send from its own address (each test its own per-minute count), the sender with one photo. */
async function send(
  household: unknown,
  {
    photos = 1 + (Array.isArray(household) ? household.length : 0),
    address = `198.19.${randomInt(256)}.${randomInt(1, 255)}`,
    extraFields = {} as Record<string, string>,
    sendKey = undefined as string | undefined,
    to = slug,
  } = {},
) {
  const form = new FormData();
  form.append("patientName", "ヤマダ ハナコ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify(PAPER));
  form.append("photoConsent", "true");
  if (household !== undefined)
    form.append("household", typeof household === "string" ? household : JSON.stringify(household));
  for (const [name, value] of Object.entries(extraFields)) form.append(name, value);
  for (let i = 0; i < photos; i++) form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), `p${i}.jpg`);
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${to}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": address, ...(sendKey && { "idempotency-key": sendKey }) },
  });
  return { status: response.status, body: (await response.json()) as any };
}

interface Row {
  id: string;
  receptionNumber: number;
  patientName?: string;
  phone?: string;
  householdId?: string;
  prescriptions: unknown[];
}
const dayList = async () => (await server.api.get("/api/reception", account.idToken)).body.receptions as Row[];

async function stored() {
  const [receptions, files] = await Promise.all(
    (["receptions", "files"] as const).map(async (table) =>
      Number(
        (
          await server.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .where("pharmacy_id", "=", account.user.pharmacyId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  const quota = await server.database.db
    .selectFrom("public_upload_quota")
    .select("files")
    .where("pharmacy_id", "=", account.user.pharmacyId)
    .executeTakeFirst();
  return { receptions, files, quotaFiles: quota?.files ?? 0 };
}

describe("a mother sending for herself and two children", () => {
  it("makes three receptions, three numbers, one household on the staff list, every link showing all three", async () => {
    const sent = await send([child("ヤマダ タロウ"), child("ヤマダ ジロウ", { phone: "08011112222", photoCount: 2 })], {
      photos: 4,
    });
    expect(sent.status).toBe(201);
    const numbers = [sent.body.receptionNumber, ...sent.body.household.map((other: any) => other.receptionNumber)];
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[1]).toBe(numbers[0] + 1);
    expect(numbers[2]).toBe(numbers[0] + 2);

    const rows = (await dayList()).filter((row) => numbers.includes(row.receptionNumber));
    expect(rows).toHaveLength(3);
    const [householdId] = new Set(rows.map((row) => row.householdId));
    expect(householdId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows.every((row) => row.householdId === householdId)).toBe(true);
    const byName = Object.fromEntries(rows.map((row) => [row.patientName, row]));
    expect(byName["ヤマダ ハナコ"]!.prescriptions).toHaveLength(1);
    expect(byName["ヤマダ タロウ"]!.prescriptions).toHaveLength(1);
    // a child without a phone of their own is reached on the sender's
    expect(byName["ヤマダ タロウ"]!.phone).toBe("09012345678");
    expect(byName["ヤマダ ジロウ"]!.prescriptions).toHaveLength(2);
    expect(byName["ヤマダ ジロウ"]!.phone).toBe("08011112222");

    for (const link of [sent.body, ...sent.body.household]) {
      const status = (await server.api.get(`/api/public/reception/${link.statusToken}`)).body;
      expect(status.receptionNumber).toBe(link.receptionNumber);
      expect([status.receptionNumber, ...status.household.map((other: any) => other.receptionNumber)].sort()).toEqual(
        [...numbers].sort(),
      );
    }
    // staff see it on the detail, and each create is in the branch's audit log as a single reception's is
    const detail = (await server.api.get(`/api/reception/${byName["ヤマダ ジロウ"]!.id}`, account.idToken)).body;
    expect(detail.householdId).toBe(householdId);
    const audit = (await server.api.get("/api/audit?action=reception.created&pageSize=500", account.idToken)).body;
    const created = (audit.rows as { targetId?: string }[]).map((entry) => entry.targetId);
    for (const row of rows) expect(created).toContain(row.id);
  });

  it("a reception sent alone has no household", async () => {
    const sent = await send(undefined);
    expect(sent.status).toBe(201);
    expect(sent.body.household).toBeUndefined();
    const row = (await dayList()).find((candidate) => candidate.receptionNumber === sent.body.receptionNumber)!;
    expect(row.householdId).toBeUndefined();
    expect((await server.api.get(`/api/public/reception/${sent.body.statusToken}`)).body.household).toBeUndefined();
  });

  it("sent again with its Idempotency-Key, answers the whole household again and makes nothing", async () => {
    const key = randomUUID();
    const first = await send([child("ヤマダ タロウ")], { sendKey: key });
    const before = await stored();
    const again = await send([child("ヤマダ タロウ")], { sendKey: key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stored()).toEqual(before);
  });
});

describe("a household send refused whole", () => {
  const refusals: [string, unknown, Parameters<typeof send>[1], RegExp][] = [
    [
      "more people than a household may send",
      Array.from({ length: MAX_HOUSEHOLD_PEOPLE }, (_, i) =>
        child(`ヤマダ ${"タロウジロウサブロウシロウゴロウロクロウ".slice(i * 3, i * 3 + 3)}`),
      ),
      {},
      /まとめて送れます/,
    ],
    ["one child with a name that is not kana", [child("ヤマダ タロウ"), child("Jiro")], {}, /カタカナ|ひらがな/],
    [
      "one child's paper prescription without a photo",
      [child("ヤマダ タロウ"), child("ヤマダ ジロウ", { photoCount: 0 })],
      { photos: 2 },
      /写真/,
    ],
    [
      "one child's answer the branch does not ask",
      [child("ヤマダ タロウ", { answers: { ...PAPER, receiveMethod: "Drone" } })],
      {},
      /./,
    ],
    ["a household id sent inside a person", [child("ヤマダ タロウ", { householdId: randomUUID() })], {}, /./],
    [
      "a household id sent as its own field",
      [child("ヤマダ タロウ")],
      { extraFields: { householdId: randomUUID() } },
      /./,
    ],
    ["photo counts that do not add up", [child("ヤマダ タロウ", { photoCount: 3 })], { photos: 2 }, /枚数/],
    ["an empty household", [], {}, /空/],
    ["a household that is not JSON", "[{", {}, /形式/],
  ];
  for (const [what, household, options, message] of refusals)
    it(`refuses ${what}: 400, and no reception, photo or quota is kept`, async () => {
      const before = await stored();
      const refused = await send(household, options);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.issues)).toMatch(message);
      expect(await stored()).toEqual(before);
    });

  it("counts each person in the per-minute send limit: a household of three leaves room for three more sends", async () => {
    const address = `198.19.${randomInt(256)}.${randomInt(1, 255)}`;
    expect((await send([child("ヤマダ タロウ"), child("ヤマダ ジロウ")], { address })).status).toBe(201);
    // 3 of 6 taken: a household of four would pass the limit, and is refused whole
    const before = await stored();
    const over = await send([child("ヤマダ タロウ"), child("ヤマダ ジロウ"), child("ヤマダ サブロウ")], { address });
    expect(over.status).toBe(429);
    expect(await stored()).toEqual(before);
  });
});

describe("households sent at once", () => {
  it("get unique consecutive numbers per household and no partial household when one is invalid", async () => {
    const before = await dayList();
    const good = Array.from({ length: 6 }, () => send([child("ヤマダ タロウ"), child("ヤマダ ジロウ")]));
    const bad = Array.from({ length: 4 }, () =>
      send([child("ヤマダ タロウ"), child("ヤマダ ジロウ", { photoCount: 0 })], { photos: 2 }),
    );
    const answers = await Promise.all([...good, ...bad]);
    expect(answers.slice(0, 6).map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(answers.slice(6).map((answer) => answer.status)).toEqual(Array(4).fill(400));

    const added = (await dayList()).filter((row) => !before.some((old) => old.id === row.id));
    expect(added).toHaveLength(18);
    expect(new Set(added.map((row) => row.receptionNumber)).size).toBe(18);
    const households = new Map<string, number[]>();
    for (const row of added)
      households.set(row.householdId!, [...(households.get(row.householdId!) ?? []), row.receptionNumber]);
    expect(households.size).toBe(6);
    for (const numbers of households.values()) {
      const sorted = numbers.sort((a, b) => a - b);
      expect(sorted).toEqual([sorted[0], sorted[0]! + 1, sorted[0]! + 2]);
    }
    const all = (await dayList()).map((row) => row.receptionNumber).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => all[0]! + i));
  });

  it("rolls back a whole household made inside a transaction that then fails: six sends with one key make one household", async () => {
    const before = await dayList();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send([child("ヤマダ タロウ"), child("ヤマダ ジロウ")], { sendKey: key })),
    );
    // the losers made their three receptions, then met the key and rolled back, numbers included
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const added = (await dayList()).filter((row) => !before.some((old) => old.id === row.id));
    expect(added).toHaveLength(3);
    expect(new Set(added.map((row) => row.householdId)).size).toBe(1);
    const all = (await dayList()).map((row) => row.receptionNumber).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => all[0]! + i));
  });
});

describe("a household across midnight (docs/rules.md#across-days)", () => {
  it("sent at 23:50 JST while closed, the three take the next opening's day together; that day lists them as one household from 00:00, and the day after carries all three as one", async () => {
    // default hours: weekdays 9–13 and 14–18 JST; 2026-06-03 is a Wednesday
    const night = await makeAccount(server);
    const nightSlug = await openPublicPage(server, night);
    const at = async (jst: string) => {
      server.clock.set(new Date(`${jst}+09:00`));
      const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: night.refreshToken });
      expect(refreshed.status).toBe(200);
      night.idToken = refreshed.body.idToken;
    };
    const listOf = async (query = "") => {
      const response = await server.api.get(`/api/reception${query}`, night.idToken);
      expect(response.status).toBe(200);
      return response.body as { receptions: (Row & { receptionDate: string })[]; carried: Row[] };
    };

    // Wednesday 23:50 in Tokyo is 14:50 UTC: the UTC date is still Wednesday's
    await at("2026-06-03T23:50:00");
    const sent = await send([child("ヨル タロウ"), child("ヨル ジロウ")], { to: nightSlug });
    expect(sent.status).toBe(201);
    const people = [sent.body, ...sent.body.household] as { receptionNumber: number; receptionDate: string }[];
    expect(people.map((person) => person.receptionDate)).toEqual(["2026-06-04", "2026-06-04", "2026-06-04"]);
    const numbers = people.map((person) => person.receptionNumber);
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
    // Wednesday's list is not where they are
    expect((await listOf()).receptions).toEqual([]);

    // 00:05 JST, 15:05 UTC Wednesday: Thursday's list has the three, one household
    await at("2026-06-04T00:05:00");
    const thursday = (await listOf()).receptions.filter((row) => numbers.includes(row.receptionNumber));
    expect(thursday).toHaveLength(3);
    expect(new Set(thursday.map((row) => row.householdId)).size).toBe(1);
    expect(thursday[0]!.householdId).toBeDefined();

    // Friday 08:30 JST (Thursday 23:30 UTC), none finished: all three carried, still one household,
    // and every status link still shows the whole household
    await at("2026-06-05T08:30:00");
    const friday = await listOf();
    const carried = friday.carried.filter((row) => numbers.includes(row.receptionNumber));
    expect(carried).toHaveLength(3);
    expect(new Set(carried.map((row) => row.householdId))).toEqual(new Set([thursday[0]!.householdId]));
    for (const link of [sent.body, ...sent.body.household]) {
      const status = (await server.api.get(`/api/public/reception/${link.statusToken}`)).body;
      expect(status.receptionDate).toBe("2026-06-04");
      expect(status.household.map((other: { receptionNumber: number }) => other.receptionNumber).sort()).toEqual(
        numbers.filter((number) => number !== link.receptionNumber).sort(),
      );
    }
  });
});
