/**
 * What a patient reads in the notices about their reception, in Japanese: the source every other
 * language's catalog has the same keys and placeholders as (ICU MessageFormat; `{date, date, ::MMMdEEE}`
 * writes a business day in the language, Tokyo time). Only the reception number and the branch's name
 * identify anyone: never a name, phone, answer or medicine (a phone's lock screen shows the push).
 */
export const messages = {
  numberToday: "受付番号 {number}",
  numberOtherDay: "{date, date, ::MMMdEEE}の受付番号 {number}",

  readyTitle: "お薬をお渡しできます",
  readyBody: "{label}番のお薬の準備ができました。薬局の窓口で受付番号をお伝えください。",
  readyDeliveredTitle: "お薬の準備ができました",
  readyDeliveredBody: "{label}番のお薬の準備ができました。お届けについては薬局からご連絡します。",
  calledTitle: "お呼びしています",
  calledBody: "{label}番の方、お薬のご用意ができました。お渡し口までお越しください。",
  photoTitle: "処方箋の写真をもう一度お送りください",
  photoBody: "{label}番：{reason}。受付状況のページから新しい写真を送ってください。",
  photoReasonBlurry: "ピントが合っていません",
  photoReasonCutOff: "処方箋の一部が写っていません",
  photoReasonGlare: "光が反射して読み取れません",
  photoReasonWrongDocument: "処方箋ではない書類が写っています",
  photoReasonOther: "その他の理由",

  pushTitle: "{title}（{pharmacy}）",
  noticeMailSubject: "【{pharmacy}】{title}（{label}）",
  noticeMailText:
    "{body}\n\n受付状況は次のページでご確認いただけます。\n{link}\n\n──────────\n{pharmacy}\n" +
    "このメールは送信専用です。Web受付でご入力いただいたメールアドレスにお送りしています。\n" +
    "お薬をお渡しした時点で（遅くともお受け取り予定日の{days}日後に）、このアドレスは削除されます。",

  lineNotice: "【{pharmacy}】{title}\n{body}",
  lineLinked: "{label} のお知らせをLINEでお送りします",
  lineCodeRefused:
    "このコードは使えません（有効期限が過ぎたか、すでに使われています）。受付状況のページの「LINEで通知を受け取る」からもう一度お試しください。",
  lineTooManyLinks: "この受付には、これ以上LINEを連携できません。",

  followUpTitle: "お薬の体調確認のお願い",
  followUpBody:
    "{pharmacy}です。お薬を飲み始めてからの体調について、かんたんな質問にお答えください（1分ほどで終わります）。",
  mailSubject: "【{pharmacy}】{title}",
  followUpMailText:
    "{body}\n\n{link}\n\nこのリンクは{days}日間有効で、回答は1回だけ送れます。\n──────────\n{pharmacy}\n" +
    "このメールは送信専用です。お薬をお渡しした際に、体調確認の連絡にご同意いただいた方にお送りしています。\n" +
    "フォローアップが終わると、このメールアドレスは削除されます。",
  followUpLine:
    "【{pharmacy}】お薬をお使いになってからの体調について、いくつかお伺いします。1分ほどで答えられます。\n\n{link}",

  refillTitle: "次回のお薬の受付のご案内",
  refillBody:
    "{pharmacy}です。次回のお薬（{window}）の受付ができます。下のリンクから処方箋の写真を送って受付できます。",
  refillWindowDay: "{from, date, ::MMMd}",
  refillWindowRange: "{from, date, ::MMMd}〜{to, date, ::MMMd}",
  refillMailText:
    "{body}\n\n{link}\n\n──────────\n{pharmacy}\n" +
    "このメールは送信専用です。次回のお薬のご案内にご同意いただいた方にお送りしています。",
  refillLine:
    "【{pharmacy}】次回のお薬のお受け取りの時期が近づいています（{from, date, ::MMMdEEE}から）。次の受付はこちらから送れます。\n\n{link}",
} as const;

export type MessageKey = keyof typeof messages;
/** Every language's catalog: every key, no other. */
export type Catalog = Record<MessageKey, string>;
