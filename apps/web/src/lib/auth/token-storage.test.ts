import { beforeEach, describe, expect, it } from "vitest";
import { stubLocalStorage } from "../../test-utils/memory-storage";
import { getIdToken, getRefreshToken, handOverTokens, removeTokens, storeIdToken, storeTokens } from "./token-storage";

describe("token storage", () => {
  beforeEach(() => {
    stubLocalStorage();
  });

  it("stores, reads and removes both tokens", () => {
    storeTokens({ idToken: "id-1", refreshToken: "refresh-1" });
    expect([getIdToken(), getRefreshToken()]).toEqual(["id-1", "refresh-1"]);
    removeTokens();
    expect([getIdToken(), getRefreshToken()]).toEqual([null, null]);
  });

  it("once handed over to the next page, this page can neither clear nor overwrite the tokens", () => {
    storeTokens({ idToken: "person-id", refreshToken: "person-refresh" });
    handOverTokens({ idToken: "", refreshToken: "device-token" });

    // What the leaving page may still do: a refused refresh clears, a late refresh stores an id token.
    removeTokens();
    storeIdToken("late-id-token");
    storeTokens({ idToken: "x", refreshToken: "y" });

    expect([getIdToken(), getRefreshToken()]).toEqual(["", "device-token"]);
  });
});
