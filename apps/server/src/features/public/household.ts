import type { CodeSymbol } from "@pharmacy/contract/files/code-symbols";
import {
  MAX_WEB_PHOTOS,
  PAPER_NEEDS_PHOTO_MESSAGE,
  TOO_MANY_PHOTOS_MESSAGE,
  needsPhoto,
  type WebReceptionFieldsSchema,
} from "@pharmacy/contract/public/public";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { ValidationIssue } from "@pharmacy/contract/shared/errors";
import type { z } from "zod";

type SentFields = z.output<typeof WebReceptionFieldsSchema>;

/** One person of a web send: the sender, or another of the household (docs/rules.md#family). */
export interface SentPerson {
  patientName: string;
  phone: string;
  answers: Answers;
  exchangeNumber?: string;
  photos: Uint8Array[];
  photoCodes: CodeSymbol[][];
  /** Where this person's fields are in the send, for the issues that name them: [] or ["household", i]. */
  path: (string | number)[];
}

/**
 * The people of a send, each with their photos: the sender's come first in the body, then each other
 * person's `photoCount` in the people's order; what is left before them is the sender's. A count that
 * does not add up, or more than five photos for one person, is an issue on that person's photos.
 */
export function peopleOfSend(
  fields: SentFields,
  photos: Uint8Array[],
): { people: SentPerson[]; issues: ValidationIssue[] } {
  const others = fields.household ?? [];
  const theirs = others.reduce((sum, member) => sum + member.photoCount, 0);
  const issues: ValidationIssue[] = [];
  const senderCount = photos.length - theirs;
  if (senderCount < 0)
    issues.push({ path: ["household"], message: "写真の枚数が合いません。もう一度送ってください。", code: "custom" });
  else if (senderCount > MAX_WEB_PHOTOS)
    issues.push({ path: ["file"], message: TOO_MANY_PHOTOS_MESSAGE, code: "custom" });
  if (issues.length > 0) return { people: [], issues };
  const people: SentPerson[] = [
    {
      patientName: fields.patientName,
      phone: fields.phone,
      answers: fields.answers,
      ...(fields.exchangeNumber && { exchangeNumber: fields.exchangeNumber }),
      photos: photos.slice(0, senderCount),
      photoCodes: fields.photoCodes ?? [],
      path: [],
    },
  ];
  let next = senderCount;
  for (const [index, member] of others.entries()) {
    people.push({
      patientName: member.patientName,
      // a child has no phone of their own: the pharmacy calls the parent who sent
      phone: member.phone ?? fields.phone,
      answers: member.answers,
      ...(member.exchangeNumber && { exchangeNumber: member.exchangeNumber }),
      photos: photos.slice(next, next + member.photoCount),
      photoCodes: member.photoCodes ?? [],
      path: ["household", index],
    });
    next += member.photoCount;
  }
  for (const person of people)
    if (needsPhoto(person.answers, person.photos.length))
      issues.push({ path: [...person.path, "file"], message: PAPER_NEEDS_PHOTO_MESSAGE, code: "custom" });
  return { people, issues };
}

/** A person's issues where the send has them: the household's under `household.<i>`. */
export function issuesOfPerson(person: SentPerson, issues: ValidationIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({ ...issue, path: [...person.path, ...issue.path] }));
}

/** Every person's codes in one list, by the photos' order, each padded to their photo count. */
export function allPhotoCodes(people: SentPerson[]): CodeSymbol[][] {
  return people.flatMap((person) => person.photos.map((_, index) => person.photoCodes[index] ?? []));
}
