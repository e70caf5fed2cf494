const BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV for Excel: UTF-8 with a BOM (else Excel reads Shift_JIS), CRLF, every cell quoted, and a cell
 * that Excel would take for a formula (= + - @ first) prefixed with an apostrophe.
 */
export function csvOf(lines: readonly (readonly string[])[]): string {
  return BOM + lines.map((cells) => cells.map(cellOf).join(",")).join("\r\n") + "\r\n";
}

function cellOf(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}
