/** What the login page congratulates the user on after the sign-up or password-reset flow sends them there. */
export type AuthNotice = "signed-up" | "password-reset" | "invitation-accepted";

export const AUTH_NOTICE_MESSAGES: Record<AuthNotice, string> = {
  "signed-up": "アカウントの登録が完了しました。ログインしてください。",
  "password-reset": "パスワードを再設定しました。新しいパスワードでログインしてください。",
  "invitation-accepted": "パスワードを設定しました。メールアドレスと新しいパスワードでログインしてください。",
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
