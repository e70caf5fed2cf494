import * as z from "../shared/zod.js";

/** Who may do what: people are admin or staff; devices are counter kiosks or calling boards. */
export const RoleSchema = z.enum(["admin", "staff", "counter", "display"]);
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  admin: "管理者",
  staff: "スタッフ",
  counter: "受付端末",
  display: "呼出画面",
};

/**
 * 本部管理者: a person who runs the organisation of the branch they are signed in to (adds branches, sees
 * every branch's day). It comes beside their role in the branch, never instead of it.
 */
export const ORG_ADMIN = "orgAdmin";
/** Who a call of the table may be made by: a role in the branch, or the organisation's admin. */
export type RouteRole = Role | typeof ORG_ADMIN;

/** The roles a person (not a device) can have. */
export const PersonRoleSchema = z.enum(["admin", "staff"], { error: "権限は管理者またはスタッフから選んでください" });
export type PersonRole = z.infer<typeof PersonRoleSchema>;

export const DeviceKindSchema = z.enum(["counter", "display"], { error: "端末の種類を選んでください" });
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

/** Devices are not people: no e-mail, no password, a screen of their own and never the staff frame. */
export function isDeviceRole(role: Role | undefined): role is DeviceKind {
  return DeviceKindSchema.options.includes(role as DeviceKind);
}

/** Role sets used by many calls, so that the table below reads as who may do what. */
export const ROLES = {
  admin: ["admin"],
  people: ["admin", "staff"],
  peopleAndCounter: ["admin", "staff", "counter"],
  /** The calling board (the board call and its socket frames): the display device and people. */
  board: ["admin", "staff", "display"],
  everyone: ["admin", "staff", "counter", "display"],
  /** The organisation's calls: its admins, whatever their role in the branch they are signed in to. */
  organization: [ORG_ADMIN],
} as const satisfies Record<string, readonly RouteRole[]>;

const { admin, people, peopleAndCounter, board, everyone, organization } = ROLES;

/**
 * Who may make each signed-in call, keyed "METHOD /path" as the server registers the route. The
 * server looks every route up here when it registers it (a route missing from the table stops it from
 * starting; a route cannot declare roles of its own) and answers 403 1012 to any other role; the web
 * app draws a screen or a button only for the roles of the calls it makes.
 *
 * The admin may do everything; staff work the receptions, reports and follow-ups and read the
 * settings; the counter kiosk makes its own reception and, until it is confirmed, adds its photos and
 * answers, previews and confirms it (the server also holds it to its own unconfirmed reception); the
 * calling display reads the board.
 */
