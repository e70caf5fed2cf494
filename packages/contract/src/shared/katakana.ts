/**
 * Pharmacies call patients by reading in katakana: a reading typed in hiragana under 「フリガナ」 is
 * accepted and kept in katakana, by the web form and by the server alike.
 */
export function toKatakana(value: string): string {
  return value.replace(/[\u3041-\u3096\u309d\u309e]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60));
}
