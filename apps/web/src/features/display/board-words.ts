/**
 * The board's fixed words in Japanese and, smaller beside them, English (docs/rules.md#every-patient): the
 * waiting room reads one screen whatever each patient's language. The numbers need no translation.
 */
export const BOARD_WORDS = {
  preparing: { ja: "調剤中", en: "Preparing" },
  ready: { ja: "お薬をお渡しできます", en: "Ready for pickup" },
  emptyReady: { ja: "お渡しできる番号が表示されます", en: "Numbers ready for pickup appear here" },
  comeWhenShown: {
    ja: "番号が表示されたら、お渡し口へお越しください",
    en: "When your number appears, please come to the pickup counter",
  },
  waitEstimate: { ja: "ただいまの待ち時間の目安", en: "Estimated wait" },
  reconnecting: { ja: "再接続中", en: "Reconnecting" },
} as const;

/** 「約15分」 and "about 15 min". */
export function waitMinutesWords(minutes: number): { ja: string; en: string } {
  return { ja: `約${minutes}分`, en: `about ${minutes} min` };
}
