import {
  LineSettingsInputSchema,
  LineSettingsSchema,
  type LineSettings,
  type LineSettingsInput,
} from "@pharmacy/contract/line/line";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

/** The branch's LINE Official Account (admin): the secret and the token go up, never come back. */
export const lineApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLineSettings: build.query<LineSettings, void>({
      query: () => "/api/line/settings",
      extraOptions: responds(LineSettingsSchema),
      providesTags: ["LineSettings"],
    }),
    saveLineSettings: build.mutation<LineSettings, LineSettingsInput>({
      query: (input) => ({ url: "/api/line/settings", method: "PUT", body: LineSettingsInputSchema.parse(input) }),
      extraOptions: responds(LineSettingsSchema),
      invalidatesTags: ["LineSettings"],
    }),
    deleteLineSettings: build.mutation<void, void>({
      query: () => ({ url: "/api/line/settings", method: "DELETE" }),
      extraOptions: responds("none"),
      invalidatesTags: ["LineSettings"],
    }),
  }),
});

export const { useGetLineSettingsQuery, useSaveLineSettingsMutation, useDeleteLineSettingsMutation } = lineApi;
