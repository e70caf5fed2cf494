/**
 * zod as the contract uses it: every `z.string()` refuses NUL (PostgreSQL stores it in neither text
 * nor jsonb) and lone surrogates (they have no UTF-8). Every schema of the contract is built from this
 * module (eslint.config.js refuses "zod" elsewhere in the contract), so a string a client sends is
 * storable wherever it sits: a field, a record's key, inside a JSON field of a multipart form.
 * Format schemas (`z.uuid()`, `z.base64()`, `z.email()`, `z.iso.*`) admit neither by their pattern.
 */
export * from "zod";
export { storableString as string } from "./text.js";
