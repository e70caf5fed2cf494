import {
  patientDeletionPath,
  ReceptionExportSchema,
  type PatientDeletion,
  type ReceptionExport,
} from "@pharmacy/contract/retention/export";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

/** A patient's request: everything held about a reception, and its deletion on request. */
export const patientDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceptionExport: build.query<ReceptionExport, string>({
      query: (id) => `/api/reception/${encodeURIComponent(id)}/export`,
      extraOptions: responds(ReceptionExportSchema),
      // each export is an opening recorded in the audit log: read afresh, never from a cache
      keepUnusedDataFor: 0,
    }),
    deletePatientData: build.mutation<void, { id: string; what: PatientDeletion }>({
      query: ({ id, what }) => ({ url: patientDeletionPath(encodeURIComponent(id), what), method: "DELETE" }),
      extraOptions: responds("none"),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: "Reception", id }, { type: "Reception", id: "LIST" }, "CareContact", "FollowUp"],
    }),
  }),
});

export const { useGetReceptionExportQuery, useDeletePatientDataMutation } = patientDataApi;
