import { textSchema } from "../shared/text.js";

/** Long enough for a full 利用目的 with its contact point, short enough to read on a phone. */
export const PRIVACY_NOTICE_MAX = 4000;

/**
 * The 利用目的 every public page shows until the branch's admin edits it (docs/rules.md#notice-and-consent):
 * what the photo and the contact data are used for, how long they are kept, and whom to ask
 * (個人情報保護法 第21条 purposes made known before the data is taken; 第32〜34条 disclosure, correction, stopping use).
 */
export const DEFAULT_PRIVACY_NOTICE = `個人情報の利用目的について

当薬局は、このWeb受付でお預かりする個人情報を、個人情報の保護に関する法律（個人情報保護法）および関係ガイドラインに従い、次の目的にのみ利用します。

1. 処方箋の写真（処方箋に記載された氏名・生年月日・保険情報・処方内容などを含みます）
・お薬の調剤の準備と、処方内容の確認（処方元の医療機関への問い合わせを含みます）
・処方箋の原本をお持ちいただいたときの照合
処方内容は法律上「要配慮個人情報」にあたるため、写真の送信にはご本人（またはご家族など代理の方）の同意をいただいています。

2. お名前（フリガナ）・電話番号・メールアドレス
・お薬の準備ができたことや、写真の撮り直しのお願いなど、この受付に関するご連絡
・服薬後の体調確認（ご希望いただいた場合のみ）

保存期間
・処方箋の写真は、お薬のお渡し後90日で削除します（受付が確定しなかった場合は直ちに削除します）。
・連絡先は、お渡しから14日後に削除します（体調確認をご希望の場合は、その連絡が終わるまで保存します）。
・調剤の記録は、法令で定められた期間保存します。

第三者への提供
法令に基づく場合を除き、ご本人の同意なく第三者に提供することはありません。

開示・訂正・利用停止などのご請求、お問い合わせ
保有している個人情報の開示、訂正、削除、利用停止のご請求や、お問い合わせは、当薬局の窓口（店頭、またはこのページに記載の電話番号）までお申し出ください。ご本人であることを確認のうえ対応します。`;

export const PrivacyNoticeSchema = textSchema("個人情報の利用目的を入力してください")
  .trim()
  .min(1, "個人情報の利用目的を入力してください")
  .max(PRIVACY_NOTICE_MAX, `個人情報の利用目的は${PRIVACY_NOTICE_MAX}文字以内で入力してください`);
