import { useNavigate, useRouter } from "@tanstack/react-router";
import { Layout } from "antd";
import { useEffect, useRef, type ReactNode } from "react";
import { useDispatch, useSelector } from "react-redux";
// Sets dayjs's locale to ja for every signed-in screen (antd's date pickers read it); kept out of the login entry.
import "../../../lib/dayjs";
import { reset, selectAuthenticated, selectUser } from "../../../lib/session";
import { getRefreshToken } from "../../../lib/token-storage";
import { useGetPharmacyQuery } from "../../../lib/pharmacy-api";
import { useSignOutMutation } from "../api";
import { AppHeader } from "./app-header";
import styles from "./app-shell.module.css";

/** The signed-in frame: header with branch name, settings and sign-out, and the page below. */
export function AppShell({ children }: { children: ReactNode }) {
  const user = useSelector(selectUser);
  const authenticated = useSelector(selectAuthenticated);
  // /api/pharmacy may answer 404 (no branch details yet): the header then names the account by e-mail.
  const { data: pharmacy } = useGetPharmacyQuery(undefined, { skip: !authenticated });
  const [signOut, { isLoading: signingOut }] = useSignOutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const router = useRouter();
  const signOutRequested = useRef(false);

  // The session can end under this page (a refused token refresh): go to the login and come back after.
  useEffect(() => {
    if (authenticated || signOutRequested.current) return;
    const here = router.state.location.href;
    void navigate({ to: "/login/", search: here === "/" ? {} : { redirect: here }, replace: true });
  }, [authenticated, navigate, router]);

  async function handleSignOut() {
    signOutRequested.current = true;
    const refreshToken = getRefreshToken();
    if (refreshToken) {
      // Best effort: the local sign-out below happens even when the server cannot be reached.
      await signOut({ refreshToken })
        .unwrap()
        .catch(() => undefined);
    }
    dispatch(reset());
    await navigate({ to: "/login/" });
  }

  return (
    <Layout className={styles.layout}>
      <AppHeader
        branchName={pharmacy?.name || user?.email || ""}
        onSignOut={handleSignOut}
        signingOut={signingOut}
      />
      <Layout.Content className={styles.content}>{children}</Layout.Content>
    </Layout>
  );
}
