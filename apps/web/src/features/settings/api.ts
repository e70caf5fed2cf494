import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

/**
 * The settings screens' own call. The settings they read and save are `lib/settings/settings-api.ts` and
 * `lib/pharmacy/pharmacy-api.ts`, shared with the header and the reception screens.
 */
export const testTicketApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A marked sample ticket (「テスト印刷」) with the saved message, to check the receipt printer. */
    getTestTicket: build.query<string, void>({
      extraOptions: responds("text"),
      query: () => ({ url: "/api/reception/test_ticket", responseHandler: "text" }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetTestTicketQuery } = testTicketApi;
