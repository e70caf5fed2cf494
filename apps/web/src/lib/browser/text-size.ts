/**
 * 「文字を大きく」 on the patient pages and the kiosk: the root font size goes to 150 % (the patient pages'
 * text is sized in rem), kept on this device.
 */
const STORAGE_KEY = "patient_text_size";

export function isLargeText(): boolean {
  return document.documentElement.dataset.textSize === "large";
}

export function showLargeText(large: boolean): void {
  if (large) document.documentElement.dataset.textSize = "large";
  else delete document.documentElement.dataset.textSize;
}

export function setLargeText(large: boolean): void {
  showLargeText(large);
  try {
    if (large) localStorage.setItem(STORAGE_KEY, "large");
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode or a full storage: large for this page only.
  }
}

/** At start: the size chosen on this device. */
export function applyStoredTextSize(): void {
  try {
    showLargeText(localStorage.getItem(STORAGE_KEY) === "large");
  } catch {
    // nothing kept
  }
}
