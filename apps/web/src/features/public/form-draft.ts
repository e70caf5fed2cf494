import { SendKeySchema } from "@pharmacy/contract/public/public";
import { z } from "zod";

/**
 * The web form survives the phone's Back button and a reload: the step and the typed
 * answers live in sessionStorage (this tab only, gone when it closes), the photos in IndexedDB where the
 * browser allows it. A photo that could not be kept is counted, so the form can ask for it again.
 */
const DraftSchema = z.object({
  step: z.number().int().min(0),
  answers: z.record(z.string(), z.string()),
  patientName: z.string(),
  phone: z.string(),
  exchangeNumber: z.string(),
  email: z.string(),
  followUpConsent: z.boolean().default(false),
  /** How many photos were chosen when the draft was written. */
  photoCount: z.number().int().min(0),
  /** The send's Idempotency-Key, made once per form fill: every try of this form sends it. */
  sendKey: SendKeySchema.optional(),
  /** 「この内容で受付する」 was pressed: after a reload the page asks the server whether that send arrived. */
  sendTried: z.boolean().default(false),
});
export type FormDraft = z.infer<typeof DraftSchema>;

const keyOf = (publicSlug: string) => `web_form_draft:${publicSlug}`;

export function saveDraft(publicSlug: string, draft: FormDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(keyOf(publicSlug), JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the form works, it only does not survive a reload.
  }
}

export function draftOf(publicSlug: string, storage: Storage = sessionStorage): FormDraft | undefined {
  try {
    const raw = storage.getItem(keyOf(publicSlug));
    if (!raw) return undefined;
    const parsed = DraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function clearDraft(publicSlug: string, storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(keyOf(publicSlug));
  } catch {
    // nothing kept
  }
  void savePhotos(publicSlug, []);
}

const DATABASE = "web-form-photos";
const STORE = "photos";

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("indexedDB"));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error ?? new Error("indexedDB"));
    });
  } finally {
    database.close();
  }
}

/** Keeps the chosen photos (Files are stored as they are); false when the browser does not allow it. */
export async function savePhotos(publicSlug: string, photos: readonly File[]): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  try {
    await withStore("readwrite", (store) =>
      photos.length > 0 ? store.put([...photos], publicSlug) : store.delete(publicSlug),
    );
    return true;
  } catch {
    return false;
  }
}

/** The photos kept for this branch's form, or an empty list when none or the browser does not allow it. */
export async function savedPhotos(publicSlug: string): Promise<File[]> {
  if (typeof indexedDB === "undefined") return [];
  try {
    const kept = await withStore<unknown>("readonly", (store) => store.get(publicSlug));
    return Array.isArray(kept) ? kept.filter((item): item is File => item instanceof File) : [];
  } catch {
    return [];
  }
}
