import type { Me } from "@pharmacy/contract/auth/staff";

/** A signed-in admin of the demo branch, as /api/user/me answers. */
export const ADMIN: Me = {
  id: "0b8a3d5e-59a4-4c47-9a55-1d1b8c3b9f10",
  email: "demo@example.com",
  name: "デモ",
  role: "admin",
  pharmacyId: "4d7c2b8e-2f7a-4a57-8f6e-2f5c1a0e9b21",
  organizationId: "4d7c2b8e-2f7a-4a57-8f6e-2f5c1a0e9b21",
  organizationAdmin: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
};
