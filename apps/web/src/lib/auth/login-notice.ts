/**
 * What the login page tells the user when a flow sends them there: what they did (sign-up, password reset,
 * invitation), or why a signed-in screen was sent back to it (its session was ended elsewhere).
 */
export type AuthNotice = "signed-up" | "password-reset" | "invitation-accepted" | "session-ended";

export const AUTH_NOTICE_MESSAGES: Record<AuthNotice, string> = {
  "signed-up": "アカウントの登録が完了しました。ログインしてください。",
  "password-reset": "パスワードを再設定しました。新しいパスワードでログインしてください。",
  "invitation-accepted": "パスワードを設定しました。メールアドレスと新しいパスワードでログインしてください。",
  "session-ended":
    "ログインが終了しました。パスワードの再設定や権限の変更、ほかの画面でのログアウトがあったか、ログインの期限が切れたためです。もう一度ログインしてください。",
};

const NOTICE_KEY = "auth_notice";

// In this tab's session storage rather than the URL, so a reload or a shared link does not repeat it.
export function leaveNoticeForLogin(notice: AuthNotice): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, notice);
  } catch {
    // Private modes may refuse storage: the login page then simply shows no notice.
  }
}

/** The notice left for the login page, once: read and forgotten. */
export function takeLoginNotice(): AuthNotice | undefined {
  try {
    const notice = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return notice !== null && notice in AUTH_NOTICE_MESSAGES ? (notice as AuthNotice) : undefined;
  } catch {
    return undefined;
  }
}
