import type { MfaCodeInput, MfaEnableResponse, MfaSetupResponse } from "@pharmacy/contract/auth/mfa";
import { MfaCodeSchema, MfaEnableResponseSchema, MfaSetupResponseSchema } from "@pharmacy/contract/auth/mfa";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A new secret for the authenticator app; two-factor sign-in is on only after `enableMfa`. */
    setupMfa: build.mutation<MfaSetupResponse, void>({
      extraOptions: responds(MfaSetupResponseSchema),
      query: () => ({ url: "/api/user/mfa/setup", method: "POST" }),
    }),
    enableMfa: build.mutation<MfaEnableResponse, MfaCodeInput>({
      extraOptions: responds(MfaEnableResponseSchema),
      query: (input) => ({ url: "/api/user/mfa/enable", method: "POST", body: MfaCodeSchema.parse(input) }),
      invalidatesTags: [{ type: "Staff", id: "LIST" }],
    }),
    disableMfa: build.mutation<void, MfaCodeInput>({
      extraOptions: responds("none"),
      query: (input) => ({ url: "/api/user/mfa/disable", method: "POST", body: MfaCodeSchema.parse(input) }),
      invalidatesTags: [{ type: "Staff", id: "LIST" }],
    }),
  }),
});

export const { useSetupMfaMutation, useEnableMfaMutation, useDisableMfaMutation } = securityApi;
