/**
 * Text to Shift_JIS bytes, as a prescription printer writes its 2D code. Node decodes Shift_JIS but
 * has no encoder, so the table is built once by decoding every code the encoding has.
 */
let table: Map<string, number[]> | undefined;

function encodingTable(): Map<string, number[]> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder("shift_jis", { fatal: false });
  for (let byte = 0; byte < 0x80; byte++) table.set(String.fromCharCode(byte), [byte]);
  for (let byte = 0xa1; byte <= 0xdf; byte++) table.set(decoder.decode(new Uint8Array([byte])), [byte]);
  const leads = [...range(0x81, 0x9f), ...range(0xe0, 0xfc)];
  const trails = [...range(0x40, 0x7e), ...range(0x80, 0xfc)];
  for (const lead of leads) {
    for (const trail of trails) {
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (char.length === 1 && char !== "\uFFFD" && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  return table;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

export function encodeShiftJis(text: string): Uint8Array {
  const codes = encodingTable();
  const bytes: number[] = [];
  for (const char of text) {
    const code = codes.get(char);
    if (!code) throw new Error(`not in Shift_JIS: ${char}`);
    bytes.push(...code);
  }
  return new Uint8Array(bytes);
}
