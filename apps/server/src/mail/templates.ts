import type { OutgoingMail } from "./mailer.js";

const SIGNATURE =
  "\n\n──────────\n薬局受付システム\nこのメールは送信専用です。お心当たりのない場合は破棄してください。";

export function signUpCodeMail(to: string, code: string): OutgoingMail {
  return {
    to,
    subject: "【薬局受付】メールアドレスの確認コード",
    text:
      `薬局受付システムへのご登録ありがとうございます。\n\n` +
      `確認コード: ${code}\n\n` +
      `登録画面にこの6桁のコードを入力して、登録を完了してください。\n` +
      `このコードの有効期限は24時間です。${SIGNATURE}`,
    developmentHint: `sign-up code ${code}`,
  };
}

/** A resent sign-up code: the password given at sign-up no longer counts (it may not have been the owner's). */
export function resentSignUpCodeMail(to: string, code: string): OutgoingMail {
  return {
    to,
    subject: "【薬局受付】メールアドレスの確認コード（再送信）",
    text:
      `確認コードを再送信しました。\n\n` +
      `確認コード: ${code}\n\n` +
      `登録画面にこの6桁のコードと新しいパスワードを入力して、登録を完了してください。\n` +
      `安全のため、登録時に入力されたパスワードは無効になりました。\n` +
      `このコードの有効期限は24時間です。${SIGNATURE}`,
    developmentHint: `sign-up code ${code}`,
  };
}

export function passwordResetCodeMail(to: string, code: string): OutgoingMail {
  return {
    to,
    subject: "【薬局受付】パスワード再設定の確認コード",
    text:
      `パスワード再設定のお申し込みを受け付けました。\n\n` +
      `確認コード: ${code}\n\n` +
      `パスワード再設定画面にこの6桁のコードと新しいパスワードを入力してください。\n` +
      `このコードの有効期限は1時間です。${SIGNATURE}`,
    developmentHint: `password reset code ${code}`,
  };
}

export function invitationMail(to: string, pharmacyName: string, link: string): OutgoingMail {
  const branch = pharmacyName || "薬局";
  return {
    to,
    subject: `【薬局受付】${branch}からの招待`,
    text:
      `${branch}の薬局受付システムに招待されました。\n\n` +
      `次のリンクを開いてパスワードを設定すると、ログインできるようになります。\n${link}\n\n` +
      `このリンクの有効期限は72時間です。一度だけ使えます。${SIGNATURE}`,
    developmentHint: `invitation ${link}`,
  };
}
