import { LineSettingsInputSchema, LineSettingsSchema, type LineSettings, type LineSettingsInput } from "@pharmacy/contract/line";
import { api } from "../../lib/api";

/** The branch's LINE Official Account (admin): the secret and the token go up, never come back. */
export const lineApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLineSettings: build.query<LineSettings, void>({
      query: () => "/api/line/settings",
      transformResponse: (body: unknown) => LineSettingsSchema.parse(body),
      providesTags: ["LineSettings"],
    }),
    saveLineSettings: build.mutation<LineSettings, LineSettingsInput>({
      query: (input) => ({ url: "/api/line/settings", method: "PUT", body: LineSettingsInputSchema.parse(input) }),
      invalidatesTags: ["LineSettings"],
    }),
    deleteLineSettings: build.mutation<void, void>({
      query: () => ({ url: "/api/line/settings", method: "DELETE" }),
      invalidatesTags: ["LineSettings"],
    }),
  }),
});

export const { useGetLineSettingsQuery, useSaveLineSettingsMutation, useDeleteLineSettingsMutation } = lineApi;
