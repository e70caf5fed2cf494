import { mayCall, type Role, type RouteKey } from "@pharmacy/contract/auth/roles";

/**
 * What a screen or a button needs: the calls it makes, looked up in the contract's role table
 * (`ROUTE_ROLES`), so that a role sees only what the server lets it do and no button answers 403.
 */
const CAPABILITY_CALLS = {
  receptions: ["GET /api/reception"],
  // the settings screens: the branch, its settings and hours, the follow-up questionnaires
  "settings.read": [
    "GET /api/pharmacy",
    "GET /api/app_settings",
    "GET /api/business_hours",
    "GET /api/follow_up_templates",
  ],
  "settings.write": [
    "PATCH /api/pharmacy",
    "PUT /api/app_settings",
    "PUT /api/business_hours",
    "PUT /api/line/settings",
    "PUT /api/retention",
  ],
  staff: ["GET /api/staff"],
  devices: ["GET /api/devices", "POST /api/devices"],
  audit: ["GET /api/audit"],
  reports: ["GET /api/reports/daily"],
  followUps: ["GET /api/follow_ups"],
  // a patient's request: what is held, exported and printed, and deleted on request
  patientData: [
    "GET /api/reception/:id/export",
    "DELETE /api/reception/:id/contacts",
    "DELETE /api/reception/:id/photos",
    "DELETE /api/reception/:id/personal_data",
  ],
  security: ["POST /api/user/mfa/setup"],
  display: ["GET /api/display/board"],
  // 本部: the organisation's day and its branches (its admins, whatever their role in the branch)
  organization: ["GET /api/organization/today", "POST /api/organization/branches"],
} as const satisfies Record<string, readonly RouteKey[]>;

export type Capability = keyof typeof CAPABILITY_CALLS;

export function can(role: Role | undefined, capability: Capability, organizationAdmin = false): boolean {
  return CAPABILITY_CALLS[capability].every((call) => mayCall(role, call, organizationAdmin));
}
