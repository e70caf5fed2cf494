import { ErrorResponseSchema, type ValidationIssue } from "@pharmacy/contract/shared/errors";
import type { FormInstance } from "antd";

export type FieldPath = readonly (string | number)[];

export interface FieldErrors {
  name: (string | number)[];
  errors: string[];
}

/** The `issues` of a 400 answer (`{message, issues: [{path, message}]}`), or none. */
export function apiValidationIssues(error: unknown): ValidationIssue[] {
  if (typeof error !== "object" || error === null || !("data" in error)) return [];
  const parsed = ErrorResponseSchema.safeParse(error.data);
  return parsed.success ? (parsed.data.issues ?? []) : [];
}

function isPrefix(prefix: FieldPath, path: FieldPath): boolean {
  return (
    prefix.length > 0 &&
    prefix.length <= path.length &&
    prefix.every((part, index) => String(part) === String(path[index]))
  );
}

/**
 * Puts each issue on the form field its path names, or on the deepest field that contains it
 * (["weekly", 0, "periods", 1, "end"] on that time; ["answers", "returnDate"] on that question).
 * Issues no field holds are returned as `unmatched`, for a message above the form.
 */
export function matchIssuesToFields(
  issues: readonly ValidationIssue[],
  fieldNames: readonly FieldPath[],
): { fieldErrors: FieldErrors[]; unmatched: ValidationIssue[] } {
  const byField = new Map<string, FieldErrors>();
  const unmatched: ValidationIssue[] = [];
  for (const issue of issues) {
    const field = fieldNames.filter((name) => isPrefix(name, issue.path)).sort((a, b) => b.length - a.length)[0];
    if (!field) {
      unmatched.push(issue);
      continue;
    }
    const key = JSON.stringify(field.map(String));
    const entry = byField.get(key) ?? { name: [...field], errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  return { fieldErrors: [...byField.values()], unmatched };
}

/** Shows the server's field issues next to the antd form's fields; returns those no field holds. */
export function showApiIssuesOnForm(form: FormInstance, error: unknown): ValidationIssue[] {
  const names = form.getFieldsError().map((field) => field.name);
  const { fieldErrors, unmatched } = matchIssuesToFields(apiValidationIssues(error), names);
  form.setFields(fieldErrors);
  return unmatched;
}
