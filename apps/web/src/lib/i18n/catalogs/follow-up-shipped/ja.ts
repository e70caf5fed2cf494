/**
 * The questions of the shipped follow-up templates (SHIPPED_FOLLOW_UP_TEMPLATES in the contract) by key,
 * with their options by value, for the patient page to say in the patient's language while a branch
 * keeps the shipped wording (`shippedWordingOf`). The Japanese is the shipped text itself, letter for
 * letter (follow-up-wording.test.ts); every other language says the same question as a pharmacist would.
 */
export const followUpShipped = {
  condition: {
    text: "お薬を飲み始めてから、体調はいかがですか",
    options: { better: "良くなった", same: "変わらない", worse: "悪くなった" },
  },
  sideEffects: {
    text: "お薬を飲み始めてから気になる症状はありますか（あてはまるものすべて）",
    options: {
      rash: "発疹・かゆみ",
      stomach: "胃の不快感・吐き気",
      dizziness: "めまい・ふらつき",
      sleepy: "眠気",
      bowel: "便秘・下痢",
      other: "その他",
    },
  },
  missedDoses: {
    text: "お薬の飲み忘れはありますか",
    options: { none: "ない", sometimes: "ときどきある", often: "よくある" },
  },
  leftover: { text: "飲み残しのお薬はありますか" },
  questions: { text: "お薬について気になること・ご質問があればご記入ください" },
  callRequest: { text: "薬剤師からの電話を希望しますか" },
  takingAsDirected: { text: "新しいお薬を指示どおりに飲めていますか" },
  sideEffect: { text: "新しいお薬を飲み始めてから、いつもと違う症状はありますか" },
  inhalerUse: { text: "吸入器を説明どおりに使えていますか" },
  breathing: {
    text: "息苦しさ・せきはいかがですか",
    options: { better: "楽になった", same: "変わらない", worse: "悪くなった" },
  },
  gargle: { text: "吸入のあとにうがいをしていますか" },
  inhalerSymptoms: {
    text: "気になる症状はありますか（あてはまるものすべて）",
    options: { hoarse: "声がかれる", throat: "のどの違和感", palpitation: "動悸", other: "その他" },
  },
  bleeding: {
    text: "出血の症状はありますか（あてはまるものすべて）",
    options: {
      gums: "歯ぐきからの出血",
      nose: "鼻血が止まりにくい",
      bruise: "あざができやすい",
      blackStool: "黒い便・血尿",
    },
  },
  otherMedicine: { text: "ほかの病院のお薬や市販薬・サプリメントを新しく始めましたか" },
  surgery: { text: "手術や抜歯の予定はありますか" },
  hypoglycemia: { text: "低血糖の症状（ふるえ、冷や汗、強い空腹感）はありましたか" },
  meals: { text: "食事をとれないことはありましたか" },
};

export type FollowUpShippedCatalog = typeof followUpShipped;
