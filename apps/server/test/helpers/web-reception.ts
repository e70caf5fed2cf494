import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import type { ApiClient } from "./api-client.js";

/**
 * A visitor's web reception from the branch's public page (one photo, 店内で待つ), with the optional e-mail
 * and the browser's Accept-Language.
 */
export async function sendWebReception(
  api: ApiClient,
  slug: string,
  fields: { email?: string; receiveMethod?: string; acceptLanguage?: string } = {},
) {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append(
    "answers",
    JSON.stringify({ prescriptionType: "Paper", receiveMethod: fields.receiveMethod ?? "Pharmacy" }),
  );
  if (fields.email !== undefined) form.append("email", fields.email);
  form.append("photoConsent", "true");
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
  const response = await fetch(`${api.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: {
      "x-forwarded-for": api.clientIp,
      ...(fields.acceptLanguage !== undefined && { "accept-language": fields.acceptLanguage }),
    },
  });
  return {
    status: response.status,
    body: (await response.json()) as { statusToken: string; receptionNumber: number; receptionDate: string } & Record<
      string,
      unknown
    >,
  };
}

/** The staff's id of the reception behind a status link (its day's list: today's unless given). */
export async function receptionIdOf(
  api: ApiClient,
  idToken: string,
  receptionNumber: number,
  receptionDate?: string,
): Promise<string> {
  const list = await api.get(receptionDate ? `/api/reception?date=${receptionDate}` : "/api/reception", idToken);
  const found = (list.body.receptions as { id: string; receptionNumber: number }[]).find(
    (reception) => reception.receptionNumber === receptionNumber,
  );
  if (!found) throw new Error(`no reception ${receptionNumber}`);
  return found.id;
}
