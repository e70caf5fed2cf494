import fc from "fast-check";
import { CreatePhotoRequestSchema } from "@pharmacy/contract/receptions/photo-requests";
import {
  ConfirmForgotPasswordSchema,
  ConfirmSignUpSchema,
  EmailOnlySchema,
  RefreshTokenSchema,
  SignInSchema,
  SignUpSchema,
} from "@pharmacy/contract/auth/auth";
import { ErrorResponseSchema } from "@pharmacy/contract/shared/errors";
import { AttachFileSchema, UploadFieldsSchema } from "@pharmacy/contract/files/files";
import { MfaCodeSchema, MfaSetupBodySchema, VerifyMfaSchema } from "@pharmacy/contract/auth/mfa";
import { UpdatePharmacySchema } from "@pharmacy/contract/pharmacy/pharmacy";
import { RequestedPhotosFieldsSchema, WebReceptionFieldsSchema } from "@pharmacy/contract/public/public";
import { PushSubscriptionInputSchema } from "@pharmacy/contract/visitor-notices/visitor-notices";
import { LineSettingsInputSchema } from "@pharmacy/contract/line/line";
import { MovePrescriptionSchema, UpdateReceptionSchema } from "@pharmacy/contract/receptions/receptions";
import { CreateDeviceSchema } from "@pharmacy/contract/devices/devices";
import { AcceptInvitationSchema, InviteStaffSchema, UpdateStaffSchema } from "@pharmacy/contract/auth/staff";
import {
  AppSettingsSchema,
  BusinessHoursSchema,
  DEFAULT_APP_SETTINGS,
  DEFAULT_BUSINESS_HOURS,
} from "@pharmacy/contract/settings/settings";
import { z } from "zod";
import { anyText, badBody, badPathSegment, badQuery } from "./bad-bodies.js";
import { hostilePushEndpoints } from "./hostile-endpoints.js";
import { makeBrowserKeys } from "./push-service.js";

/** What the calls are made against: one signed-in branch with a reception, a prescription and a file. */
export interface FuzzTarget {
  baseUrl: string;
  clientIp: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
  receptionId: string;
  prescriptionId: string;
  fileId: string;
  publicSlug: string;
  statusToken: string;
  /** The signed-in admin's own id (a person of the branch). */
  userId: string;
}

/** A request as sent on the wire. */
export interface FuzzRequest {
  method: string;
  path: string;
  body?: string | Uint8Array;
  contentType?: string;
  signedIn: boolean;
}

export interface FuzzCall {
  name: string;
  /** Generated requests that break this call: its body, path parameters or query. */
  requests(target: FuzzTarget): fc.Arbitrary<FuzzRequest>;
}

