import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "うけつけ番号 {number}",
  numberOtherDay: "{date, date, ::MMMdEEE}の うけつけ番号 {number}",
  readyTitle: "薬を わたす ことが できます",
  readyBody: "{label}番の 薬が できました。薬局の まどぐちで うけつけ番号を 言ってください。",
  readyDeliveredTitle: "薬が できました",
  readyDeliveredBody: "{label}番の 薬が できました。薬を とどける ことは、薬局から れんらくします。",
  calledTitle: "あなたを よんでいます",
  calledBody: "{label}番の 方、薬が できました。薬を わたす まどぐちに 来てください。",
  photoTitle: "しょほうせんの 写真を もう一度 送ってください",
  photoBody: "{label}番：{reason}。うけつけの ページから 新しい 写真を 送ってください。",
  photoReasonBlurry: "写真が ぼやけています",
  photoReasonCutOff: "しょほうせんが ぜんぶ 写っていません",
  photoReasonGlare: "光が 当たって 字が 読めません",
  photoReasonWrongDocument: "しょほうせんでは ない 紙が 写っています",
  photoReasonOther: "ほかの りゆうです",
  pushTitle: "{title}（{pharmacy}）",
  noticeMailSubject: "【{pharmacy}】{title}（{label}）",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "うけつけの ようすは この ページで 見る ことが できます。\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "この メールに 返事は できません。Webうけつけで 書いた メールアドレスに 送っています。\n" +
    "薬を わたした とき、この アドレスは 消します（おそくても 薬を 取りに 来る 日の {days}日あとに 消します）。",
  lineNotice: "【{pharmacy}】{title}\n{body}",
  lineLinked: "{label}の お知らせを LINEで 送ります。",
  lineCodeRefused:
    "この コードは 使えません（時間が すぎたか、もう 使いました）。うけつけの ページの「LINEで 通知を 受け取る」から もう一度 ためしてください。",
  lineTooManyLinks: "この うけつけには、もう LINEを つなぐ ことが できません。",
  followUpTitle: "体の ちょうしを 教えてください",
  followUpBody:
    "{pharmacy}です。薬を のみ始めてから、体の ちょうしは どうですか。かんたんな しつもんに 答えてください（1分ぐらいです）。",
  mailSubject: "【{pharmacy}】{title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "この リンクは {days}日 使えます。答えを 送れるのは 1回だけです。\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "この メールに 返事は できません。薬を もらった とき、「体の ちょうしの れんらくを 受け取る」と 答えた 人に 送っています。\n" +
    "フォローアップが 終わったら、この メールアドレスは 消します。",
  followUpLine:
    "【{pharmacy}】薬を 使い始めてから、体の ちょうしは どうですか。いくつか しつもんが あります。1分ぐらいで 答えられます。\n\n{link}",
  refillTitle: "次の 薬の うけつけの お知らせ",
  refillBody:
    "{pharmacy}です。次の 薬（{window}）の うけつけが できます。下の リンクから しょほうせんの 写真を 送ってください。",
  refillWindowDay: "{from, date, ::MMMd}",
  refillWindowRange: "{from, date, ::MMMd}〜{to, date, ::MMMd}",
  refillMailText:
    "{body}\n\n{link}\n\n──────────\n{pharmacy}\nこの メールに 返事は できません。「次の 薬の お知らせを 受け取る」と 答えた 人に 送っています。",
  refillLine:
    "【{pharmacy}】もうすぐ 次の 薬を 受け取る 時です（{from, date, ::MMMdEEE}から）。次の うけつけは ここから 送れます。\n\n{link}",
} satisfies Catalog;
