import * as z from "../shared/zod.js";

/** The most bytes a QR symbol holds (version 40, level L), as base64. */
const MAX_SYMBOL_BASE64 = 4 * Math.ceil(2953 / 3);
/** Structured append joins at most 16 symbols. */
export const MAX_SYMBOLS_PER_PHOTO = 16;

/**
 * One QR symbol as a reader found it: its bytes (base64) and, for a code split with structured append,
 * its position, the number of symbols and the id (parity) shared by the symbols of one message.
 * `index` and `size` are -1 for a symbol that stands alone.
 */
export const CodeSymbolSchema = z.strictObject({
  bytes: z.base64().min(1).max(MAX_SYMBOL_BASE64),
  index: z
    .number()
    .int()
    .min(-1)
    .max(MAX_SYMBOLS_PER_PHOTO - 1),
  size: z.number().int().min(-1).max(MAX_SYMBOLS_PER_PHOTO),
  id: z.string().max(16),
});
export type CodeSymbol = z.infer<typeof CodeSymbolSchema>;
