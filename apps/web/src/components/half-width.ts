import { toHalfWidthDigits } from "@pharmacy/contract/shared/half-width";

/** The contract's normaliser as a Form.Item `normalize`: full-width digits and hyphens become ASCII as the user types. */
export function toHalfWidthNumber(value: string | undefined): string | undefined {
  return value === undefined ? value : toHalfWidthDigits(value);
}
