/** What an audit entry is about, as the 対象 column names it. */
export const AUDIT_TARGET_TYPE_LABELS: Record<string, string> = {
  reception: "受付",
  file: "ファイル",
  prescription: "処方箋",
  user: "スタッフ",
  device: "端末",
  pharmacy: "店舗情報",
  settings: "設定",
  business_hours: "営業時間",
  follow_up: "フォローアップ",
  care_contact: "体調確認の連絡先",
  follow_up_templates: "フォローアップのテンプレート",
  refill_reminder: "次回調剤のお知らせ",
  retention: "データの保存期間",
};

/** The words the server keeps in an entry's detail (a role, a device's kind, the changed fields), in Japanese. */
const DETAIL_WORDS: Record<string, string> = {
  admin: "管理者",
  staff: "スタッフ",
  counter: "受付端末",
  display: "呼出画面",
  name: "名前",
  role: "権限",
  disabled: "有効・無効",
  postalCode: "郵便番号",
  address: "住所",
  phone: "電話番号",
  fax: "FAX番号",
  notice: "お知らせ",
  receptionStartNumber: "受付開始番号",
  webQuestionnaireUrl: "Web問診票のURL",
  publicSlug: "公開URL",
};

export function auditTargetLabel(type: string): string {
  return AUDIT_TARGET_TYPE_LABELS[type] ?? type;
}

/** 「受付端末」 for "counter", 「名前、権限」 for "name, role"; any other detail (a reception number) as it is. */
export function auditDetailText(detail: string): string {
  const words = detail.split(", ");
  if (!words.every((word) => Object.hasOwn(DETAIL_WORDS, word))) return detail;
  return words.map((word) => DETAIL_WORDS[word]).join("、");
}
