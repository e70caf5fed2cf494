/** Keys fixed since the first build (docs/rules.md#the-staff-apps-basics): other tabs and older builds read the same entries. */
export const ID_TOKEN_KEY = "id_token";
export const REFRESH_TOKEN_KEY = "refresh_token";

// Private browsing modes may throw on any localStorage access; signing in then lasts for the page only.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// Set once this page has handed the tokens to the page it is about to load (becoming a kiosk, leaving
// it): whatever this page still does before it unloads (a socket's refresh, a refused call) must not
// overwrite or clear what the next page starts from.
let handedOver = false;

function write(key: string, value: string): void {
  if (handedOver) return;
  try {
    localStorage.setItem(key, value);
  } catch {
    // see read()
  }
}

function remove(key: string): void {
  if (handedOver) return;
  try {
    localStorage.removeItem(key);
  } catch {
    // see read()
  }
}

export function getIdToken(): string | null {
  return read(ID_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function storeIdToken(idToken: string): void {
  write(ID_TOKEN_KEY, idToken);
}

export function storeTokens(tokens: { idToken: string; refreshToken: string }): void {
  write(ID_TOKEN_KEY, tokens.idToken);
  write(REFRESH_TOKEN_KEY, tokens.refreshToken);
}

export function removeTokens(): void {
  remove(ID_TOKEN_KEY);
  remove(REFRESH_TOKEN_KEY);
}

/** Stores the tokens the next page load starts from; from then on this page leaves the storage alone. */
export function handOverTokens(tokens: { idToken: string; refreshToken: string }): void {
  storeTokens(tokens);
  handedOver = true;
}
