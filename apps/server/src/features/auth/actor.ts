import type { PersonRow } from "./repository.js";
import { type Actor, personLabel } from "../../lib/actor.js";

/** A person (in one branch) as the audit log names them when no request carries them (sign-in, sign-out, password reset, MFA). */
export function personActor(user: PersonRow): Actor {
  return {
    pharmacyId: user.pharmacy_id,
    name: personLabel(user.name, user.email),
    type: "user",
    id: user.id,
    role: user.role,
  };
}
