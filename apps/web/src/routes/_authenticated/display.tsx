import { createFileRoute } from "@tanstack/react-router";
import { useAppSelector } from "../../lib/store/store-hooks";
import { ButtonLink } from "../../components/button-link";
import { RoleGate } from "../../components/role-gate";
import { StaffExitButton } from "../../features/auth/components/staff-exit-button";
import { DisplayPage } from "../../features/display/components/display-page";
import { selectUser } from "../../lib/auth/session";

export const Route = createFileRoute("/_authenticated/display")({
  component: DisplayRoute,
});

/** The calling display: the display device's own screen, and a preview for staff (who leave it by a link). */
function DisplayRoute() {
  const role = useAppSelector(selectUser)?.role;
  return (
    <RoleGate capability="display" deviceExit={<StaffExitButton />}>
      <DisplayPage
        exit={
          role === "display" ? (
            <StaffExitButton device="display" />
          ) : (
            <ButtonLink to="/" type="text" size="small">
              受付一覧に戻る
            </ButtonLink>
          )
        }
      />
    </RoleGate>
  );
}