export const ROUTE_ROLES = {
  // a device asks who it is too: that is how a reloaded kiosk or board finds its screen
  "GET /api/user/me": everyone,
  // two-factor sign-in is a person's: a device has no password to protect
  "POST /api/user/mfa/setup": people,
  "POST /api/user/mfa/enable": people,
  "POST /api/user/mfa/disable": people,
  // a person's branches and the switch between them; a device belongs to one branch
  "GET /api/user/branches": people,
  "POST /auth/switch_branch": people,

  "GET /api/organization": organization,
  "POST /api/organization/branches": organization,
  "GET /api/organization/today": organization,
  "GET /api/organization/audit": organization,
  "GET /api/organization/reports/daily": organization,
  "GET /api/organization/reports/daily.csv": organization,
  // the questions, ticket message and follow-up templates every branch uses until it keeps its own
  "GET /api/organization/settings": organization,
  "PUT /api/organization/settings": organization,

  "GET /api/staff": admin,
  "POST /api/staff": admin,
  "PATCH /api/staff/:id": admin,
  "POST /api/staff/:id/invitation": admin,
  "DELETE /api/staff/:id": admin,
  "POST /api/devices": admin,
  "GET /api/devices": admin,
  "DELETE /api/devices/:id": admin,
  "GET /api/audit": admin,
  "GET /api/audit.csv": admin,

  "GET /api/reception": people,
  "POST /api/reception": peopleAndCounter,
  "GET /api/reception/pickups": people,
  "GET /api/reception/dates": people,
  "GET /api/reception/:id": peopleAndCounter,
  "POST /api/reception/:id/confirm": peopleAndCounter,
  // the counter sets only the answers and the 引換番号 of its own unconfirmed reception
  "PATCH /api/reception/:id": peopleAndCounter,
  "POST /api/reception/:id/open": people,
  "POST /api/reception/:id/call": people,
  "POST /api/reception/:id/hand_over": people,
  "POST /api/reception/:id/photo_request": people,
  // the counter deletes its own unconfirmed reception when the kiosk is reset (recorded as abandoned)
  "DELETE /api/reception/:id": peopleAndCounter,
  "PUT /api/reception/:id/prescription/:prescriptionId": people,
  // the patient at the counter takes back a photo before confirming
  "DELETE /api/reception/:id/prescription/:prescriptionId": peopleAndCounter,
  "GET /api/reception/:id/history": people,
  "GET /api/reception/:id/preview": peopleAndCounter,
  "GET /api/reception/test_ticket": people,
  "GET /api/display/board": board,

  // the counter uploads its photos (PATCH adds them to its reception) but never reads one back
  "POST /api/file": peopleAndCounter,
  "PATCH /api/file": peopleAndCounter,
  "GET /api/file/:id": people,
  "GET /api/file/:id/thumbnail": people,

  // the kiosk's welcome screen shows the branch name; its questions need the settings and hours
  "GET /api/pharmacy": peopleAndCounter,
  "PATCH /api/pharmacy": admin,
  "POST /api/pharmacy/public_slug": admin,
  "GET /api/app_settings": peopleAndCounter,
  "PUT /api/app_settings": admin,
  "GET /api/business_hours": peopleAndCounter,
  "PUT /api/business_hours": admin,
  "GET /api/line/settings": admin,
  "PUT /api/line/settings": admin,
  "DELETE /api/line/settings": admin,

  "GET /api/reports/daily": people,
  "GET /api/reports/daily.csv": people,

  "GET /api/reception/:id/care_contact": people,
  "PUT /api/reception/:id/care_contact": people,
  "DELETE /api/reception/:id/care_contact": people,
  "GET /api/reception/:id/follow_ups": people,
  "POST /api/reception/:id/follow_ups": people,
  "GET /api/follow_ups": people,
  "GET /api/follow_ups/today": people,
  "GET /api/follow_ups/:id": people,
  "PATCH /api/follow_ups/:id": people,
  "GET /api/follow_ups/:id/report": people,
  "GET /api/follow_up_templates": people,
  // the questionnaires are settings: staff read them, the admin changes them
  "PUT /api/follow_up_templates": admin,
  // back to the organisation's templates
  "DELETE /api/follow_up_templates": admin,
  "GET /api/next_dispensings": people,

  // how long records are kept is the admin's; a patient's request is answered at the counter by staff too
  "GET /api/retention": admin,
  "PUT /api/retention": admin,
  "GET /api/reception/:id/export": people,
  "DELETE /api/reception/:id/contacts": people,
  "DELETE /api/reception/:id/photos": people,
  "DELETE /api/reception/:id/personal_data": people,
} as const satisfies Record<string, readonly RouteRole[]>;

/** A signed-in call as the role table names it, "METHOD /path" (`:id` for a path parameter). */
export type RouteKey = keyof typeof ROUTE_ROLES;

/** The roles that may make a call, or undefined for a call the table does not know. */
export function routeRolesOf(key: string): readonly RouteRole[] | undefined {
  return Object.hasOwn(ROUTE_ROLES, key) ? ROUTE_ROLES[key as RouteKey] : undefined;
}

/** Whether a role in the branch (and, for an organisation's admin, that too) may make a call of the table. */
export function mayCall(role: Role | undefined, route: RouteKey, organizationAdmin = false): boolean {
  const roles = ROUTE_ROLES[route] as readonly RouteRole[];
  return (role !== undefined && roles.includes(role)) || (organizationAdmin && roles.includes(ORG_ADMIN));
}
