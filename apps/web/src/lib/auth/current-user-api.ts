import { MeSchema, type Me } from "@pharmacy/contract/auth/staff";
import { api } from "../api/api";
import { responds } from "../api/response-shape";

/** Who the stored tokens name: read at start-up and again when the session changes under the page. */
export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in person or device, with its role: what every screen decides on. */
    getCurrentUser: build.query<Me, void>({
      extraOptions: responds(MeSchema),
      query: () => "/api/user/me",
      providesTags: ["User"],
    }),
  }),
});
