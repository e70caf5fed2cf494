import { DailyReportSchema, type DailyReport, type ReportQuery } from "@pharmacy/contract/reports/reports";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDailyReport: build.query<DailyReport, ReportQuery>({
      extraOptions: responds(DailyReportSchema),
      query: (range) => ({ url: "/api/reports/daily", params: range }),
    }),
    /** The same days as CSV; fetched with the bearer token (a plain link could not send it), saved by the browser. */
    downloadReportCsv: build.mutation<Blob, ReportQuery>({
      extraOptions: responds("file"),
      query: (range) => ({
        url: "/api/reports/daily.csv",
        params: range,
        responseHandler: async (response) => (response.ok ? response.blob() : response.json().catch(() => undefined)),
        cache: "no-store",
      }),
    }),
  }),
});

export const { useGetDailyReportQuery, useDownloadReportCsvMutation } = reportsApi;
