import * as z from "../shared/zod.js";
import { EmailSchema, OpaqueTokenSchema, PasswordSchema, PersonNameSchema } from "./auth.js";
import { PersonRoleSchema, RoleSchema } from "./roles.js";
import { IdSchema } from "../receptions/receptions.js";

export const INVITATION_VALID_HOURS = 72;
export const ACCEPT_INVITATION_PATH = "/accept-invitation";

/** GET /api/user/me: the signed-in person or device. */
export const MeSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  pharmacyId: z.uuid(),
  /** The organisation of the branch, and whether the person runs it (本部管理者: the 本部 screen). */
  organizationId: z.uuid(),
  organizationAdmin: z.boolean(),
  mfaEnabled: z.boolean(),
  /** True while an admin must set up two-factor sign-in before anything else (requireMfaForAdmins). */
  mfaSetupRequired: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

export const StaffStatusSchema = z.enum(["invited", "active", "disabled"]);
export type StaffStatus = z.infer<typeof StaffStatusSchema>;

export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  invited: "招待中",
  active: "有効",
  disabled: "無効",
};

export const StaffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: PersonRoleSchema,
  status: StaffStatusSchema,
  mfaEnabled: z.boolean(),
  lastSignInAt: z.iso.datetime().optional(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListSchema = z.object({ staff: z.array(StaffMemberSchema) });
export type StaffList = z.infer<typeof StaffListSchema>;

export const InviteStaffSchema = z.strictObject({ email: EmailSchema, name: PersonNameSchema, role: PersonRoleSchema });
export type InviteStaffInput = z.input<typeof InviteStaffSchema>;

export const UpdateStaffSchema = z
  .strictObject({
    name: PersonNameSchema.optional(),
    role: PersonRoleSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.role !== undefined || body.disabled !== undefined,
    "変更する項目を指定してください",
  );
export type UpdateStaffInput = z.input<typeof UpdateStaffSchema>;

export const StaffIdParamsSchema = z.strictObject({ id: IdSchema });

/**
 * A new account sets its password; a person who already has an account sends no password but their
 * bearer id token, and gets a membership of the inviting branch (docs/rules.md#organisations).
 */
export const AcceptInvitationSchema = z.strictObject({ token: OpaqueTokenSchema, password: PasswordSchema.optional() });
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;

export const AcceptInvitationResponseSchema = z.object({ email: z.string() });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;
