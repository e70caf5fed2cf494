import type { RefreshTokenInput } from "@pharmacy/contract/auth";
import { api } from "../../lib/api";

export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    signOut: build.mutation<void, RefreshTokenInput>({
      query: (body) => ({ url: "/auth/sign_out", method: "POST", body }),
    }),
  }),
});

export const { useSignOutMutation } = shellApi;
