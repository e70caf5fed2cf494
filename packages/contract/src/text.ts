import { z } from "zod";

export const UNUSABLE_CHARACTER_MESSAGE = "使用できない文字が含まれています";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for NUL (PostgreSQL cannot store it in text) and lone surrogates (no UTF-8 for them). */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** The start of every free-text field a person types: a string that can be stored as it is. */
export function textSchema(missingMessage?: string) {
  return z
    .string(missingMessage === undefined ? undefined : { error: missingMessage })
    .refine(isStorableText, UNUSABLE_CHARACTER_MESSAGE);
}

export const TextSchema = textSchema();
