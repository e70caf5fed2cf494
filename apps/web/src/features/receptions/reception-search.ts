import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import type { Reception } from "@pharmacy/contract/receptions/receptions";

/** Full-width digits and letters to half-width, katakana to hiragana, no spaces: how a query and a name are compared. */
function comparable(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u30a1-\u30f6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60))
    .replace(/[\s-]/g, "")
    .toLowerCase();
}

/**
 * Whether a reception matches what was typed in the day's search: its number (12 or 12-1), the
 * patient's name in either kana, or part of the phone number; an empty query matches everything.
 */
export function matchesReceptionSearch(reception: Reception, query: string): boolean {
  const wanted = comparable(query);
  if (!wanted) return true;
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  if (/^\d+$/.test(wanted) && (String(reception.receptionNumber) === wanted || comparable(number) === wanted))
    return true;
  if (reception.patientName && comparable(reception.patientName).includes(wanted)) return true;
  return /^\d{3,}$/.test(wanted) && reception.phone !== undefined && comparable(reception.phone).includes(wanted);
}
