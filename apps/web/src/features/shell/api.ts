import type { RefreshTokenInput } from "@pharmacy/contract/auth/auth";
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
  }),
});

export const { useSignOutMutation, useCreateDeviceMutation } = shellApi;
