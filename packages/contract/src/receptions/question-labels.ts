import type { QuestionKey } from "../shared/enums.js";

/** The patient-facing prompt of each question (SPEC section 4) and a short label for lists and the ticket. */
export const QUESTION_TEXT: Record<QuestionKey, { prompt: string; label: string }> = {
  prescriptionType: { prompt: "処方箋の種類を選んでください", label: "処方箋" },
  verifyMethod: { prompt: "本人確認の方法を選んでください", label: "本人確認" },
  firstVisit: { prompt: "当薬局のご利用は初めてですか", label: "初回利用" },
  questionnaireType: { prompt: "問診票の記入方法を選んでください", label: "問診票" },
  medicineNotebook: { prompt: "お薬手帳をお持ちですか", label: "お薬手帳" },
  genericDrug: { prompt: "ジェネリック医薬品を希望しますか", label: "ジェネリック" },
  leftoverMedicine: { prompt: "ご自宅に飲み残しのお薬はありますか", label: "残薬" },
  receiveMethod: { prompt: "お薬の受け取り方法を選んでください", label: "受け取り" },
  returnDate: { prompt: "ご来局予定日を選んでください", label: "来局予定日" },
  returnTimePeriod: { prompt: "ご来局予定の時間帯を選んでください", label: "来局時間帯" },
};

/** Japanese text of each answer value, per question; dates and periods are shown as they are. */
export const ANSWER_LABELS: Partial<Record<QuestionKey, Record<string, string>>> = {
  prescriptionType: {
    Paper: "紙の処方箋",
    Electronic: "電子処方箋",
    Forgot: "処方箋を忘れた",
    DoNotHave: "処方箋を持っていない",
  },
  verifyMethod: { MyNumberCard: "マイナ保険証", InsuranceCard: "資格確認書・保険証" },
  firstVisit: { yes: "はい", no: "いいえ" },
  questionnaireType: { Paper: "紙に記入", Web: "スマートフォンで入力" },
  medicineNotebook: { Paper: "紙", App: "アプリ", None: "持っていない" },
  genericDrug: { Yes: "希望する", No: "希望しない", Consult: "薬剤師に相談したい" },
  leftoverMedicine: { yes: "ある", no: "ない" },
  receiveMethod: { Pharmacy: "店内で待つ", Locker: "ロッカー", Delivery: "配送", ReturnVisit: "後で取りに来る" },
};
