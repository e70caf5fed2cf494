import { MAX_HOUSEHOLD_PEOPLE } from "@pharmacy/contract/public/public";
import { z } from "zod";

/**
 * The people this phone sent prescriptions for (docs/rules.md#family), kept on the phone alone
 * (localStorage; no account, nothing on the server), and only when the patient ticked 「この端末に覚える」:
 * the name in kana (what the form asks), the phone and the answers they gave. The next web reception
 * offers them in one tap; 「この端末から消す」 forgets one or all.
 */
const RememberedPersonSchema = z.object({
  patientName: z.string().min(1),
  phone: z.string(),
  answers: z.record(z.string(), z.string()),
});
export type RememberedPerson = z.infer<typeof RememberedPersonSchema>;

/** One key for every branch: a family sends to whichever pharmacy it goes to. */
const KEY = "remembered_people";

export function rememberedPeople(storage: Storage = localStorage): RememberedPerson[] {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return [];
    const parsed = z.array(RememberedPersonSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(people: RememberedPerson[], storage: Storage): void {
  try {
    if (people.length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(people));
  } catch {
    // Private mode or a full storage: the phone simply remembers nobody.
  }
}

/**
 * After a send: with consent, the people just sent for come first (a name already kept is replaced,
 * with its latest phone and answers), up to a household's size; without consent nothing is written.
 */
export function rememberSentPeople(
  consent: boolean,
  people: readonly RememberedPerson[],
  storage: Storage = localStorage,
): void {
  if (!consent) return;
  const names = new Set(people.map((person) => person.patientName));
  const kept = rememberedPeople(storage).filter((person) => !names.has(person.patientName));
  write([...people, ...kept].slice(0, MAX_HOUSEHOLD_PEOPLE), storage);
}

/** 「この端末から消す」 beside one person. */
export function forgetPerson(patientName: string, storage: Storage = localStorage): void {
  write(
    rememberedPeople(storage).filter((person) => person.patientName !== patientName),
    storage,
  );
}

/** 「この端末から消す」 for everyone. */
export function forgetEveryone(storage: Storage = localStorage): void {
  write([], storage);
}
