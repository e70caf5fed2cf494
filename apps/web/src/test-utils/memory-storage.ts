import { vi } from "vitest";

/** A fresh in-memory localStorage for tests that run in the node environment. */
export function stubLocalStorage(): Storage {
  const entries = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, String(value)),
  };
  vi.stubGlobal("localStorage", storage);
  return storage;
}
