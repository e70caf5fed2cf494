import { useNavigate, useRouter } from "@tanstack/react-router";
import { App, Layout, Modal } from "antd";
import { useEffect, useRef, type ReactNode } from "react";
import { useAppDispatch, useAppSelector } from "../../../lib/store/store-hooks";
// Sets dayjs's locale to ja for every signed-in screen (antd's date pickers read it); kept out of the login entry.
import "../../../lib/dates/dayjs";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { reset, selectAuthenticated, selectUser } from "../../../lib/auth/session";
import { getRefreshToken, handOverTokens } from "../../../lib/auth/token-storage";
import { useGetPharmacyQuery } from "../../../lib/pharmacy/pharmacy-api";
import { useCreateDeviceMutation, useSignOutMutation } from "../api";
import { defaultDeviceName } from "../device-name";
import { useFollowSwitchesOfOtherTabs } from "../use-follow-other-tabs";
import { AppHeader } from "./app-header";
import styles from "./app-shell.module.css";

const DEVICE_TEXTS = {
  counter: {
    title: "この端末を受付端末にしますか？",
    content:
      "この端末は患者さんの受付専用になり、受付一覧や設定は表示されなくなります。元に戻すにはスタッフのログインが必要です。",
    ok: "受付端末にする",
  },
  display: {
    title: "この端末を呼出画面にしますか？",
    content: "この端末は待合室の呼出画面専用になります。元に戻すにはスタッフのログインが必要です。",
    ok: "呼出画面にする",
  },
} as const;

/** The signed-in frame: header with branch name, menu and sign-out, and the page below. */
export function AppShell({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  const authenticated = useAppSelector(selectAuthenticated);
  // /api/pharmacy may answer 404 (no branch details yet): the header then names the account by e-mail.
  const { data: pharmacy } = useGetPharmacyQuery(undefined, { skip: !authenticated });
  const [signOut, { isLoading: signingOut }] = useSignOutMutation();
  const [createDevice] = useCreateDeviceMutation();
  const [modal, modalHolder] = Modal.useModal();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const router = useRouter();
  const signOutRequested = useRef(false);
  useFollowSwitchesOfOtherTabs();

  // The session can end under this page (a refused token refresh): go to the login and come back after.
  useEffect(() => {
    if (authenticated || signOutRequested.current) return;
    const here = router.state.location.href;
    void navigate({
      to: "/login/",
      search: here === "/" ? {} : { redirect: here },
      replace: true,
      reloadDocument: true,
    });
  }, [authenticated, navigate, router]);

  async function endSession(refreshToken: string | null) {
    // Best effort: the local sign-out happens even when the server cannot be reached.
    if (refreshToken)
      await signOut({ refreshToken })
        .unwrap()
        .catch(() => undefined);
  }

  function confirmSignOut() {
    // A shared tablet: one stray tap must not sign everybody out.
    modal.confirm({
      title: "ログアウトしますか？",
      content: "この端末でもう一度使うには、メールアドレスとパスワードの入力が必要です。",
      okText: "ログアウト",
      cancelText: "キャンセル",
      centered: true,
      onOk: async () => {
        signOutRequested.current = true;
        await endSession(getRefreshToken());
        dispatch(reset());
        await navigate({ to: "/login/", reloadDocument: true });
      },
    });
  }

  function confirmBecomeDevice(kind: "counter" | "display") {
    const texts = DEVICE_TEXTS[kind];
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: texts.ok,
      cancelText: "キャンセル",
      centered: true,
      onOk: async () => {
        let device;
        try {
          device = await createDevice({ kind, name: defaultDeviceName(kind, new Date()) }).unwrap();
        } catch (caught) {
          modal.error({ title: "端末を登録できませんでした", content: apiErrorMessage(caught), centered: true });
          return;
        }
        signOutRequested.current = true;
        const ownRefreshToken = getRefreshToken();
        // The device token is this browser's refresh token from now on (kept across reloads and
        // restarts); the empty id token makes the next page refresh into the device's session. Ending
        // the person's session closes this page's socket and refuses its calls: handed over first, the
        // storage is out of their reach.
        handOverTokens({ idToken: "", refreshToken: device.deviceToken });
        await endSession(ownRefreshToken);
        // A full reload drops every staff answer (names, the day's list) held in memory.
        window.location.assign("/");
      },
    });
  }

  return (
    <App component={false}>
      <Layout className={styles.layout}>
        {modalHolder}
        <AppHeader
          branchName={pharmacy?.name || user?.email || ""}
          user={user}
          onSignOut={confirmSignOut}
          onBecomeDevice={confirmBecomeDevice}
          signingOut={signingOut}
        />
        <Layout.Content className={styles.content}>{children}</Layout.Content>
      </Layout>
    </App>
  );
}
