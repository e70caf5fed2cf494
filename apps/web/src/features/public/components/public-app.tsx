import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { FollowUpPage } from "./follow-up-page";
import { PublicMessagePage } from "./public-message-page";
import { PublicReceptionPage } from "./public-reception-page";
import { ReceptionStatusPage } from "./reception-status-page";

type PublicRoute =
  | { page: "reception"; publicSlug: string }
  | { page: "status"; statusToken: string }
  | { page: "followUp"; token: string };

/** The patient entry's pages, chosen from the address: /web/{publicSlug}, /web/status/{statusToken} and /web/follow-up/{token}. */
export function publicRouteOf(pathname: string): PublicRoute | undefined {
  const followUp = /^\/web\/follow-up\/([^/]+)\/?$/.exec(pathname);
  if (followUp) return { page: "followUp", token: decodeURIComponent(followUp[1]!) };
  const status = /^\/web\/status\/([^/]+)\/?$/.exec(pathname);
  if (status) return { page: "status", statusToken: decodeURIComponent(status[1]!) };
  const reception = /^\/web\/([^/]+)\/?$/.exec(pathname);
  if (reception && reception[1] !== "status")
    return { page: "reception", publicSlug: decodeURIComponent(reception[1]!) };
  return undefined;
}

export function PublicApp() {
  const { t, r } = usePatientText();
  const route = publicRouteOf(location.pathname);
  if (route?.page === "reception") return <PublicReceptionPage publicSlug={route.publicSlug} />;
  if (route?.page === "status") return <ReceptionStatusPage statusToken={route.statusToken} />;
  if (route?.page === "followUp") return <FollowUpPage token={route.token} />;
  return (
    <PublicMessagePage title={t("common.notFoundTitle")}>
      <p>{r("common.notFoundBody")}</p>
    </PublicMessagePage>
  );
}
