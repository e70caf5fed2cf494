/**
 * One QR symbol as the reader found it: its bytes (base64) and, for a code split with structured
 * append, its position, the number of symbols and the id (parity) shared by the symbols of one message.
 * `index` and `size` are -1 for a symbol that stands alone.
 */
export interface CodeSymbol {
  bytes: string;
  index: number;
  size: number;
  id: string;
}
