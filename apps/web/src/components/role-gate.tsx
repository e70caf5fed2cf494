import type { ReactNode } from "react";
import { useAppSelector } from "../lib/store/store-hooks";
import { can, type Capability } from "../lib/auth/roles";
import { selectUser } from "../lib/auth/session";
import { Forbidden } from "./forbidden";

interface RoleGateProps {
  capability: Capability;
  /** Offered to a device (kiosk, waiting-room screen) that landed here: the staff sign-in that leaves device mode. */
  deviceExit?: ReactNode;
  children: ReactNode;
}

/** Renders the page only for a role that has the capability; any other role reads why not. */
export function RoleGate({ capability, deviceExit, children }: RoleGateProps) {
  const user = useAppSelector(selectUser);
  const role = user?.role;
  return can(role, capability, user?.organizationAdmin) ? children : <Forbidden role={role} extra={deviceExit} />;
}
