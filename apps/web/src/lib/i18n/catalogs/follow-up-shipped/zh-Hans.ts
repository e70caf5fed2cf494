import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "开始服药以来，您的身体状况怎么样？",
    options: { better: "好转了", same: "没有变化", worse: "变差了" },
  },
  sideEffects: {
    text: "开始服药以来，有没有出现以下不适症状？（可多选）",
    options: {
      rash: "皮疹、瘙痒",
      stomach: "胃部不适、恶心",
      dizziness: "头晕、站不稳",
      sleepy: "犯困",
      bowel: "便秘、腹泻",
      other: "其他",
    },
  },
  missedDoses: {
    text: "您有没有忘记服药的情况？",
    options: { none: "没有", sometimes: "有时会忘", often: "经常忘" },
  },
  leftover: { text: "您手上有没有吃剩的药？" },
  questions: { text: "如果对药物有任何担心或疑问，请写在这里。" },
  callRequest: { text: "您希望药剂师给您打电话吗？" },
  takingAsDirected: { text: "新开的药您能按照医嘱服用吗？" },
  sideEffect: { text: "开始服用新药以来，有没有出现和平时不一样的症状？" },
  inhalerUse: { text: "您能按照说明正确使用吸入器吗？" },
  breathing: {
    text: "气短、咳嗽的情况怎么样？",
    options: { better: "轻松了", same: "没有变化", worse: "变差了" },
  },
  gargle: { text: "使用吸入药后您有漱口吗？" },
  inhalerSymptoms: {
    text: "有没有出现以下不适症状？（可多选）",
    options: { hoarse: "声音嘶哑", throat: "喉咙不适", palpitation: "心悸", other: "其他" },
  },
  bleeding: {
    text: "有没有以下出血症状？（可多选）",
    options: { gums: "牙龈出血", nose: "流鼻血不容易止住", bruise: "容易出现淤青", blackStool: "黑便、血尿" },
  },
  otherMedicine: { text: "您最近有没有开始服用其他医院开的药、非处方药或保健品？" },
  surgery: { text: "近期有没有手术或拔牙的安排？" },
  hypoglycemia: { text: "有没有出现过低血糖症状（手抖、出冷汗、强烈的饥饿感）？" },
  meals: { text: "有没有吃不下饭的时候？" },
};
