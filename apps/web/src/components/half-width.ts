/**
 * Japanese keyboards often type full-width digits and long-vowel marks for hyphens ("０３ー１２３４"):
 * turn them into the ASCII the contract's number rules expect, as the user types.
 */
export function toHalfWidthNumber(value: string | undefined): string | undefined {
  if (value === undefined) return value;
  return value.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0)).replace(/[－ー‐―−]/g, "-");
}
