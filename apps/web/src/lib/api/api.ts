import { createApi } from "@reduxjs/toolkit/query/react";
import { baseQueryWithReauth } from "./base-query";

/** Seconds a cached result is kept after its last subscriber goes away (docs/rules.md#the-staff-apps-basics). */
export const KEEP_UNUSED_DATA_FOR_S = 60;

/** The one RTK Query API: features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: "api",
  baseQuery: baseQueryWithReauth,
  tagTypes: [
    "User",
    "Pharmacy",
    "AppSettings",
    "BusinessHours",
    "Reception",
    "ReceptionDates",
    "ReceptionHistory",
    "File",
    "Staff",
    "Device",
    "Audit",
    "DisplayBoard",
    "FollowUp",
    "FollowUpTemplates",
    "CareContact",
    "LineSettings",
    "Retention",
    "NextDispensing",
    "Organization",
    "OrganizationSettings",
  ],
  keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
  endpoints: () => ({}),
});