const json = (method: string, path: string, signedIn: boolean, body: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> =>
  body.map((text) => ({ method, path, body: text, contentType: "application/json", signedIn }));

/** `template` with each `:name` replaced by a generated segment, at least one of them really bad. */
const badPaths = (method: string, template: string, signedIn: boolean, valid: Record<string, string>) => {
  const names = [...template.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return fc.tuple(fc.constantFrom(...names), ...names.map(() => badPathSegment)).map(([broken, ...segments]) => {
    let path = template;
    names.forEach(
      (name, index) => (path = path.replace(`:${name}`, name === broken ? segments[index]! : valid[name]!)),
    );
    return { method, path, signedIn } as FuzzRequest;
  });
};

function acceptedJson(text: string, schema: z.ZodType): boolean {
  try {
    return schema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

const badQueries = (path: string, signedIn: boolean) =>
  badQuery.map((query) => ({ method: "GET", path: `${path}?${query}`, signedIn }));

const BOUNDARY = "fuzz-boundary";

/**
 * A multipart body of random parts, sometimes cut short or with another boundary; never a valid image.
 * `jsonFields` are the fields that carry JSON, with a valid value each: they are also sent as valid
 * JSON broken inside (a wrong type, NUL or a lone surrogate in a nested string), which random text
 * never reaches.
 */
function badMultipart(
  fieldsSchema: z.ZodType,
  validFields: Record<string, string>,
  jsonFields: Record<string, unknown> = {},
): fc.Arbitrary<{ body: Uint8Array; contentType: string }> {
  const field = fc.tuple(
    fc.oneof(fc.constantFrom(...Object.keys(validFields), "__proto__", "constructor", "file"), anyText),
    anyText,
  );
  const allValid = {
    ...validFields,
    ...Object.fromEntries(Object.entries(jsonFields).map(([key, value]) => [key, JSON.stringify(value)])),
  };
  const brokenJson = Object.entries(jsonFields).map(([key, valid]) =>
    badBody(
      valid,
      z.unknown().refine((value) => fieldsSchema.safeParse({ ...allValid, [key]: JSON.stringify(value) }).success),
    ).map((text) => Object.entries({ ...allValid, [key]: text })),
  );
  const fields = fc.oneof(
    fc.constant(Object.entries(allValid)),
    fc.array(field, { maxLength: 4 }),
    fc
      .tuple(fc.constantFrom(...Object.keys(allValid)), anyText)
      .map(([key, value]) => Object.entries({ ...allValid, [key]: value })),
    ...brokenJson,
  );
  // "X" first: no image or PDF signature, so no file can ever be accepted
  const file = fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.concat([Buffer.from("X"), bytes]));
  return fc
    .record({
      fields,
      files: fc.array(file, { maxLength: 3 }),
      fileField: fc.oneof(fc.constant("file"), anyText),
      cutAt: fc.option(fc.nat(), { nil: undefined }),
      contentType: fc.oneof(
        { weight: 4, arbitrary: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "multipart/form-data",
            "multipart/form-data; boundary=",
            "multipart/form-data; boundary=other",
            "multipart/mixed; boundary=x",
          ),
        },
      ),
    })
    .filter(
      ({ fields: pairs, files }) => files.length > 0 || !fieldsSchema.safeParse(Object.fromEntries(pairs)).success,
    )
    .map(({ fields: pairs, files, fileField, cutAt, contentType }) => {
      const parts = [
        ...pairs.map(([name, value]) =>
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        ),
        ...files.map((bytes) =>
          Buffer.concat([
            Buffer.from(
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
            ),
            bytes,
            Buffer.from("\r\n"),
          ]),
        ),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ];
      const whole = Buffer.concat(parts);
      return { body: cutAt === undefined ? whole : whole.subarray(0, cutAt % (whole.length + 1)), contentType };
    });
}

/** Every call of the API (SPEC section 3 and the extras), with what breaks it. */
export function apiCalls(): FuzzCall[] {
  const reception = (t: FuzzTarget) => ({ id: t.receptionId, prescriptionId: t.prescriptionId });
  const authBody = (path: string, schema: z.ZodType, valid: (t: FuzzTarget) => object): FuzzCall => ({
    name: `POST ${path}`,
    requests: (t) => json("POST", path, false, badBody(valid(t), schema)),
  });
  return [
    authBody("/auth/sign_up", SignUpSchema, () => ({
      email: "new@example.jp",
      password: "Kusuri2026",
      name: "管理 花子",
    })),
    authBody("/auth/confirm_sign_up", ConfirmSignUpSchema, (t) => ({ email: t.email, code: "123456" })),
    authBody("/auth/resend_confirmation_code", EmailOnlySchema, (t) => ({ email: t.email })),
    authBody("/auth/sign_in", SignInSchema, (t) => ({ email: t.email, password: t.password })),
    authBody("/auth/forgot_password", EmailOnlySchema, (t) => ({ email: t.email })),
    authBody("/auth/confirm_forgot_password", ConfirmForgotPasswordSchema, (t) => ({
      email: t.email,
      code: "123456",
      newPassword: "Kusuri2027",
    })),
    authBody("/auth/refresh_token", RefreshTokenSchema, (t) => ({ refreshToken: t.refreshToken })),
    authBody("/auth/sign_out", RefreshTokenSchema, (t) => ({ refreshToken: t.refreshToken })),
    authBody("/auth/accept_invitation", AcceptInvitationSchema, () => ({
      token: "an-invitation-token",
      password: "Kusuri2026",
    })),
    authBody("/auth/verify_mfa", VerifyMfaSchema, () => ({ mfaToken: "an-mfa-token", code: "123456" })),
    { name: "GET /api/user/me", requests: () => badQueries("/api/user/me", true) },
    {
      name: "POST /api/user/mfa/setup",
      requests: () =>
        json(
          "POST",
          "/api/user/mfa/setup",
          true,
          anyText.filter((text) => text.trim() !== "" && !acceptedJson(text, MfaSetupBodySchema)),
        ),
    },
    {
      name: "POST /api/user/mfa/enable",
      requests: () => json("POST", "/api/user/mfa/enable", true, badBody({ code: "123456" }, MfaCodeSchema)),
    },
    {
      name: "POST /api/user/mfa/disable",
      requests: () => json("POST", "/api/user/mfa/disable", true, badBody({ code: "123456" }, MfaCodeSchema)),
    },
    { name: "GET /api/staff", requests: () => badQueries("/api/staff", true) },
    {
      name: "POST /api/staff",
      requests: () =>
        json(
          "POST",
          "/api/staff",
          true,
          badBody({ email: "invitee@example.jp", name: "薬剤師", role: "staff" }, InviteStaffSchema),
        ),
    },
    {
      name: "PATCH /api/staff/{id}",
      requests: (t) =>
        fc.oneof(
          json(
            "PATCH",
            `/api/staff/${t.userId}`,
            true,
            badBody({ name: "店長", role: "admin", disabled: false }, UpdateStaffSchema),
          ),
          badPaths("PATCH", "/api/staff/:id", true, { id: t.userId }).map((request) => ({
            ...request,
            body: '{"name":"店長"}',
            contentType: "application/json",
          })),
        ),
    },
    {
      name: "POST /api/staff/{id}/invitation",
      requests: (t) => badPaths("POST", "/api/staff/:id/invitation", true, { id: t.userId }),
    },
    { name: "DELETE /api/staff/{id}", requests: (t) => badPaths("DELETE", "/api/staff/:id", true, { id: t.userId }) },
    {
      name: "POST /api/devices",
      requests: () =>
        json("POST", "/api/devices", true, badBody({ kind: "counter", name: "受付タブレット" }, CreateDeviceSchema)),
    },
    { name: "GET /api/devices", requests: () => badQueries("/api/devices", true) },
    {
      name: "DELETE /api/devices/{id}",
      requests: () => badPaths("DELETE", "/api/devices/:id", true, { id: crypto.randomUUID() }),
    },
    { name: "GET /api/audit", requests: () => badQueries("/api/audit", true) },
    { name: "GET /api/audit.csv", requests: () => badQueries("/api/audit.csv", true) },
    {
      name: "POST /api/reception/{id}/confirm",
      requests: (t) => badPaths("POST", "/api/reception/:id/confirm", true, reception(t)),
    },
    { name: "GET /api/reception", requests: () => badQueries("/api/reception", true) },
    {
      name: "POST /api/reception",
      requests: () =>
        json(
          "POST",
          "/api/reception",
          true,
          fc
            .oneof(fc.jsonValue(), anyText)
            .map((value) => JSON.stringify(value))
            .filter((text) => !["{}", "null"].includes(text)),
        ),
    },
    { name: "GET /api/reception/dates", requests: () => badQueries("/api/reception/dates", true) },
    { name: "GET /api/reception/pickups", requests: () => badQueries("/api/reception/pickups", true) },
    { name: "GET /api/reception/{id}", requests: (t) => badPaths("GET", "/api/reception/:id", true, reception(t)) },
    {
      name: "PATCH /api/reception/{id}",
      requests: (t) =>
        fc.oneof(
          json(
            "PATCH",
            `/api/reception/${t.receptionId}`,
            true,
            badBody(
              {
                id: t.receptionId,
                status: "Reviewing",
                answers: { firstVisit: "no" },
                patientName: "やまだ",
                phone: "0312345678",
                exchangeNumber: "1234567890",
              },
              UpdateReceptionSchema,
            ),
          ),
          badPaths("PATCH", "/api/reception/:id", true, reception(t)).map((request) => ({
            ...request,
            body: JSON.stringify({ id: t.receptionId }),
            contentType: "application/json",
          })),
        ),
    },
    {
      name: "DELETE /api/reception/{id}",
      requests: (t) => badPaths("DELETE", "/api/reception/:id", true, reception(t)),
    },
    {
      name: "PUT /api/reception/{id}/prescription/{prescriptionId}",
      requests: (t) =>
        fc.oneof(
          json(
            "PUT",
            `/api/reception/${t.receptionId}/prescription/${t.prescriptionId}`,
            true,
            badBody({ partitionNumber: 2 }, MovePrescriptionSchema),
          ),
          badPaths("PUT", "/api/reception/:id/prescription/:prescriptionId", true, reception(t)).map((request) => ({
            ...request,
            body: '{"partitionNumber":2}',
            contentType: "application/json",
          })),
        ),
    },
    {
      name: "DELETE /api/reception/{id}/prescription/{prescriptionId}",
      requests: (t) => badPaths("DELETE", "/api/reception/:id/prescription/:prescriptionId", true, reception(t)),
    },
    {
      name: "GET /api/reception/{id}/history",
      requests: (t) => badPaths("GET", "/api/reception/:id/history", true, reception(t)),
    },
    {
      name: "GET /api/reception/{id}/preview",
      requests: (t) =>
        fc.oneof(
          badPaths("GET", "/api/reception/:id/preview", true, reception(t)),
          badQueries(`/api/reception/${t.receptionId}/preview`, true),
        ),
    },
    {
      name: "POST /api/file",
      requests: () =>
        badMultipart(UploadFieldsSchema, { sourceType: "Paper" }).map(({ body, contentType }) => ({
          method: "POST",
          path: "/api/file",
          body,
          contentType,
          signedIn: true,
        })),
    },
    {
      name: "PATCH /api/file",
      requests: (t) =>
        json(
          "PATCH",
          "/api/file",
          true,
          badBody({ id: t.fileId, receptionId: t.receptionId, sourceType: "Paper" }, AttachFileSchema),
        ),
    },
    { name: "GET /api/file/{id}", requests: (t) => badPaths("GET", "/api/file/:id", true, { id: t.fileId }) },
    {
      name: "GET /api/file/{id}/thumbnail",
      requests: (t) => badPaths("GET", "/api/file/:id/thumbnail", true, { id: t.fileId }),
    },
    { name: "GET /api/pharmacy", requests: () => badQueries("/api/pharmacy", true) },
    {
      name: "PATCH /api/pharmacy",
      requests: () =>
        json(
          "PATCH",
          "/api/pharmacy",
          true,
          badBody(
            { name: "薬局", postalCode: "1000001", receptionStartNumber: 5, webQuestionnaireUrl: "https://example.jp" },
            UpdatePharmacySchema,
          ),
        ),
    },
    {
      name: "PUT /api/app_settings",
      requests: () => json("PUT", "/api/app_settings", true, badBody(DEFAULT_APP_SETTINGS, AppSettingsSchema)),
    },
    {
      name: "PUT /api/business_hours",
      requests: () => json("PUT", "/api/business_hours", true, badBody(DEFAULT_BUSINESS_HOURS, BusinessHoursSchema)),
    },
    {
      name: "GET /api/public/pharmacy/{publicSlug}",
      requests: (t) => badPaths("GET", "/api/public/pharmacy/:publicSlug", false, { publicSlug: t.publicSlug }),
    },
    {
      name: "POST /api/public/pharmacy/{publicSlug}/reception",
      requests: (t) =>
        fc.oneof(
          badMultipart(
            WebReceptionFieldsSchema,
            { patientName: "ヤマダ", phone: "09012345678", exchangeNumber: "1234567890" },
            {
              answers: { prescriptionType: "Electronic", receiveMethod: "Pharmacy" },
              photoCodes: [[{ bytes: "QUJD", index: -1, size: -1, id: "" }]],
            },
          ).map(({ body, contentType }) => ({
            method: "POST",
            path: `/api/public/pharmacy/${t.publicSlug}/reception`,
            body,
            contentType,
            signedIn: false,
          })),
          badPaths("POST", "/api/public/pharmacy/:publicSlug/reception", false, { publicSlug: t.publicSlug }),
        ),
    },
    {
      name: "GET /api/public/reception/{statusToken}",
      requests: (t) => badPaths("GET", "/api/public/reception/:statusToken", false, { statusToken: t.statusToken }),
    },
    {
      name: "POST /api/reception/{id}/call",
      requests: (t) => badPaths("POST", "/api/reception/:id/call", true, reception(t)),
    },
    {
      name: "POST /api/reception/{id}/hand_over",
      requests: (t) => badPaths("POST", "/api/reception/:id/hand_over", true, reception(t)),
    },
    {
      name: "POST /api/reception/{id}/photo_request",
      requests: (t) =>
        fc.oneof(
          badPaths("POST", "/api/reception/:id/photo_request", true, reception(t)),
          json(
            "POST",
            `/api/reception/${t.receptionId}/photo_request`,
            true,
            badBody({ reason: "Blurry", message: "もう一度撮影してください" }, CreatePhotoRequestSchema),
          ),
        ),
    },
    { name: "GET /api/display/board", requests: () => badQueries("/api/display/board", true) },
    {
      name: "POST /api/public/reception/{statusToken}/push_subscription",
      requests: (t) => {
        const path = `/api/public/reception/${t.statusToken}/push_subscription`;
        // a real browser key pair, so that only the endpoint can be what is refused
        const { keys } = makeBrowserKeys().subscription("");
        return fc.oneof(
          badPaths("POST", "/api/public/reception/:statusToken/push_subscription", false, {
            statusToken: t.statusToken,
          }),
          json(
            "POST",
            path,
            false,
            badBody({ endpoint: "https://web.push.apple.com/x", keys }, PushSubscriptionInputSchema),
          ),
          // well-formed bodies whose endpoint tries to reach something else than a push service
          json(
            "POST",
            path,
            false,
            hostilePushEndpoints("push.apple.com").map((endpoint) => JSON.stringify({ endpoint, keys })),
          ),
        );
      },
    },
    { name: "GET /api/line/settings", requests: () => badQueries("/api/line/settings", true) },
    {
      name: "PUT /api/line/settings",
      requests: () =>
        json(
          "PUT",
          "/api/line/settings",
          true,
          badBody(
            {
              channelSecret: "0123456789abcdef0123456789abcdef",
              channelAccessToken: "a".repeat(172),
              basicId: "@123abcde",
              monthlyLimit: 200,
            },
            LineSettingsInputSchema,
          ),
        ),
    },
    {
      name: "GET /api/public/reception/{statusToken}/line_link",
      requests: (t) =>
        badPaths("GET", "/api/public/reception/:statusToken/line_link", false, { statusToken: t.statusToken }),
    },
    {
      name: "POST /api/public/reception/{statusToken}/line_link",
      requests: (t) =>
        badPaths("POST", "/api/public/reception/:statusToken/line_link", false, { statusToken: t.statusToken }),
    },
    {
      name: "POST /api/line/webhook/{publicSlug}",
      // unsigned: refused whatever the body; signed requests are fuzzed in line-webhook.test.ts
      requests: (t) =>
        fc.oneof(
          badPaths("POST", "/api/line/webhook/:publicSlug", false, { publicSlug: t.publicSlug }),
          json(
            "POST",
            `/api/line/webhook/${t.publicSlug}`,
            false,
            fc.oneof(
              anyText,
              fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
            ),
          ),
        ),
    },
    {
      name: "POST /api/public/reception/{statusToken}/photos",
      requests: (t) =>
        fc.oneof(
          badPaths("POST", "/api/public/reception/:statusToken/photos", false, { statusToken: t.statusToken }),
          // the route takes photos and the codes read in them: no generated file is an image
          badMultipart(
            RequestedPhotosFieldsSchema,
            {},
            { photoCodes: [[{ bytes: "QUJD", index: -1, size: -1, id: "" }]] },
          ).map(({ body, contentType }) => ({
            method: "POST",
            path: `/api/public/reception/${t.statusToken}/photos`,
            body,
            contentType,
            signedIn: false,
          })),
        ),
    },
  ];
}

/**
 * Sends `runs` requests generated for that call (reproducible from `seed`), a few at a time, and
 * throws at the first that gets a 5xx, a 4xx outside the error shape, or is accepted.
 */
export async function fuzzCall(
  target: FuzzTarget,
  call: FuzzCall,
  runs: number,
  seed: number,
  concurrency = 8,
): Promise<void> {
  const requests = fc.sample(call.requests(target), { numRuns: runs, seed });
  for (let start = 0; start < requests.length; start += concurrency) {
    await Promise.all(requests.slice(start, start + concurrency).map((request) => sendAndCheck(target, request)));
  }
}

/** Sends one generated request and checks it: never a 5xx, and any 4xx in the error shape. */
async function sendAndCheck(target: FuzzTarget, request: FuzzRequest): Promise<void> {
  const headers: Record<string, string> = { "x-forwarded-for": target.clientIp };
  if (request.contentType) headers["content-type"] = request.contentType;
  if (request.signedIn) headers.authorization = `Bearer ${target.idToken}`;
  const response = await fetch(`${target.baseUrl}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
  });
  const text = await response.text();
  const shown = `${request.method} ${request.path.slice(0, 200)} ${String(request.body ?? "").slice(0, 300)}`;
  if (response.status >= 500) throw new Error(`${response.status} to ${shown}: ${text}`);
  if (response.status >= 400 && !ErrorResponseSchema.strict().safeParse(JSON.parse(text || "null")).success) {
    throw new Error(`${response.status} not in the error shape to ${shown}: ${text}`);
  }
  if (response.status < 400 && request.method !== "GET")
    throw new Error(`${response.status} accepted ${shown}: ${text}`);
}
