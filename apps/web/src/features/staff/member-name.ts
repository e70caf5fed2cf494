import type { StaffMember } from "@pharmacy/contract/auth/staff";

/** How a sentence names a person: their name, or their e-mail while they have none. */
export const nameOf = (member: StaffMember) => member.name || member.email;
