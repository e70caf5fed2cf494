import type { z } from "zod";
import { requestLanguageHeader } from "../i18n/request-language";

/**
 * A JSON call with plain fetch, for the light pages that have no store. A failure is thrown in the shape
 * `lib/api/api-error.ts` reads ({status, data} or {status: "FETCH_ERROR"}), so those pages show the same
 * Japanese messages as the staff app. Each call says the patient's language (`Accept-Language`): the server
 * keeps it on a reception and writes its notices in it.
 */
export async function fetchJson<T>(url: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: "application/json", ...requestLanguageHeader(), ...init?.headers },
    });
  } catch {
    throw { status: "FETCH_ERROR", error: "network" };
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw { status: "PARSING_ERROR", originalStatus: response.status, data: text, error: "parse" };
  }
  if (!response.ok) throw { status: response.status, data };
  return schema.parse(data);
}

/** POST of a JSON body. */
export function postJson<T>(url: string, schema: z.ZodType<T>, body: unknown): Promise<T> {
  return fetchJson(url, schema, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}
