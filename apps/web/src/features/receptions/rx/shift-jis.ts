/**
 * Shift_JIS encoding for 「QRを表示」: browsers decode Shift_JIS but cannot encode it, and the contract
 * keeps the payload as decoded text. The table is the decoder's inverse, built once; like the WHATWG
 * encoder it prefers the JIS X 0208 / IBM codes over the NEC-selected duplicates (lead bytes ED, EE),
 * so every character of JIS X 0208 and half-width katakana goes back to the very bytes it came from.
 */
let table: Map<string, number[]> | undefined;

function lead(byte: number): boolean {
  return (byte >= 0x81 && byte <= 0x9f) || (byte >= 0xe0 && byte <= 0xfc);
}

function buildTable(): Map<string, number[]> {
  const decoder = new TextDecoder("shift_jis", { fatal: true });
  const map = new Map<string, number[]>();
  const add = (bytes: number[]) => {
    let text: string;
    try {
      text = decoder.decode(new Uint8Array(bytes));
    } catch {
      return;
    }
    if (!map.has(text)) map.set(text, bytes);
  };
  for (let byte = 0; byte <= 0xdf; byte += 1) if (!lead(byte)) add([byte]);
  const leads = [...Array(256).keys()]
    .filter((byte) => lead(byte) && byte !== 0xed && byte !== 0xee)
    .concat([0xed, 0xee]);
  for (const first of leads) {
    for (let second = 0x40; second <= 0xfc; second += 1) if (second !== 0x7f) add([first, second]);
  }
  return map;
}

/** The Shift_JIS bytes of `text`; a character Shift_JIS cannot hold becomes "?" (as encoders do). */
export function encodeShiftJis(text: string): Uint8Array {
  table ??= buildTable();
  const bytes: number[] = [];
  for (const character of text) bytes.push(...(table.get(character) ?? [0x3f]));
  return new Uint8Array(bytes);
}
