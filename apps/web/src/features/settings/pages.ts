/** The settings screens of the staff app, in menu order, with the line the settings home shows. */
export const SETTINGS_PAGES = [
  {
    key: "branch-info",
    to: "/settings/branch-info/",
    title: "店舗情報",
    description: "店舗名・住所・電話番号など、店舗の基本情報を設定します。",
  },
  {
    key: "business-hours",
    to: "/settings/business-hours/",
    title: "営業時間",
    description: "曜日ごとの営業時間と休業日を設定します。",
  },
  {
    key: "general-settings",
    to: "/settings/general-settings/",
    title: "一般設定",
    description: "お薬の受け取り方法や受付票の印刷など、アプリ全体の動作を設定します。",
  },
  {
    key: "questions-reception",
    to: "/settings/questions-reception/",
    title: "受付時の質問",
    description: "店頭で受付するときにお聞きする質問と、その順番を設定します。",
  },
  {
    key: "questions-reserved",
    to: "/settings/questions-reserved/",
    title: "予約来局時の質問",
    description: "Web受付（予約来局）でお聞きする質問と、その順番を設定します。",
  },
  {
    key: "reception-start-number",
    to: "/settings/reception-start-number/",
    title: "受付開始番号",
    description: "毎日の受付番号をいくつから始めるかを設定します。",
  },
  {
    key: "web-questionnaire-link",
    to: "/settings/web-questionnaire-link/",
    title: "Web問診票リンク",
    description: "患者さまに案内するWeb問診票のリンクとQRコードを設定します。",
  },
  {
    key: "follow-up-templates",
    to: "/settings/follow-up-templates/",
    title: "フォローアップの質問票",
    description: "服薬フォローアップで患者さまにお送りする質問と、薬剤師に知らせる回答（要注意）を設定します。",
  },
  {
    key: "line",
    to: "/settings/line/",
    title: "LINE連携",
    description: "薬局のLINE公式アカウントから、患者さまに受付のお知らせを送ります（管理者のみ）。",
  },
  {
    key: "retention",
    to: "/settings/retention/",
    title: "データの保存期間",
    description: "写真・連絡先・フォローアップ・操作履歴を保存する期間と、期限後の自動削除を設定します（管理者のみ）。",
  },
  {
    key: "security",
    to: "/settings/security/",
    title: "二段階認証",
    description: "ログインのときに、パスワードに加えて認証アプリの確認コードを求めるようにします。",
  },
] as const;

export type SettingsPageKey = (typeof SETTINGS_PAGES)[number]["key"];

export const SETTINGS_TITLE = "設定";
