import * as z from "./zod.js";
import { echoedString } from "./text.js";
import { formatCalendarDate } from "../calendar/date-labels.js";

/**
 * The most pixels an uploaded image (or one page of a PDF) may have: a 48-megapixel phone photo
 * passes; a small file claiming 16000 × 16000 (a decompression bomb) is refused before it is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** errorCode values of the first catalogue (1007–1011); anything else is shown as the generic message. */
export const ErrorCode = {
  Generic: 1000,
  EmailTaken: 1007,
  WrongCode: 1008,
  CodeExpired: 1009,
  WrongCredentials: 1010,
  NotConfirmed: 1011,
  Forbidden: 1012,
  /** requireMfaForAdmins: an admin without two-factor sign-in may only set it up (and read user/me). */
  MfaSetupRequired: 1013,
  /** The branch would be left without an active admin. */
  LastAdmin: 1014,
  /** A return visit after the last day the prescription whose code was read can be used (docs/rules.md#prescription-data). */
  ReturnDateAfterUsable: 1101,
  /** A status change outside the flow's moves (`STATUS_MOVES` in status-flow.ts), or after hand-over. */
  StatusMoveNotAllowed: 1102,
  /** An image (or a PDF's page) of more than MAX_IMAGE_PIXELS, refused from its header before it is decoded. */
  ImageTooLarge: 1201,
  /** The photo store (the S3 bucket) did not answer (503): nothing was kept, try again later. */
  FileStoreUnavailable: 1202,
  /** A file's row is there but its bytes are not in the store (a bucket or folder emptied by hand, a partial restore). */
  FileBytesMissing: 1203,
  /** Public photos sent without `photoConsent: "true"` (docs/rules.md#notice-and-consent). */
  PhotoConsentRequired: 1204,
  /** A follow-up's questionnaire is answered once (docs/rules.md#continuity-of-care). */
  FollowUpAnswered: 1301,
  /** The follow-up link is older than FOLLOW_UP_LINK_VALID_DAYS, or its follow-up is closed. */
  FollowUpLinkExpired: 1302,
  /** An e-mail or push follow-up planned on a reception without that contact (and consent). */
  CareContactMissing: 1303,
  /** A closed follow-up cannot change. */
  FollowUpClosed: 1304,
  /** LINE did not answer the check of a channel being saved (502): nothing was saved, try again later. */
  LineUnreachable: 1401,
  /** A retention period shorter than its kind's legal minimum (`RETENTION_RULES`, docs/rules.md#records-kept-and-deleted). */
  RetentionBelowMinimum: 1501,
  /** A retention period longer than its kind allows (a visitor's contacts: 14 days after the pickup day at most). */
  RetentionAboveMaximum: 1502,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ValidationIssueSchema = z.object({
  path: z.array(z.union([echoedString(), z.number()])),
  message: z.string(),
  code: z.string().optional(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

export const ErrorResponseSchema = z.object({
  errorCode: z.number().int().optional(),
  message: z.string(),
  issues: z.array(ValidationIssueSchema).optional(),
  /** A locked account or address (429): when it opens, so that the screen can say until when. */
  lockedUntil: z.iso.datetime().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Japanese text of each errorCode, shown by the web app and sent by the server as `message`. */
export const ERROR_CODE_MESSAGES: Record<ErrorCode, string> = {
  [ErrorCode.Generic]: "エラーが発生しました。しばらくしてからもう一度お試しください。",
  [ErrorCode.EmailTaken]: "このメールアドレスは既に登録されています。",
  [ErrorCode.WrongCode]: "確認コードが正しくありません。正しいコードを入力してください。",
  [ErrorCode.CodeExpired]: "この確認コードは有効期限が切れています。コードを再送信してください。",
  [ErrorCode.WrongCredentials]: "メールアドレスまたはパスワードが正しくありません。正しい情報を入力してください。",
  [ErrorCode.NotConfirmed]: "メールアドレスの確認が完了していません。確認コードを入力してください。",
  [ErrorCode.Forbidden]: "この操作を行う権限がありません。",
  [ErrorCode.MfaSetupRequired]: "管理者は2段階認証の設定が必要です。先に2段階認証を設定してください。",
  [ErrorCode.LastAdmin]: "有効な管理者がいなくなるため、この変更はできません。",
  [ErrorCode.ReturnDateAfterUsable]: "ご来局予定日が処方箋の使用期限を過ぎています。使用期限までの日を選んでください。",
  [ErrorCode.StatusMoveNotAllowed]:
    "この受付はそのステータスに変更できません。ステータスは先へ進めるか一つ前に戻せます（未確認には戻せず、お渡し済みの受付は変更できません）。",
  [ErrorCode.FollowUpAnswered]: "この質問にはすでにご回答いただいています。",
  [ErrorCode.FollowUpLinkExpired]: "このページの有効期限が切れています。ご不明な点は薬局にお電話ください。",
  [ErrorCode.CareContactMissing]:
    "この連絡方法の連絡先（同意）が登録されていません。先に連絡先を登録するか、電話を選んでください。",
  [ErrorCode.FollowUpClosed]: "このフォローアップは対応済みのため変更できません。",
  [ErrorCode.LineUnreachable]: "LINEに接続できませんでした。しばらくしてからもう一度お試しください。",
  [ErrorCode.RetentionBelowMinimum]:
    "法令で定められた保存期間より短くはできません。最低限の日数以上を入力してください。",
  [ErrorCode.RetentionAboveMaximum]: "この記録はこれより長く保存できません。上限以下の日数を入力してください。",
  [ErrorCode.FileStoreUnavailable]:
    "写真の保存先に接続できないため、写真を保存・表示できません。しばらくしてからもう一度お試しください。",
  [ErrorCode.FileBytesMissing]:
    "この写真のデータが保存先に見つかりません。保存先（バケットまたはフォルダ）の復元が必要です。管理者に連絡してください。",
  [ErrorCode.PhotoConsentRequired]:
    "処方箋の写真を送るには、写真の利用目的への同意が必要です。同意のうえ、もう一度送ってください。",
  [ErrorCode.ImageTooLarge]: `画像の画素数が大きすぎます（${MAX_IMAGE_PIXELS / 10_000}万画素まで）。小さくしてからもう一度送ってください。`,
};

/** The same refusal naming the last usable day ("YYYY-MM-DD"), for the field's own message. */
export function returnDateAfterUsableMessage(usableUntil: string): string {
  return `処方箋の使用期限は${formatCalendarDate(usableUntil)}までです。ご来局予定日はその日までにしてください。`;
}

/** What the server says of a failure of its own (5xx), and the web app of any it gets. */
export const SERVER_ERROR_MESSAGE = "サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。";
/** A body over the server's limit (413). */
export const TOO_LARGE_MESSAGE = "データが大きすぎます。";

/** The 503 of a call made while the database is away (a restart): the server reconnects on its own. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "ただいまデータベースに接続できません。しばらくしてからもう一度お試しください。";

export const TOO_MANY_ATTEMPTS_MESSAGE = "試行回数が上限に達しました。しばらく時間をおいてからもう一度お試しください。";

/** The 429 of a locked account or address, saying until when (Tokyo time, "HH:mm"). */
export function lockedUntilMessage(untilTime: string): string {
  return `試行回数が上限に達しました。${untilTime}以降にもう一度お試しください。`;
}

/** The second factor locked after wrong codes across sign-ins; `until` as "11月27日 09:15" (Tokyo). */
export function secondFactorLockedMessage(until: string): string {
  return `認証コードを続けて間違えたため、二段階認証を${until}まで止めています。それ以降にもう一度お試しください。`;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return Object.values(ErrorCode).includes(value as ErrorCode);
}
