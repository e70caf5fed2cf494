/**
 * A phone number grouped as it is read aloud: 090-1111-2205, 03-1234-5678, 045-123-4567, 0120-123-456.
 * A number written with hyphens is kept as written (only its owner knows a rural area code's length).
 */
export function formatPhoneNumber(phone: string): string {
  if (!/^\d+$/.test(phone)) return phone;
  const group = (...sizes: number[]) => {
    const parts: string[] = [];
    let at = 0;
    for (const size of sizes) {
      parts.push(phone.slice(at, at + size));
      at += size;
    }
    return parts.join("-");
  };
  if (phone.length === 11 && /^0[5789]0/.test(phone)) return group(3, 4, 4);
  if (phone.length === 11 && phone.startsWith("0800")) return group(4, 3, 4);
  if (phone.length === 10 && /^0(120|570)/.test(phone)) return group(4, 3, 3);
  if (phone.length === 10 && /^0[36]/.test(phone)) return group(2, 4, 4);
  if (phone.length === 10) return group(3, 3, 4);
  return phone;
}
