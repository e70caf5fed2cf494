import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import type { QuestionWarning } from "./question-settings";

/** When a conditional question shows (QUESTION_CONDITIONS of the contract), in the staff's words. */
export const CONDITION_NOTES: Partial<Record<QuestionKey, string>> = {
  verifyMethod: "処方箋の種類で「電子処方箋」を選んだときだけ表示",
  questionnaireType: "当薬局のご利用が「初めて」のときだけ表示",
  returnDate: "受け取り方法で「後で取りに来る」を選んだときだけ表示",
  returnTimePeriod: "受け取り方法で「後で取りに来る」を選んだときだけ表示",
};

/** Where the answers of a question come from, when not a fixed list. */
export const CHOICE_NOTES: Partial<Record<QuestionKey, string>> = {
  questionnaireType: "「Web」を選ぶと、Web問診票のリンクとQRコードを表示します",
  receiveMethod: "選択肢は「一般設定」で有効にした受け取り方法です",
  returnDate: "営業時間の設定から、本日から30日以内の営業日を表示します",
  returnTimePeriod: "選んだ日の営業時間帯を表示します",
};

export const QUESTION_WARNINGS: Record<QuestionWarning, Partial<Record<QuestionKey, string>>> = {
  "dependency-disabled": {
    verifyMethod: "「処方箋の種類」の質問がオフのため、この質問は表示されません。",
    questionnaireType: "「初回利用」の質問がオフのため、この質問は表示されません。",
    returnDate: "「受け取り方法」の質問がオフのため、この質問は表示されません。",
    returnTimePeriod: "「受け取り方法」の質問がオフのため、この質問は表示されません。",
  },
  "before-dependency": {
    verifyMethod: "「処方箋の種類」より後に並べてください。前にあると表示されません。",
    questionnaireType: "「初回利用」より後に並べてください。前にあると表示されません。",
    returnDate: "「受け取り方法」より後に並べてください。前にあると表示されません。",
    returnTimePeriod: "「受け取り方法」より後に並べてください。前にあると表示されません。",
  },
};

export const UNSAVED_CHANGES_MESSAGE = "保存していない変更があります";
