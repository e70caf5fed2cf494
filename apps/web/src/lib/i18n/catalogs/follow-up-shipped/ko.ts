import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "약을 드시기 시작한 후 몸 상태는 어떠세요?",
    options: { better: "좋아졌어요", same: "변화 없어요", worse: "나빠졌어요" },
  },
  sideEffects: {
    text: "약을 드시기 시작한 후 신경 쓰이는 증상이 있으세요? (해당하는 것 모두 선택)",
    options: {
      rash: "발진·가려움",
      stomach: "속 불편함·메스꺼움",
      dizziness: "어지러움·휘청거림",
      sleepy: "졸음",
      bowel: "변비·설사",
      other: "기타",
    },
  },
  missedDoses: {
    text: "약 드시는 것을 잊을 때가 있으세요?",
    options: { none: "없어요", sometimes: "가끔 있어요", often: "자주 있어요" },
  },
  leftover: { text: "드시지 않고 남은 약이 있으세요?" },
  questions: { text: "약에 대해 걱정되거나 궁금한 점이 있으면 적어 주세요." },
  callRequest: { text: "약사의 전화를 원하세요?" },
  takingAsDirected: { text: "새로 받은 약을 지시대로 드시고 계세요?" },
  sideEffect: { text: "새 약을 드시기 시작한 후 평소와 다른 증상이 있으세요?" },
  inhalerUse: { text: "흡입기를 설명대로 사용하고 계세요?" },
  breathing: {
    text: "숨찬 증상이나 기침은 어떠세요?",
    options: { better: "편해졌어요", same: "변화 없어요", worse: "나빠졌어요" },
  },
  gargle: { text: "흡입 후에 입을 헹구고 가글하고 계세요?" },
  inhalerSymptoms: {
    text: "신경 쓰이는 증상이 있으세요? (해당하는 것 모두 선택)",
    options: { hoarse: "목소리가 쉼", throat: "목이 불편함", palpitation: "가슴 두근거림", other: "기타" },
  },
  bleeding: {
    text: "출혈 증상이 있으세요? (해당하는 것 모두 선택)",
    options: {
      gums: "잇몸 출혈",
      nose: "코피가 잘 멈추지 않음",
      bruise: "멍이 잘 듦",
      blackStool: "검은 변·혈뇨",
    },
  },
  otherMedicine: { text: "다른 병원의 약이나 일반의약품·영양제를 새로 드시기 시작하셨나요?" },
  surgery: { text: "수술이나 발치 예정이 있으세요?" },
  hypoglycemia: { text: "저혈당 증상(떨림, 식은땀, 심한 공복감)이 있으셨나요?" },
  meals: { text: "식사를 못 하신 적이 있으셨나요?" },
};
