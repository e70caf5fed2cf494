import { z } from "zod";

export const UNUSABLE_CHARACTER_MESSAGE = "使用できない文字が含まれています";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for NUL (PostgreSQL cannot store it in text) and lone surrogates (no UTF-8 for them). */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** `z.string()` of the contract (`./zod.ts`): a string that can be stored as it is. */
export function storableString(params?: string | z.core.$ZodStringParams): z.ZodString {
  return z.string(params).refine(isStorableText, UNUSABLE_CHARACTER_MESSAGE);
}

/**
 * Any string, for what an answer only echoes and nothing stores: the path of a validation issue names
 * the keys a client sent, NUL and lone surrogates included, so that it can be told what was refused.
 */
export function echoedString(): z.ZodString {
  return z.string();
}

/** The start of every free-text field a person types. */
export function textSchema(missingMessage?: string) {
  return storableString(missingMessage === undefined ? undefined : { error: missingMessage });
}

export const TextSchema = textSchema();
