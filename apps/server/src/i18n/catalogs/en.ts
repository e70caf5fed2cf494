import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "reception number {number}",
  numberOtherDay: "reception number {number} of {date, date, ::EEEMMMd}",

  readyTitle: "Your medicine is ready",
  readyBody: "The medicine for {label} is ready. Please tell the pharmacy counter your reception number.",
  readyDeliveredTitle: "Your medicine is ready",
  readyDeliveredBody: "The medicine for {label} is ready. The pharmacy will contact you about the delivery.",
  calledTitle: "We are calling you",
  calledBody: "Your medicine for {label} is ready. Please come to the pickup counter.",
  photoTitle: "Please send a new photo of your prescription",
  photoBody: "For {label}: {reason}. Please send a new photo from your reception status page.",
  photoReasonBlurry: "The photo is out of focus",
  photoReasonCutOff: "Part of the prescription is not in the photo",
  photoReasonGlare: "Light reflection makes it unreadable",
  photoReasonWrongDocument: "The photo shows a document that is not a prescription",
  photoReasonOther: "Another reason",

  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n\nYou can check the status of your reception on this page:\n{link}\n\n──────────\n{pharmacy}\n" +
    "This is a send-only email, sent to the address you entered in the web reception form.\n" +
    "The address is deleted when you receive your medicine (at the latest {days} days after the planned pickup day).",

  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "We will send the notices for {label} on LINE.",
  lineCodeRefused:
    "This code cannot be used (it has expired or has already been used). Please try again from “Get notices on LINE” on your reception status page.",
  lineTooManyLinks: "No more LINE accounts can be linked to this reception.",

  followUpTitle: "How are you feeling with your medicine?",
  followUpBody:
    "This is {pharmacy}. Please answer a few short questions about how you have been feeling since you started your medicine (about 1 minute).",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n\n{link}\n\nThis link is valid for {days} days, and you can send your answers once.\n──────────\n{pharmacy}\n" +
    "This is a send-only email. We send it to patients who agreed, when they received their medicine, to be contacted about how they feel.\n" +
    "When the follow-up is over, this email address is deleted.",
  followUpLine:
    "[{pharmacy}] We would like to ask a few questions about how you have been feeling since you started your medicine. It takes about 1 minute.\n\n{link}",

  refillTitle: "Your next prescription: you can send your reception now",
  refillBody:
    "This is {pharmacy}. You can now send the reception for your next medicine ({window}). Send a photo of your prescription from the link below.",
  refillWindowDay: "{from, date, ::MMMMd}",
  refillWindowRange: "{from, date, ::MMMMd} – {to, date, ::MMMMd}",
  refillMailText:
    "{body}\n\n{link}\n\n──────────\n{pharmacy}\n" +
    "This is a send-only email. We send it to patients who agreed to be told about their next medicine.",
  refillLine:
    "[{pharmacy}] It will soon be time to pick up your next medicine (from {from, date, ::EEEMMMMd}). You can send your next reception here.\n\n{link}",
} satisfies Catalog;
