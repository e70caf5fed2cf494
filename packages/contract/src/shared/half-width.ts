/**
 * Japanese keyboards often type full-width digits and long-vowel marks for hyphens ("０３ー１２３４"):
 * the one normaliser every numeric field (codes, numbers, phone, FAX, postal code) runs, in the web
 * form as the user types and in the contract's schemas, so either side accepts what the other does.
 */
export function toHalfWidthDigits(value: string): string {
  return value
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/[－ー‐―−]/g, "-");
}

/**
 * Full-width ASCII (ｅｘａｍｐｌｅ＠ｍａｉｌ．ｊｐ, typed with the Japanese input still on) to the
 * half-width letters, digits and signs it stands for: what an e-mail address field accepts.
 */
export function toHalfWidthAscii(value: string): string {
  return value.replace(/[！-～]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
}
