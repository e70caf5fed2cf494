import {
  RetentionSettingsSchema,
  SaveRetentionSchema,
  type RetentionSettings,
  type SaveRetention,
} from "@pharmacy/contract/retention/retention";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

/** How long each kind of record is kept (admin). */
export const retentionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRetention: build.query<RetentionSettings, void>({
      query: () => "/api/retention",
      extraOptions: responds(RetentionSettingsSchema),
      providesTags: ["Retention"],
    }),
    saveRetention: build.mutation<RetentionSettings, SaveRetention>({
      query: (input) => ({ url: "/api/retention", method: "PUT", body: SaveRetentionSchema.parse(input) }),
      extraOptions: responds(RetentionSettingsSchema),
      invalidatesTags: ["Retention"],
    }),
  }),
});

export const { useGetRetentionQuery, useSaveRetentionMutation } = retentionApi;
