import { AuditListSchema, type AuditList, type AuditQuery } from "@pharmacy/contract/audit/audit";
import { api } from "../../lib/api/api";
import { auditSearchParams } from "./audit-filters";
import { responds } from "../../lib/api/response-shape";

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<AuditList, AuditQuery>({
      extraOptions: responds(AuditListSchema),
      query: (query) => ({ url: "/api/audit", params: auditSearchParams(query) }),
      providesTags: [{ type: "Audit", id: "LIST" }],
    }),
    /** The same filters as CSV; fetched with the bearer token (a plain link could not send it), saved by the browser. */
    downloadAuditCsv: build.mutation<Blob, AuditQuery>({
      extraOptions: responds("file"),
      query: (query) => ({
        url: "/api/audit.csv",
        params: auditSearchParams({ ...query, page: undefined, pageSize: undefined }),
        responseHandler: async (response) => (response.ok ? response.blob() : response.json().catch(() => undefined)),
        cache: "no-store",
      }),
    }),
  }),
});

export const { useGetAuditQuery, useDownloadAuditCsvMutation } = auditApi;
