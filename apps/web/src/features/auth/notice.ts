/** What the login page congratulates the user on after the sign-up or password-reset flow sends them there. */
export type AuthNotice = "signed-up" | "password-reset" | "invitation-accepted";

export const AUTH_NOTICE_MESSAGES: Record<AuthNotice, string> = {
  "signed-up": "アカウントの登録が完了しました。ログインしてください。",
  "password-reset": "パスワードを再設定しました。新しいパスワードでログインしてください。",
  "invitation-accepted": "パスワードを設定しました。メールアドレスと新しいパスワードでログインしてください。",
};

// Carried in history state rather than the URL, so a reload or a shared link does not repeat it.
declare module "@tanstack/react-router" {
  interface HistoryState {
    authNotice?: AuthNotice;
  }
}
