import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";

/** A web reception from a visitor at `address` with these photos; resolves with the response. */
export function sendWebReception(baseUrl: string, slug: string, address: string, photos: Uint8Array[] = [JPEG_BYTES]) {
  const form = new FormData();
  form.append("patientName", "ヤマダ ハナコ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", firstVisit: "no", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  for (const photo of photos) form.append("file", new Blob([photo], { type: "image/jpeg" }), "rx.jpg");
  return fetch(`${baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": address },
  });
}

export async function getJson<T>(baseUrl: string, path: string, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
