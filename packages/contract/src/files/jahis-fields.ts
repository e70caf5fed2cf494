import { MAX_CODE_FIELD } from "./code-text.js";

/**
 * Recognisers of what a JAHIS field holds, by its content: printers do not all put a record's fields
 * in the columns JAHIS.md gives (JAHIS-LAYOUTS.md beside this package), so a code is taken only from
 * a field that looks like that code, and a name never from one that does.
 */

const ERA_START_YEARS: Record<string, number> = { "1": 1868, "2": 1912, "3": 1926, "4": 1989, "5": 2019 };
/** お薬手帳 codes write the era as a letter (R020410 = 令和2年4月10日). */
const ERA_LETTERS: Record<string, string> = { M: "1", T: "2", S: "3", H: "4", R: "5" };

/**
 * "20260410" → "2026-04-10"; era forms "GYYMMDD" / "GYYMM" / "GYY" (4160119 = 平成16年1月19日), the era
 * a digit 1–5 or a letter M/T/S/H/R → "2004-01-19" / "2004-01" / "2004". Anything else, or an
 * impossible day, is null.
 */
export function jahisDate(value: string): string | null {
  const trimmed = value.trim();
  const letter = ERA_LETTERS[trimmed.charAt(0).toUpperCase()];
  const digits = letter ? letter + trimmed.slice(1) : trimmed;
  if (/^\d{8}$/.test(digits)) return validDate(digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8));
  const era = /^([1-5])(\d{2})(\d{2})?(\d{2})?$/.exec(digits);
  if (!era) return null;
  const year = String(ERA_START_YEARS[era[1]!]! + Number(era[2]) - 1);
  if (Number(era[2]) === 0) return null;
  if (era[3] === undefined) return year;
  if (era[4] === undefined) return Number(era[3]) >= 1 && Number(era[3]) <= 12 ? `${year}-${era[3]}` : null;
  return validDate(year, era[3], era[4]);
}

function validDate(year: string, month: string, day: string): string | null {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year.padStart(4, "0")}-${month}-${day}`;
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A full YYYY-MM-DD date (a year or month alone is not a day), or null. */
export function fullDate(value: string): string | null {
  const date = jahisDate(value);
  return date && date.length === 10 ? date : null;
}

/** The first field that is a full date, or null. */
export function firstDate(fields: readonly string[]): string | null {
  for (const value of fields) {
    const date = fullDate(value);
    if (date) return date;
  }
  return null;
}

export function integer(value: string | undefined): number | null {
  const trimmed = (value ?? "").trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** 医療機関コード: 7 digits (都道府県 and 点数表 are separate fields). */
export const isInstitutionCode = (value: string) => /^\d{7}$/.test(value);
/** 薬品コード: レセ電コード (9 digits) or YJ / 一般名コード (12 characters, 4 digits first). */
export const isDrugCode = (value: string) => /^\d{9}$/.test(value) || /^\d{4}[0-9A-Z]{8}$/.test(value);
/** A kind, flag or class column: one or two digits. */
export const isSmallCode = (value: string) => /^\d{1,2}$/.test(value);
/** 郵便番号: 7 digits, with or without its hyphen. */
export const isPostalCode = (value: string) => /^\d{3}-?\d{4}$/.test(value);
/** Text that is a name: it holds a letter or a kana / kanji, not only digits and signs. */
export const isNameText = (value: string) =>
  value !== "" && /[^\d\s.,\-+/()（）０-９．]/.test(value) && !isDrugCode(value);
/** A code field keeps only a value that looks like a code: ASCII letters and digits. */
export const codeOrEmpty = (value: string) => (/^[0-9A-Za-z]{1,20}$/.test(value) ? value : "");

/** A record's fields after its number, trimmed and each cut to a sane length. */
export function recordFields(line: string): { record: string; fields: string[] } {
  const [record = "", ...fields] = line.split(",");
  return { record: record.trim(), fields: fields.map((value) => value.trim().slice(0, MAX_CODE_FIELD)) };
}
