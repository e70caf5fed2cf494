import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "受理號碼 {number}",
  numberOtherDay: "{date, date, ::MMMdEEE}的受理號碼 {number}",
  readyTitle: "您的藥可以領取了",
  readyBody: "{label}的藥已準備好。請至藥局櫃檯告知您的受理號碼。",
  readyDeliveredTitle: "您的藥已準備好",
  readyDeliveredBody: "{label}的藥已準備好。關於配送，藥局將與您聯絡。",
  calledTitle: "正在叫號",
  calledBody: "{label}，您的藥已準備好。請至領藥櫃檯領取。",
  photoTitle: "請重新傳送處方箋照片",
  photoBody: "{label}：{reason}。請從受理狀態頁面傳送新的照片。",
  photoReasonBlurry: "照片沒有對焦",
  photoReasonCutOff: "處方箋有一部分沒有拍到",
  photoReasonGlare: "反光導致無法辨識",
  photoReasonWrongDocument: "拍到的不是處方箋",
  photoReasonOther: "其他原因",
  pushTitle: "{title}（{pharmacy}）",
  noticeMailSubject: "【{pharmacy}】{title}（{label}）",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "您可以在以下頁面查看受理狀態：\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "此郵件由系統寄出，請勿直接回覆。本郵件寄至您在網路受理時填寫的電子郵件地址。\n" +
    "藥品交付時（最遲在預定領藥日的{days}天後），此電子郵件地址將被刪除。",
  lineNotice: "【{pharmacy}】{title}\n{body}",
  lineLinked: "我們將透過LINE傳送{label}的通知。",
  lineCodeRefused: "此代碼無法使用（已過期或已使用過）。請從受理狀態頁面的「透過LINE接收通知」再試一次。",
  lineTooManyLinks: "此受理無法再連結更多LINE帳號。",
  followUpTitle: "用藥後身體狀況確認",
  followUpBody: "這裡是{pharmacy}。請回答幾個關於您開始用藥以來身體狀況的簡單問題（約1分鐘）。",
  mailSubject: "【{pharmacy}】{title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "此連結{days}天內有效，回答只能送出一次。\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "此郵件由系統寄出，請勿直接回覆。本郵件寄給在領藥時同意接受身體狀況追蹤聯絡的患者。\n" +
    "追蹤結束後，此電子郵件地址將被刪除。",
  followUpLine: "【{pharmacy}】想了解您開始用藥以來的身體狀況，只有幾個問題，約1分鐘即可完成。\n\n{link}",
  refillTitle: "下次領藥受理通知",
  refillBody: "這裡是{pharmacy}。您下次的藥（{window}）現在可以受理了。請從下方連結傳送處方箋照片辦理受理。",
  refillWindowDay: "{from, date, ::MMMd}",
  refillWindowRange: "{from, date, ::MMMd}至{to, date, ::MMMd}",
  refillMailText:
    "{body}\n\n{link}\n\n──────────\n{pharmacy}\n此郵件由系統寄出，請勿直接回覆。本郵件寄給同意接收下次領藥通知的患者。",
  refillLine: "【{pharmacy}】您下次領藥的時間快到了（{from, date, ::MMMdEEE}起）。下次的受理可以從這裡送出。\n\n{link}",
} satisfies Catalog;
