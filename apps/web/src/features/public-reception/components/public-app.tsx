import { PublicMessagePage } from "./public-message-page";
import { PublicReceptionPage } from "./public-reception-page";
import { ReceptionStatusPage } from "./reception-status-page";

/** The patient entry's two pages, chosen from the address: /web/{publicSlug} and /web/status/{statusToken}. */
export function publicRouteOf(pathname: string): { page: "reception"; publicSlug: string } | { page: "status"; statusToken: string } | undefined {
  const status = /^\/web\/status\/([^/]+)\/?$/.exec(pathname);
  if (status) return { page: "status", statusToken: decodeURIComponent(status[1]!) };
  const reception = /^\/web\/([^/]+)\/?$/.exec(pathname);
  if (reception && reception[1] !== "status") return { page: "reception", publicSlug: decodeURIComponent(reception[1]!) };
  return undefined;
}

export function PublicApp() {
  const route = publicRouteOf(location.pathname);
  if (route?.page === "reception") return <PublicReceptionPage publicSlug={route.publicSlug} />;
  if (route?.page === "status") return <ReceptionStatusPage statusToken={route.statusToken} />;
  return (
    <PublicMessagePage title="このページは見つかりません">
      <p>URLに誤りがある可能性があります。薬局に掲示されているQRコードから開き直してください。</p>
    </PublicMessagePage>
  );
}
