import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { useAppSelector } from "../../lib/store/store-hooks";
import { RoleGate } from "../../components/role-gate";
import { StaffExitButton } from "../../features/auth/components/staff-exit-button";
import { DisplayPage } from "../../features/display/components/display-page";
import { FollowUpsTodayButton } from "../../features/follow-ups/components/follow-ups-today-button";
import { ReceptionFollowUps } from "../../features/follow-ups/components/reception-follow-ups";
import { KioskPage } from "../../features/receptions/kiosk/kiosk-page";
import { ReceptionsPage } from "../../features/receptions/components/receptions-page";
import { RECEPTION_SEARCH_DEFAULTS, ReceptionSearchSchema } from "../../lib/forms/search-params";
import { selectUser } from "../../lib/auth/session";

export const Route = createFileRoute("/_authenticated/")({
  validateSearch: ReceptionSearchSchema,
  // Keep "/" clean: the default showDates=false is implied, not written into the URL.
  search: { middlewares: [stripSearchParams(RECEPTION_SEARCH_DEFAULTS)] },
  component: HomeRoute,
});

/** The counter kiosk's home is its welcome screen, the waiting-room screen's the calling board; a person's is the day's list. */
function HomeRoute() {
  const role = useAppSelector(selectUser)?.role;
  if (role === "counter") return <KioskPage staffCorner={<StaffExitButton />} />;
  if (role === "display") return <DisplayPage exit={<StaffExitButton device="display" />} />;
  return (
    <RoleGate capability="receptions" deviceExit={<StaffExitButton />}>
      <ReceptionsPage
        todayActions={<FollowUpsTodayButton />}
        // 服薬フォローアップ is planned at hand-over: offered once the medicine is ready.
        detailExtra={(reception) => reception.status === "Completed" && <ReceptionFollowUps reception={reception} />}
      />
    </RoleGate>
  );
}
