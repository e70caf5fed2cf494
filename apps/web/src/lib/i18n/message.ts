import type { ja } from "./catalogs/ja";

/** Every message's dotted key, from the Japanese catalog: a key that does not exist fails `tsc`. */
type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];
export type PatientKey = KeysOf<typeof ja>;
export type MessageValues = Record<string, string | number>;

/**
 * A message not yet in words: rules decide which, the component says it in the patient's language.
 * `japanese` is the server's or the contract's own Japanese wording of the same thing (a validation
 * issue), shown as it is to a Japanese reader; other languages get the catalog's message.
 */
export interface Message {
  key: PatientKey;
  values?: MessageValues;
  japanese?: string;
}

export const message = (key: PatientKey, values?: MessageValues): Message => (values ? { key, values } : { key });

/** The catalog's message, or to a Japanese reader the given Japanese words. */
export const messageOr = (key: PatientKey, japanese: string): Message => ({ key, japanese });
