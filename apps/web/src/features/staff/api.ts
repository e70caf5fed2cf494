import type { InviteStaffInput, StaffList, StaffMember, UpdateStaffInput } from "@pharmacy/contract/auth/staff";
import { InviteStaffSchema, StaffListSchema, StaffMemberSchema } from "@pharmacy/contract/auth/staff";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

const LIST_TAG = { type: "Staff", id: "LIST" } as const;

export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffList, void>({
      extraOptions: responds(StaffListSchema),
      query: () => "/api/staff",
      providesTags: [LIST_TAG],
    }),
    inviteStaff: build.mutation<StaffMember, InviteStaffInput>({
      extraOptions: responds(StaffMemberSchema),
      query: (input) => ({ url: "/api/staff", method: "POST", body: InviteStaffSchema.parse(input) }),
      invalidatesTags: [LIST_TAG],
    }),
    updateStaff: build.mutation<StaffMember, { id: string; changes: UpdateStaffInput }>({
      extraOptions: responds(StaffMemberSchema),
      query: ({ id, changes }) => ({ url: `/api/staff/${encodeURIComponent(id)}`, method: "PATCH", body: changes }),
      invalidatesTags: [LIST_TAG],
    }),
    resendInvitation: build.mutation<StaffMember, string>({
      extraOptions: responds(StaffMemberSchema),
      query: (id) => ({ url: `/api/staff/${encodeURIComponent(id)}/invitation`, method: "POST" }),
      invalidatesTags: [LIST_TAG],
    }),
    cancelInvitation: build.mutation<void, string>({
      extraOptions: responds("none"),
      query: (id) => ({ url: `/api/staff/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: [LIST_TAG],
    }),
  }),
});

export const {
  useGetStaffQuery,
  useInviteStaffMutation,
  useUpdateStaffMutation,
  useResendInvitationMutation,
  useCancelInvitationMutation,
} = staffApi;
