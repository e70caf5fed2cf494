import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "お｜薬《くすり》を ｜飲《の》み ｜始《はじ》めてから、｜体《からだ》の ｜調子《ちょうし》は どうですか",
    options: { better: "よく なった", same: "かわらない", worse: "わるく なった" },
  },
  sideEffects: {
    text: "お｜薬《くすり》を ｜飲《の》み ｜始《はじ》めてから、｜気《き》に なる ことは ありますか（あう もの ぜんぶ）",
    options: {
      rash: "ひふに ぶつぶつが できる・かゆい",
      stomach: "おなかの ｜上《うえ》が ｜気持《きも》ち わるい・はきけ",
      dizziness: "めまい・ふらふら する",
      sleepy: "ねむい",
      bowel: "うんちが ｜出《で》ない・げり",
      other: "そのほか",
    },
  },
  missedDoses: {
    text: "お｜薬《くすり》を ｜飲《の》むのを わすれる ことは ありますか",
    options: { none: "ない", sometimes: "ときどき ある", often: "よく ある" },
  },
  leftover: { text: "｜飲《の》まないで のこって いる お｜薬《くすり》は ありますか" },
  questions: {
    text: "お｜薬《くすり》の ことで ｜気《き》に なる ことや ｜聞《き》きたい ことが あれば ｜書《か》いて ください",
  },
  callRequest: { text: "｜薬剤師《やくざいし》から ｜電話《でんわ》が ほしいですか" },
  takingAsDirected: {
    text: "｜新《あたら》しい お｜薬《くすり》を ｜言《い》われた とおりに ｜飲《の》めて いますか",
  },
  sideEffect: {
    text: "｜新《あたら》しい お｜薬《くすり》を ｜飲《の》み ｜始《はじ》めてから、いつもと ちがう ことは ありますか",
  },
  inhalerUse: {
    text: "｜吸入器《きゅうにゅうき》を ｜教《おし》えて もらった とおりに ｜使《つか》えて いますか",
  },
  breathing: {
    text: "いきが くるしい ことや、せきは どうですか",
    options: { better: "らくに なった", same: "かわらない", worse: "わるく なった" },
  },
  gargle: { text: "｜吸入《きゅうにゅう》の あとに うがいを して いますか" },
  inhalerSymptoms: {
    text: "｜気《き》に なる ことは ありますか（あう もの ぜんぶ）",
    options: {
      hoarse: "こえが かすれる",
      throat: "のどが へんな かんじ",
      palpitation: "むねが どきどき する",
      other: "そのほか",
    },
  },
  bleeding: {
    text: "｜血《ち》が ｜出《で》る ことは ありますか（あう もの ぜんぶ）",
    options: {
      gums: "はぐきから ｜血《ち》が ｜出《で》る",
      nose: "はなぢが なかなか とまらない",
      bruise: "あざが できやすい",
      blackStool: "うんちが くろい・おしっこに ｜血《ち》が まじる",
    },
  },
  otherMedicine: {
    text: "ほかの ｜病院《びょういん》の お｜薬《くすり》や、お｜店《みせ》で ｜買《か》った お｜薬《くすり》・サプリメントを ｜新《あたら》しく ｜飲《の》み ｜始《はじ》めましたか",
  },
  surgery: { text: "｜手術《しゅじゅつ》や、｜歯《は》を ぬく ｜予定《よてい》は ありますか" },
  hypoglycemia: {
    text: "｜血《ち》の ｜中《なか》の ｜糖《とう》が ｜少《すく》なく なった ときの ようす（からだが ふるえる、つめたい あせが ｜出《で》る、とても おなかが すく）は ありましたか",
  },
  meals: { text: "ごはんを ｜食《た》べられない ことは ありましたか" },
};
