import { SignInResponseSchema, type RefreshTokenInput, type SignInResponse } from "@pharmacy/contract/auth/auth";
import {
  SwitchBranchSchema,
  UserBranchesSchema,
  type SwitchBranchInput,
  type UserBranches,
} from "@pharmacy/contract/organization/organization";
import { CreatedDeviceSchema, type CreateDeviceInput, type CreatedDevice } from "@pharmacy/contract/devices/devices";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    signOut: build.mutation<void, RefreshTokenInput>({
      extraOptions: responds("none"),
      query: (body) => ({ url: "/auth/sign_out", method: "POST", body }),
    }),
    /** Registers this browser as a device; its deviceToken becomes this browser's refresh token. */
    createDevice: build.mutation<CreatedDevice, CreateDeviceInput>({
      extraOptions: responds(CreatedDeviceSchema),
      query: (body) => ({ url: "/api/devices", method: "POST", body }),
      invalidatesTags: [{ type: "Device", id: "LIST" }],
    }),
    /** The branches the signed-in person works in, for the header's switcher. */
    getMyBranches: build.query<UserBranches, void>({
      extraOptions: responds(UserBranchesSchema),
      query: () => "/api/user/branches",
      providesTags: ["User"],
    }),
    /** New tokens on another of the person's branches; the session on this one ends. */
    switchBranch: build.mutation<SignInResponse, SwitchBranchInput>({
      extraOptions: responds(SignInResponseSchema),
      query: (input) => ({ url: "/auth/switch_branch", method: "POST", body: SwitchBranchSchema.parse(input) }),
    }),
  }),
});

export const { useSignOutMutation, useCreateDeviceMutation, useGetMyBranchesQuery, useSwitchBranchMutation } = shellApi;
