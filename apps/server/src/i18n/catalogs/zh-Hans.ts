import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "受理号 {number}",
  numberOtherDay: "{date, date, ::MMMdEEE}的受理号 {number}",
  readyTitle: "您的药可以领取了",
  readyBody: "{label}的药已准备好。请在药房窗口告知您的受理号。",
  readyDeliveredTitle: "您的药已准备好",
  readyDeliveredBody: "{label}的药已准备好。关于配送，药房会与您联系。",
  calledTitle: "正在叫号",
  calledBody: "{label}，您的药已准备好。请到取药窗口领取。",
  photoTitle: "请重新发送处方照片",
  photoBody: "{label}：{reason}。请在受理状态页面发送新的照片。",
  photoReasonBlurry: "照片没有对准焦点",
  photoReasonCutOff: "处方有一部分没有拍到",
  photoReasonGlare: "反光导致无法辨认",
  photoReasonWrongDocument: "拍到的不是处方",
  photoReasonOther: "其他原因",
  pushTitle: "{title}（{pharmacy}）",
  noticeMailSubject: "【{pharmacy}】{title}（{label}）",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "您可以在以下页面查看受理状态：\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "此邮件由系统发出，请勿直接回复。本邮件发送至您在网上受理时填写的邮箱地址。\n" +
    "药品交付时（最迟在预定取药日的{days}天后），该邮箱地址将被删除。",
  lineNotice: "【{pharmacy}】{title}\n{body}",
  lineLinked: "我们将通过LINE向您发送{label}的通知。",
  lineCodeRefused: "此代码无法使用（已过期或已被使用）。请在受理状态页面点击“通过LINE接收通知”后重试。",
  lineTooManyLinks: "此受理无法再关联更多LINE账号。",
  followUpTitle: "用药后身体状况确认",
  followUpBody: "这里是{pharmacy}。请回答几个关于您开始用药以来身体状况的简单问题（约1分钟）。",
  mailSubject: "【{pharmacy}】{title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "此链接{days}天内有效，回答只能提交一次。\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "此邮件由系统发出，请勿直接回复。本邮件发送给在领药时同意接受身体状况回访的患者。\n" +
    "回访结束后，该邮箱地址将被删除。",
  followUpLine: "【{pharmacy}】想了解一下您开始用药以来的身体状况，只有几个问题，约1分钟即可答完。\n\n{link}",
  refillTitle: "下次取药受理通知",
  refillBody: "这里是{pharmacy}。您下次的药（{window}）现在可以受理了。请通过下方链接发送处方照片办理受理。",
  refillWindowDay: "{from, date, ::MMMd}",
  refillWindowRange: "{from, date, ::MMMd}至{to, date, ::MMMd}",
  refillMailText:
    "{body}\n\n{link}\n\n──────────\n{pharmacy}\n此邮件由系统发出，请勿直接回复。本邮件发送给同意接收下次取药通知的患者。",
  refillLine: "【{pharmacy}】您下次取药的时间快到了（{from, date, ::MMMdEEE}起）。下次的受理可以从这里发送。\n\n{link}",
} satisfies Catalog;
