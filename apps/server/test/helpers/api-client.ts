import { randomInt } from "node:crypto";

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/**
 * Plain fetch against the test server: what a browser would send, nothing more. Each client
 * claims its own address (the test server trusts one proxy hop, so X-Forwarded-For names the client), so lockouts in one test file
 * never reach another sharing the PostgreSQL database.
 */
export class ApiClient {
  readonly clientIp = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { "x-forwarded-for": this.clientIp, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  post<T = any>(path: string, body?: unknown, token?: string) {
    return this.request<T>("POST", path, { body, token });
  }

  get<T = any>(path: string, token?: string) {
    return this.request<T>("GET", path, { token });
  }
}
