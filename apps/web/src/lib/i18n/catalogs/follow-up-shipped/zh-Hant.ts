import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "開始服藥以來，您的身體狀況如何？",
    options: { better: "好轉了", same: "沒有變化", worse: "變差了" },
  },
  sideEffects: {
    text: "開始服藥以來，是否出現以下不適症狀？（可複選）",
    options: {
      rash: "皮疹、搔癢",
      stomach: "胃部不適、噁心",
      dizziness: "頭暈、站不穩",
      sleepy: "嗜睡",
      bowel: "便秘、腹瀉",
      other: "其他",
    },
  },
  missedDoses: {
    text: "您是否有忘記服藥的情況？",
    options: { none: "沒有", sometimes: "有時會忘", often: "經常忘" },
  },
  leftover: { text: "您手邊是否有吃剩的藥？" },
  questions: { text: "如果對藥物有任何擔心或疑問，請填寫在這裡。" },
  callRequest: { text: "您希望藥師打電話給您嗎？" },
  takingAsDirected: { text: "新開的藥您能依照醫囑服用嗎？" },
  sideEffect: { text: "開始服用新藥以來，是否出現與平常不同的症狀？" },
  inhalerUse: { text: "您能依照說明正確使用吸入器嗎？" },
  breathing: {
    text: "呼吸困難、咳嗽的情況如何？",
    options: { better: "舒緩了", same: "沒有變化", worse: "變差了" },
  },
  gargle: { text: "使用吸入藥後您有漱口嗎？" },
  inhalerSymptoms: {
    text: "是否出現以下不適症狀？（可複選）",
    options: { hoarse: "聲音沙啞", throat: "喉嚨不適", palpitation: "心悸", other: "其他" },
  },
  bleeding: {
    text: "是否有以下出血症狀？（可複選）",
    options: { gums: "牙齦出血", nose: "流鼻血不易止住", bruise: "容易瘀青", blackStool: "黑便、血尿" },
  },
  otherMedicine: { text: "您最近是否開始服用其他醫院開的藥、成藥或保健食品？" },
  surgery: { text: "近期是否有手術或拔牙的計畫？" },
  hypoglycemia: { text: "是否出現過低血糖症狀（手抖、冒冷汗、強烈的飢餓感）？" },
  meals: { text: "是否有吃不下飯的時候？" },
};
